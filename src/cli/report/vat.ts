// `acct report vat [-p PERIOD] [-o xml --out FILE]`: the VAT return by box, from the bookings of the
// period, the tax rates and the chart — the effective method's, or the net/flat tax rate method's when
// the company's settings say so — and with -o xml the eCH-0217 file for the ESTV portal, written from
// that same report value. Only the bookings the return reads are fetched — those with a tax rate, and
// those without one on an income account (the note on income left out) — and each page goes into the
// return as it arrives. Everything is read through the API, so it works against a hosted service too.
import { companySettings } from '../../api/endpoints/settings.js';
import { ApiError } from '../../api/http.js';
import { UsageError } from '../../errors.js';
import {
  fromSettingsJson,
  vatFilingProblems,
  type VatFiling,
  type VatSettingsJson,
} from '../../domain/vat-settings.js';
import { ech0217Xml, Ech0217Error, uidForFile, type SubmissionType } from '../../reports/ech0217.js';
import type { Report } from '../../reports/types.js';
import { vatReturnBuilder, VAT_COLUMNS } from '../../reports/vat.js';
import { netTaxRateReturnBuilder } from '../../reports/vat-net-tax-rate.js';
import { openSink, stdoutSink, type OutputSink } from '../fd-output.js';
import { currentIO } from '../io.js';
import { notice } from '../globals.js';
import { VERSION } from '../version.js';
import { withRuntime } from '../runtime.js';
import type { VerbIO } from '../verb.js';
import { chart, entryBatches, periodFlags, taxRates, type PeriodOptions } from './common.js';
import { planReport, printReport } from './render.js';

interface VatOptions extends PeriodOptions {
  /** -o xml, taken off the global -o by the declaration */
  xml?: boolean;
  out?: string;
  force?: boolean;
  correction?: boolean;
  annualReconciliation?: boolean;
  reference?: string;
}

/** The settings a file needs, missing ones an error naming the command that sets them (exit 2). */
const SET_COMMAND = 'acct server companies set <id> --vat-number … --vat-method … --vat-period … (or PUT /settings)';

export default async function run(opts: VatOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const file = fileFlags(opts, g);
  const plan = file ? undefined : planReport(g, VAT_COLUMNS);
  const { from, to } = periodFlags(opts);
  // the file is opened first: an existing one (without --force) or an unwritable place fails before any request
  const sink = file?.out !== undefined ? openSink(file.out, opts.force) : undefined;
  try {
    await runReturn(opts, g, { from, to }, file, plan, sink);
  } catch (err) {
    sink?.abandon();
    throw err;
  }
}

async function runReturn(
  opts: VatOptions,
  g: ReturnType<VerbIO['globals']>,
  { from, to }: { from: string; to: string },
  file: FileTarget | undefined,
  plan: ReturnType<typeof planReport> | undefined,
  sink: OutputSink | undefined,
): Promise<void> {
  const { report, filing, name } = await withRuntime(g, async (rt) => {
    const company = await rt.company();
    const [accounts, rates, settings] = await Promise.all([
      chart(rt.client, company),
      taxRates(rt.client, company),
      settingsOrNone(rt.client, company, file !== undefined),
    ]);
    const s = settings ? fromSettingsJson(settings) : undefined;
    let filing: VatFiling | undefined;
    if (file) {
      const problems = vatFilingProblems(s!, from);
      if (problems.length)
        throw new UsageError(
          `cannot write the VAT file: the company's VAT settings are missing: ${problems.join('; ')}. Set them with ` +
            `${SET_COMMAND}`,
        );
      filing = { uid: s!.uid!, method: s!.method!, basis: s!.basis, period: s!.period!, rates: s!.rates };
    }
    const method = s?.method ?? 'effective';
    if (method !== 'effective' && s!.rates.length === 0)
      throw new UsageError(
        `the company is on the ${method.replace(/_/g, ' ')} method but has no approved rate: set it with acct ` +
          `server companies set <id> --vat-net-tax-rates RATE:CODE (or PUT /settings)`,
      );
    const vat =
      method === 'effective'
        ? vatReturnBuilder({ from, to, accounts, taxRates: rates })
        : netTaxRateReturnBuilder({ from, to, accounts, taxRates: rates, method, rates: s!.rates });
    const incomeAccounts = accounts.filter((a) => a.type === 'income' && a.id !== null && !a.computed).map((a) => a.id);
    const wanted = [
      ...(rates.length ? [{ 'filter[tax_rate_id]': rates.map((t) => t.id).join(',') }] : []),
      ...(incomeAccounts.length
        ? [{ 'filter[tax_rate_id]': 'none', 'filter[account_id]': incomeAccounts.join(',') }]
        : []),
    ];
    await Promise.all(
      wanted.map(async (filter) => {
        for await (const batch of entryBatches(rt.client, company, from, to, filter)) vat.add(batch);
      }),
    );
    return { report: vat.report(), filing, name: settings?.name ?? '' };
  });
  if (!file || !filing) {
    printReport(plan!, report);
    return;
  }
  writeFile(report, filing, name, opts, file, sink);
}

/** -o xml's flags, checked before any request; undefined without -o xml. */
interface FileTarget {
  out?: string;
  type: SubmissionType;
}

function fileFlags(opts: VatOptions, g: ReturnType<VerbIO['globals']>): FileTarget | undefined {
  const fileOnly = (['out', 'correction', 'annualReconciliation', 'reference'] as const).filter(
    (k) => opts[k] !== undefined,
  );
  if (!opts.xml) {
    if (fileOnly.length)
      throw new UsageError(
        `--${fileOnly[0].replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} goes with -o xml (the eCH-0217 file)`,
      );
    return undefined;
  }
  if (g.output !== undefined)
    throw new UsageError(`-o xml and --${g.json ? 'json' : `output ${g.output}`} cannot both be given`);
  if (g.fields) throw new UsageError('--fields chooses the columns of the report, not of the eCH-0217 file');
  if (opts.correction && opts.annualReconciliation)
    throw new UsageError('--correction and --annual-reconciliation cannot both be given: a file is one or the other');
  if (opts.reference !== undefined && !/^.{1,50}$/.test(opts.reference))
    throw new UsageError('--reference takes 1 to 50 characters');
  const out = opts.out === '-' ? undefined : opts.out;
  if (out === undefined && currentIO().out.isTTY)
    throw new UsageError('-o xml writes a file: give --out FILE (or send stdout to a file or a pipe)');
  return { out, type: opts.correction ? 2 : opts.annualReconciliation ? 3 : 1 };
}

/** GET /settings; for the report alone a service without it (404) means the effective method. */
async function settingsOrNone(
  client: Parameters<typeof companySettings>[0],
  company: number,
  required: boolean,
): Promise<(VatSettingsJson & { name: string }) | undefined> {
  try {
    return await companySettings(client, company);
  } catch (err) {
    if (!required && err instanceof ApiError && err.status === 404) return undefined;
    throw err;
  }
}

function writeFile(
  report: Report,
  filing: VatFiling,
  name: string,
  opts: VatOptions,
  file: FileTarget,
  sink: OutputSink | undefined,
): void {
  // UTC, marked as such (xs:dateTime without a zone would read as local time)
  const now = `${new Date().toISOString().slice(0, 19)}Z`;
  let xml: string;
  try {
    xml = ech0217Xml(report, filing, {
      organisationName: name,
      generationTime: now,
      typeOfSubmission: file.type,
      businessReferenceId: opts.reference ?? `acct-${uidForFile(filing.uid)}-${report.from}-${report.to}-${file.type}`,
      application: { manufacturer: 'acct', product: 'acct', version: VERSION },
    });
  } catch (err) {
    if (err instanceof Ech0217Error) throw new UsageError(`cannot write the VAT file: ${err.message}`);
    throw err;
  }
  for (const n of report.notes) notice(n);
  if (!sink) {
    stdoutSink.write(xml);
    return;
  }
  sink.write(xml);
  sink.done();
  notice(`Wrote the eCH-0217 VAT return to ${file.out}: upload it on the ESTV portal.`);
}
