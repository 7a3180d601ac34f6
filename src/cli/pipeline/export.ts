// `acct <resource> export [filters] [--out FILE] [--excel]`: every record the list filters choose, as
// the resource's CSV columns (csv.ts of its group), streamed page by page at 100 records a page so that
// memory stays flat whatever the size. Documents are listed as summaries and each is read whole (its
// positions). With --out the file appears complete or not at all (written beside it, then renamed).
import type { ApiClient, QueryValue } from '../../api/http.js';
import { allPages, paginate } from '../../api/paginate.js';
import { UsageError } from '../../errors.js';
import { csvLine } from '../../output/render.js';
import { openSink } from '../fd-output.js';
import { notice, type GlobalOptions } from '../globals.js';
import { RefResolver } from '../refs.js';
import { periodQuery, queryFromFilters } from '../resource/body.js';
import { resolveRefs } from '../resource/run.js';
import { mapConcurrent } from '../shared/concurrent.js';
import { getRecord, plural } from '../shared/existing.js';
import type { FilterFlag } from '../resource/spec.js';
import { withRuntime, type Runtime } from '../runtime.js';
import type { VerbIO } from '../verb.js';
import { exportCell } from './cells.js';
import { EXCEL, PLAIN, type CsvDialect } from './csv-file.js';
import type { CsvMap } from './map.js';

type Rec = Record<string, any>;

export interface ExportOptions {
  out?: string;
  /** --force: replace --out when it exists */
  force?: boolean;
  excel?: boolean;
  /** -o ledger (entries only), moved here by the declaration */
  ledger?: boolean;
  [filter: string]: unknown;
}

/** How many documents are read at once. */
const READ_CONCURRENCY = 8;

/** The export's query: the filter flags (checked before any request), references resolved once the API is there. */
export function filterQuery(
  filters: FilterFlag[],
  options: Rec,
): (resolver: RefResolver) => Promise<Record<string, QueryValue>> {
  const query: Record<string, string | number | boolean> = queryFromFilters(filters, options);
  if (filters.some((f) => f.param === 'from' || f.param === 'to')) periodQuery(query);
  return async (resolver) => {
    await resolveRefs(resolver, filters, query, (f) => (f as FilterFlag).param);
    return query;
  };
}

/**
 * Every record the query chooses, page by page in the list's order (documents read whole): a paginated
 * list through allPages (a few pages asked for at once), an unpaginated one in its single answer.
 */
export async function* recordPages(
  client: ApiClient,
  company: number,
  map: CsvMap,
  query: Record<string, QueryValue>,
): AsyncGenerator<Rec[]> {
  const path = map.paths.list(company);
  const q = { ...map.listQuery, ...query };
  const pages = map.unpaginated ? paginate<Rec>(client, path, { query: q }) : allPages<Rec>(client, path, { query: q });
  for await (const page of pages) yield map.readEach ? await readWhole(client, company, map, page) : page;
}

function readWhole(client: ApiClient, company: number, map: CsvMap, page: Rec[]): Promise<Rec[]> {
  return mapConcurrent(page, READ_CONCURRENCY, (summary) =>
    getRecord(client, map.paths.one(company, Number(summary.id))),
  );
}

/** Checks what the global options say about the format: CSV (the default, -o csv) or, for entries, -o ledger. */
function exportDialect(g: GlobalOptions, options: ExportOptions): CsvDialect {
  if (g.output !== undefined && g.output !== 'csv') {
    throw new UsageError(`export writes CSV: -o ${g.output} is not one of its formats`, [
      'leave out -o (or give -o csv); acct entries export also writes -o ledger',
    ]);
  }
  return options.excel ? EXCEL : PLAIN;
}

export async function runExport(map: CsvMap, filters: FilterFlag[], options: ExportOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const dialect = exportDialect(g, options);
  await streamExport(map, filters, options, g, '', async ({ resolver }) => csvFormat(map, dialect, resolver));
}

/** The resource's CSV: the header of its columns, then a line per record (also the year archive's CSV files). */
export function csvFormat(map: CsvMap, dialect: CsvDialect, resolver: RefResolver): ExportFormat {
  return {
    head:
      (dialect.bom ? '\uFEFF' : '') +
      csvLine(
        map.columns.map((c) => c.name),
        dialect.delimiter,
      ),
    async page(records) {
      let chunk = '';
      for (const record of records)
        chunk += csvLine(await Promise.all(map.columns.map((c) => exportCell(c, record, resolver))), dialect.delimiter);
      return chunk;
    },
  };
}

/** What an export format writes: the text before the first record, then each page's text. */
export interface ExportFormat {
  head: string;
  page(records: Rec[]): Promise<string> | string;
}

/** What a format may read before it starts (it may also adjust the query, e.g. the order). */
export interface ExportStart {
  rt: Runtime;
  company: number;
  resolver: RefResolver;
  query: Record<string, QueryValue>;
}

/**
 * Every export's frame: the query from the filters, the sink (--out appears whole or not at all), the
 * pages streamed through the format, and the count said on stderr when the export went to a file.
 */
export async function streamExport(
  map: CsvMap,
  filters: FilterFlag[],
  options: ExportOptions,
  g: GlobalOptions,
  kind: string,
  begin: (start: ExportStart) => Promise<ExportFormat>,
): Promise<void> {
  const buildQuery = map.query ? map.query(options) : filterQuery(filters, options);
  const sink = openSink(options.out, options.force);
  try {
    const count = await withRuntime(g, async (rt) => {
      const company = await rt.company();
      const resolver = new RefResolver(rt.client, company);
      const query = await buildQuery(resolver);
      const format = await begin({ rt, company, resolver, query });
      sink.write(format.head);
      let n = 0;
      for await (const records of recordPages(rt.client, company, map, query)) {
        sink.write(await format.page(records));
        n += records.length;
      }
      return n;
    });
    sink.done();
    if (options.out !== undefined && options.out !== '-')
      notice(`Exported ${count} ${count === 1 ? map.noun : plural(map.noun)} to ${options.out}${kind}.`);
  } catch (err) {
    sink.abandon();
    throw err;
  }
}
