// What every part of a year archive writes with: the API client and company, the references' names,
// the ZIP being written, and a spool directory beside it for what must wait its turn in the ZIP.
import type { ApiClient, QueryValue } from '../../api/http.js';
import type { ManifestZipWriter } from '../../zip-manifest.js';
import { csvFormat, recordPages } from '../pipeline/export.js';
import { PLAIN } from '../pipeline/csv-file.js';
import type { CsvMap } from '../pipeline/map.js';
import type { RefResolver } from '../refs.js';

export interface ArchiveContext {
  client: ApiClient;
  company: number;
  companyName: string;
  year: number;
  resolver: RefResolver;
  zip: ManifestZipWriter;
  /** a directory beside the archive, removed when it is done */
  spool: string;
}

type Rec = Record<string, any>;

/** The year's first and last day. */
export const yearSpan = (year: number) => ({ from: `${year}-01-01`, to: `${year}-12-31` });

/**
 * One CSV member with the resource's export columns, written page by page as the pages arrive; `seen`
 * is told of each page (to note what else is needed of the records). Answers the records written.
 */
export async function csvMember(
  ctx: ArchiveContext,
  path: string,
  map: CsvMap,
  query: Record<string, QueryValue>,
  seen?: (records: Rec[]) => void | Promise<void>,
): Promise<number> {
  const format = csvFormat(map, PLAIN, ctx.resolver);
  const member = ctx.zip.open(path);
  member.push(format.head);
  let count = 0;
  for await (const records of recordPages(ctx.client, ctx.company, map, query)) {
    member.push(await format.page(records));
    await seen?.(records);
    count += records.length;
  }
  member.close();
  return count;
}
