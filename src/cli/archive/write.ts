// `acct archive YEAR --out FILE`: the business year as one self-contained ZIP, written through the API
// alone (a remote profile as the local ledger), member after member as the pages arrive: README.txt,
// the master data, the bookings (CSV, journal, receipts), the reports (CSV and PDF), the invoices and
// proposals (CSV and PDF), and manifest.json with every member's SHA-256 (src/zip-manifest.ts). The ZIP
// is written beside FILE and renamed into place when complete; on any failure nothing is left behind.
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { allTaxRates, chartOfAccounts } from '../../api/endpoints/reports.js';
import { me } from '../../api/endpoints/users.js';
import { wallClock } from '../../domain/clock.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import type { Report } from '../../reports/types.js';
import { ManifestZipWriter } from '../../zip-manifest.js';
import { accountsCsv } from '../accounts/csv.js';
import { contactsCsv } from '../contacts/csv.js';
import { customersCsv } from '../customers/csv.js';
import { notice, type GlobalOptions } from '../globals.js';
import { VERSION } from '../version.js';
import { projectsCsv } from '../projects/csv.js';
import { RefResolver } from '../refs.js';
import { balanceSheetAt } from '../report/balance-sheet.js';
import { incomeStatementOf } from '../report/income-statement.js';
import { reportCsv } from '../report/render.js';
import { trialBalanceOf } from '../report/trial-balance.js';
import { withRuntime } from '../runtime.js';
import { taxRatesCsv } from '../tax-rates/csv.js';
import { archiveBookings } from './bookings.js';
import { csvMember, yearSpan, type ArchiveContext } from './context.js';
import { archiveDocuments } from './documents.js';
import { MEMBERS, readmeText } from './layout.js';
import { reportPdf } from './report-pdf.js';
import { ARCHIVE_FORMAT } from './verify.js';
import { currentIO } from '../io.js';

export interface ArchiveOptions {
  year: number;
  out: string;
  force: boolean;
}

/** An existing --out is kept (exit 6) unless --force; a directory is never one, nor stdout. */
function checkTarget(out: string, force: boolean): void {
  if (out === '-')
    throw new UsageError('the archive is a ZIP file: give its name with --out (it is not written to stdout)');
  if (!existsSync(out)) return;
  if (statSync(out).isDirectory()) throw new UsageError(`--out ${out} is a directory; give the archive's file name`);
  if (!force) throw new CliError(`${out} exists; --force replaces it`, ExitCode.Conflict);
}

/** The company's name as /users/me lists it (the README and the reports' headings), else "company N". */
async function companyName(ctx: Pick<ArchiveContext, 'client' | 'company'>): Promise<string> {
  const user = await me(ctx.client);
  return user.companies.find((c) => c.id === ctx.company)?.name ?? `company ${ctx.company}`;
}

/** The master data the bookings and documents refer to: accounts, tax rates, customers, contacts, projects. */
async function archiveMasterData(ctx: ArchiveContext): Promise<void> {
  await csvMember(ctx, MEMBERS.accounts, accountsCsv, {});
  await csvMember(ctx, MEMBERS.taxRates, taxRatesCsv, {});
  await csvMember(ctx, MEMBERS.customers, customersCsv, {});
  await csvMember(ctx, MEMBERS.contacts, contactsCsv, {});
  await csvMember(ctx, MEMBERS.projects, projectsCsv, {});
}

/** Each report as CSV (as `acct report … -o csv` prints it) and as PDF; a failed check is said on stderr too. */
async function archiveReports(ctx: ArchiveContext, vat: { name: string; report: Report }[]): Promise<number> {
  const { from, to } = yearSpan(ctx.year);
  const [trial, sheet, income] = await Promise.all([
    trialBalanceOf(ctx.client, ctx.company, from, to),
    balanceSheetAt(ctx.client, ctx.company, to),
    incomeStatementOf(ctx.client, ctx.company, from, to),
  ]);
  const reports = [
    { name: 'trial-balance', report: trial },
    { name: 'balance-sheet', report: sheet },
    { name: 'income-statement', report: income },
    ...vat,
  ];
  for (const { name, report } of reports) {
    ctx.zip.addBytes(MEMBERS.report(name, 'csv'), reportCsv(report));
    ctx.zip.addBytes(MEMBERS.report(name, 'pdf'), await reportPdf(report, ctx.companyName), 1);
    for (const c of report.checks) if (!c.ok) notice(`warning: ${name}: ${c.message}`);
  }
  return reports.length;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export async function writeArchive(g: GlobalOptions, opts: ArchiveOptions): Promise<void> {
  checkTarget(opts.out, opts.force);
  const out = resolve(opts.out);
  const spool = `${out}.${process.pid}.spool`;
  await withRuntime(g, async (rt) => {
    const company = await rt.company();
    const base = { client: rt.client, company, year: opts.year, resolver: new RefResolver(rt.client, company), spool };
    const [name, accounts, rates] = await Promise.all([
      companyName(base),
      chartOfAccounts(rt.client, company),
      allTaxRates(rt.client, company),
    ]);
    const zip = new ManifestZipWriter(out, ARCHIVE_FORMAT, 6);
    const ctx: ArchiveContext = { ...base, companyName: name, zip };
    mkdirSync(spool, { recursive: true, mode: 0o700 });
    // Ctrl-C ends the process at once (src/cli/main.ts): the partial ZIP and the spool go with it
    const leaveNothing = () => {
      zip.abort();
      rmSync(spool, { recursive: true, force: true });
    };
    process.once('exit', leaveNothing);
    try {
      const now = new Date();
      const clock = wallClock(now);
      zip.addBytes(
        MEMBERS.readme,
        readmeText({ company: name, year: opts.year, createdAt: `${clock.date} ${clock.time}`, version: VERSION }),
      );
      await archiveMasterData(ctx);
      const bookings = await archiveBookings(ctx, accounts, rates);
      const reports = await archiveReports(ctx, bookings.vat);
      const invoices = await archiveDocuments(ctx, 'invoices');
      const proposals = await archiveDocuments(ctx, 'proposals');
      const manifest = zip.finish({
        year: opts.year,
        company: { id: company, name },
        source: rt.ctx.mode === 'local' ? 'local ledger' : rt.baseUrl,
        counts: { bookings: bookings.bookings, receipts: bookings.receipts, invoices, proposals, reports },
      });
      currentIO().out.write(`${out}\n`);
      notice(
        `Archive of ${opts.year} for ${name}: ${plural(bookings.bookings, 'booking')}, ` +
          `${plural(bookings.receipts, 'receipt')}, ${plural(invoices, 'invoice')}, ${plural(proposals, 'proposal')}` +
          `, ${reports} reports (CSV and PDF); content SHA-256 ${manifest.content_sha256}.`,
      );
      if (bookings.unlocked > 0) {
        notice(
          `warning: ${plural(bookings.unlocked, 'booking')} of ${opts.year} ` +
            `${bookings.unlocked === 1 ? 'is' : 'are'} not in a closed period and may still change: close the year ` +
            `(closed until ${opts.year}-12-31) and archive it again`,
        );
      }
    } catch (err) {
      zip.abort();
      throw err;
    } finally {
      process.off('exit', leaveNothing);
      rmSync(spool, { recursive: true, force: true });
    }
  });
}

/** The year argument: four digits. */
export function parseYear(raw: string): number {
  if (!/^\d{4}$/.test(raw.trim()) || Number(raw) < 1900)
    throw new UsageError(`invalid year "${raw}": expected a business year like 2025 (or "verify FILE")`);
  return Number(raw);
}
