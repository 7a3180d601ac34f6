// The year's invoices and proposals: one CSV of each kind (the export's columns, positions as JSON), then
// each document's PDF as the service renders it (GET …/pdf, the invoice with its QR-bill), a few fetched
// at once and written in order, so that only those few are ever held.
import { documentPdf, type DocumentKind } from '../../api/endpoints/documents.js';
import { ApiError } from '../../api/http.js';
import { CliError } from '../../errors.js';
import { documentsCsv } from '../documents/csv.js';
import { KINDS } from '../documents/fields.js';
import { forEachConcurrent } from '../shared/concurrent.js';
import { csvMember, yearSpan, type ArchiveContext } from './context.js';
import { MEMBERS, plainName } from './layout.js';

/** PDFs fetched at once. */
const RENDERS = 4;

interface Doc {
  id: number;
  number: string;
}

/**
 * A document whose PDF the service refuses (say a QR-bill address field missing) names itself and keeps the API's exit
 * code.
 */
function pdfFailure(kind: DocumentKind, doc: Doc, err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  // the message is the first field error already: the others follow
  const fields = Object.entries(err.fieldErrors).flatMap(([field, messages]) =>
    messages.filter((m) => m !== err.message).map((m) => `${field}: ${m}`),
  );
  return new CliError(`the PDF of ${KINDS[kind].noun} ${doc.number} cannot be made: ${err.message}`, err.exitCode, [
    ...fields,
    ...err.details,
  ]);
}

/** Writes `<kind>.csv` and `<kind>/<number>.pdf` of every document dated in the year; answers how many. */
export async function archiveDocuments(ctx: ArchiveContext, kind: DocumentKind): Promise<number> {
  const { from, to } = yearSpan(ctx.year);
  const docs: Doc[] = [];
  await csvMember(
    ctx,
    MEMBERS.documentsCsv(kind),
    documentsCsv(KINDS[kind]),
    { 'filter[date]': `${from},${to}` },
    (records) => {
      for (const r of records) docs.push({ id: Number(r.id), number: plainName(String(r.number ?? ''), `id-${r.id}`) });
    },
  );
  const used = new Set<string>();
  await forEachConcurrent(
    docs,
    RENDERS,
    async (doc) => {
      try {
        return await documentPdf(ctx.client, kind, ctx.company, doc.id);
      } catch (err) {
        throw pdfFailure(kind, doc, err);
      }
    },
    ({ bytes }, doc) => {
      const name = used.has(doc.number) ? `${doc.number}_id-${doc.id}` : doc.number;
      used.add(name);
      ctx.zip.addBytes(MEMBERS.documentPdf(kind, name), bytes, 1);
    },
  );
  return docs.length;
}
