// `acct proposals|invoices pdf [<ref>]`: the document's PDF as the service renders it (with the QR-bill
// payment part for invoices in CHF or EUR). One document: written to <number>.pdf in the current
// directory, to --out FILE, or with --out - to stdout for a pipe. Without a ref, the filters
// (--status, --customer, --from, --to, …) choose the documents and each is written into --out-dir,
// with progress on stderr. An existing file is never overwritten without --force. A document with VAT
// from a company without its UID for VAT is written, and said on stderr: it is no valid VAT invoice.
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { companySettings } from '../../api/endpoints/companies.js';
import { documentPaths, documentPdf, getDocument, type DocumentRecord } from '../../api/endpoints/documents.js';
import type { ApiClient } from '../../api/http.js';
import { paginate } from '../../api/paginate.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { refuseToOverwrite } from '../fd-output.js';
import { notice } from '../globals.js';
import { RefResolver } from '../refs.js';
import { resolveRefs } from '../resource/run.js';
import type { FilterFlag } from '../resource/spec.js';
import { optionKey, type VerbIO } from '../verb.js';
import type { DocumentArgs } from './common.js';
import { documentFilters, type KindFacts } from './fields.js';
import { documentQuery, type ListOptions } from './list.js';

interface PdfOptions extends DocumentArgs, ListOptions {
  out?: string;
  outDir?: string;
  force?: boolean;
}

/**
 * The option keys that choose documents: the list filters of the kind (as addFilterFlags declares them) and --overdue.
 */
const filterKeys = (k: KindFacts): string[] => [...documentFilters(k).map((f) => optionKey(f.flag)), 'overdue'];

/** Refuses to replace a file unless --force; a directory is never a target. */
const checkTarget = (path: string, force: boolean | undefined) =>
  refuseToOverwrite(path, force, 'give a file name with --out, or --out-dir for several documents');

/** The service's file name, kept to one plain name inside the target directory. */
const safeName = (fileName: string, id: number): string => {
  const name = basename(fileName).replace(/[^\w.-]+/g, '_');
  return name === '' || name.startsWith('.') ? `${id}.pdf` : name;
};

/**
 * MWSTG Art. 26 wants the supplier's UID on every document that charges VAT: when the company has none
 * (and its service shows its settings), each such document is named on stderr with the fix. Costs a
 * request per document only then.
 */
async function warnWithoutUid(client: ApiClient, k: KindFacts, company: number, ids: readonly number[]): Promise<void> {
  const settings = await companySettings(client, company);
  if (!settings || settings.vat_number) return;
  const numbers: string[] = [];
  for (const id of ids) {
    const doc = await getDocument(client, k.kind, company, id);
    if (doc.vat_active) numbers.push(doc.number);
  }
  if (numbers.length === 0) return;
  const which =
    numbers.length === 1
      ? `${k.noun} ${numbers[0]} charges`
      : `${numbers.length} ${k.kind} (${numbers.join(', ')}) charge`;
  notice(
    `warning: ${which} VAT, but the company has no UID for VAT, which a VAT invoice must carry (MWSTG Art. 26): ` +
      `acct server companies set ${company} --vat-number CHE-…`,
  );
}

export default async function pdf(k: KindFacts, o: PdfOptions, io: VerbIO): Promise<void> {
  io.globals(); // the global flags are checked first, before this verb's own
  const ref = o[k.noun];
  // (a proposal's own argument arrives as o.proposal, which for invoices is the --proposal filter)
  const filtered = filterKeys(k).some((f) => f !== k.noun && (o as Record<string, unknown>)[f] !== undefined);
  if (ref !== undefined && filtered)
    throw new UsageError(`give a ${k.noun} or filters (--status, --customer, --from, --to …), not both`);
  if (ref === undefined && !filtered)
    throw new UsageError(`name a ${k.noun}, or choose several with --status, --customer, --from or --to and --out-dir`);
  if (ref !== undefined && o.outDir !== undefined)
    throw new UsageError('--out-dir is for several documents chosen by filters; for one use --out FILE');
  if (ref === undefined && o.out !== undefined)
    throw new UsageError('--out is for one document; several are written into --out-dir');
  if (ref === undefined && o.outDir === undefined) throw new UsageError('several documents need --out-dir DIR');

  if (ref !== undefined) {
    if (o.out !== undefined && o.out !== '-') checkTarget(o.out, o.force);
    await io.withRuntime(async (rt) => {
      const company = await rt.company();
      const id = await new RefResolver(rt.client, company).resolve(k.noun, ref, `<${k.noun}>`);
      const { bytes, fileName } = await documentPdf(rt.client, k.kind, company, id);
      if (o.out === '-') {
        io.out.write(bytes);
        await warnWithoutUid(rt.client, k, company, [id]);
        return;
      }
      const target = o.out ?? safeName(fileName, id);
      checkTarget(target, o.force);
      writeFileSync(target, bytes);
      notice(`Wrote ${target} (${Math.ceil(bytes.length / 1024)} KB).`);
      await warnWithoutUid(rt.client, k, company, [id]);
    });
    return;
  }

  const dir = o.outDir!;
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UsageError(`--out-dir ${dir} is not a directory`);
  const query = documentQuery(k, o);
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    await resolveRefs(new RefResolver(rt.client, company), documentFilters(k), query, (f) => (f as FilterFlag).param);
    const ids: number[] = [];
    for await (const page of paginate<DocumentRecord>(rt.client, documentPaths(k.kind).list(company), {
      query,
      all: true,
    }))
      ids.push(...page.map((d) => Number(d.id)));
    if (ids.length === 0) {
      notice(`No ${k.kind} found; nothing written.`);
      return;
    }
    mkdirSync(dir, { recursive: true });
    let written = 0;
    const skipped: string[] = [];
    for (const [i, id] of ids.entries()) {
      const { bytes, fileName } = await documentPdf(rt.client, k.kind, company, id);
      const target = join(dir, safeName(fileName, id));
      if (existsSync(target) && !o.force) {
        skipped.push(target);
        io.err.write(`[${i + 1}/${ids.length}] ${target} exists, skipped (--force overwrites)\n`);
        continue;
      }
      writeFileSync(target, bytes);
      written++;
      io.err.write(`[${i + 1}/${ids.length}] ${target}\n`);
    }
    notice(
      `Wrote ${written} of ${ids.length} ${ids.length === 1 ? k.noun : k.kind} into ${dir}` +
        `${skipped.length ? `; ${skipped.length} existed and were kept` : ''}.`,
    );
    await warnWithoutUid(rt.client, k, company, ids);
    if (skipped.length)
      throw new CliError(
        `${skipped.length} file${skipped.length === 1 ? '' : 's'} existed and were not overwritten (--force ` +
          `overwrites)`,
        ExitCode.Conflict,
      );
  });
}
