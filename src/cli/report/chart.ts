// `acct report chart [-p PERIOD] [--monthly|--quarterly|--yearly] [--accounts LIST] [-o svg --out FILE]`:
// revenue, expenses and profit per period (the income statement of each period), or chosen accounts,
// as bars in the terminal, as an SVG image, or as rows of figures (-o tsv/csv/json/ndjson).
// One request per period (`GET /accounts?type=all&start&until`), a few in flight at a time. Every flag
// is checked before the first request; an unknown account number as soon as the chart of accounts is
// there, before anything is written.
import { renderBarChart } from '../../output/bar-chart.js';
import { renderSvgChart } from '../../output/svg-chart.js';
import type { Column } from '../../output/index.js';
import { UsageError } from '../../errors.js';
import { accountChart, accountSeriesKey, profitChart, PROFIT_SERIES, unknownAccounts, type ChartData, type PeriodAccounts } from '../../reports/chart.js';
import { rappenToDecimal } from '../../reports/money.js';
import { parsePeriod, PeriodError, splitPeriod, type Interval, type Period } from '../../reports/period.js';
import { notice, type GlobalOptions } from '../globals.js';
import { listRenderer, planOutput, type OutputPlan } from '../output.js';
import { startPaging } from '../pager.js';
import { today } from '../resource/body.js';
import { withRuntime } from '../runtime.js';
import { stdoutIsTerminal, stdoutSink } from '../fd-output.js';
import type { VerbIO } from '../verb.js';
import { balances } from './common.js';

const fs = process.getBuiltinModule('node:fs');

interface ChartOptions {
  period?: string;
  monthly?: boolean;
  quarterly?: boolean;
  yearly?: boolean;
  /** account numbers, comma-separated */
  accounts?: string;
  out?: string;
  /** -o svg, taken off the global -o by the declaration */
  svg?: boolean;
}

/** Requests in flight at a time: the periods of a year go out together, a long span does not flood a hosted API. */
const CONCURRENCY = 4;

/**
 * The terminal's width. Piped (into less or head), $COLUMNS, else the width of the terminal stderr
 * still shows (the shell does not export $COLUMNS), else 80.
 */
function chartWidth(): number {
  if (stdoutIsTerminal() && (process.stdout.columns ?? 0) > 0) return process.stdout.columns;
  const columns = Number(process.env.COLUMNS);
  if (Number.isInteger(columns) && columns > 0) return columns;
  return process.stderr.isTTY && process.stderr.columns > 0 ? process.stderr.columns : 80;
}

function intervalOf(opts: ChartOptions): Interval {
  const given = (['monthly', 'quarterly', 'yearly'] as const).filter((i) => opts[i]);
  if (given.length > 1) throw new UsageError(`--${given.join(' and --')}: give one of --monthly, --quarterly and --yearly`);
  return given[0] ?? 'monthly';
}

/** -p/--period; this calendar year when not given. */
function periodFlag(raw: string | undefined): Period {
  try {
    return parsePeriod(raw ?? 'thisyear', today());
  } catch (err) {
    if (err instanceof PeriodError) throw new UsageError(`invalid --period ${err.message}`);
    throw err;
  }
}

/** --accounts 3400,6000 → [3400, 6000] (each once, in the order given). */
function accountNumbers(raw: string): number[] {
  const parts = raw.split(',').map((p) => p.trim());
  const bad = parts.filter((p) => !/^\d{1,9}$/.test(p));
  if (parts.every((p) => p === '')) throw new UsageError('--accounts needs account numbers, e.g. --accounts 3400,6000');
  if (bad.length) throw new UsageError(`--accounts takes account numbers separated by commas (e.g. 3400,6000); not a number: ${bad.map((b) => JSON.stringify(b)).join(', ')}`);
  return [...new Set(parts.map(Number))];
}

/** What the command writes: the bars, the image, or the figures as rows. */
type Target = { kind: 'bars' } | { kind: 'svg'; out?: string } | { kind: 'rows'; plan: OutputPlan };

function targetOf(g: GlobalOptions, opts: ChartOptions, seriesKeys: string[]): Target {
  if (opts.svg) {
    if (g.output !== undefined) throw new UsageError(`-o svg and --${g.json ? 'json' : `output ${g.output}`} cannot both be given`);
    if (g.fields) throw new UsageError('--fields chooses the columns of -o tsv, csv, json or ndjson, not of -o svg');
    const out = opts.out === '-' ? undefined : opts.out;
    if (out === undefined && stdoutIsTerminal()) throw new UsageError('-o svg writes an image: give --out FILE (or send stdout to a file or a pipe)');
    return { kind: 'svg', out };
  }
  if (opts.out !== undefined) throw new UsageError('--out goes with -o svg (the chart as an SVG file); the other formats go to stdout');
  if (g.output === undefined || g.output === 'table') {
    if (g.fields) throw new UsageError('--fields chooses the columns of -o tsv, csv, json or ndjson, not of the bars');
    startPaging(g.pager);
    return { kind: 'bars' };
  }
  const columns: Column[] = [{ key: 'period' }, { key: 'from', kind: 'date' }, { key: 'to', kind: 'date' }, ...seriesKeys.map((key): Column => ({ key, kind: 'money' }))];
  return { kind: 'rows', plan: planOutput(g, columns) };
}

/** Opens the SVG's file beside its place before any request (a bad path is a usage error); it appears whole on commit. */
function openImage(out: string): { commit(text: string): void; abandon(): void } {
  const partial = `${out}.partial-${process.pid}`;
  let fd: number;
  try {
    fd = fs.openSync(partial, 'w', 0o644);
  } catch (err) {
    throw new UsageError(`cannot write ${out}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return {
    commit: (text) => { fs.writeSync(fd, text); fs.closeSync(fd); fs.renameSync(partial, out); },
    abandon: () => { fs.closeSync(fd); fs.rmSync(partial, { force: true }); },
  };
}

/** `fn` over `items` with at most `limit` calls in flight; the results in the order of the items. */
async function mapConcurrent<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export default async function run(opts: ChartOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const interval = intervalOf(opts);
  const numbers = opts.accounts === undefined ? undefined : accountNumbers(opts.accounts);
  const pieces = splitPeriod(periodFlag(opts.period), interval);
  const target = targetOf(g, opts, numbers?.map(accountSeriesKey) ?? PROFIT_SERIES.map((s) => s.key));
  const image = target.kind === 'svg' && target.out !== undefined ? openImage(target.out) : undefined;
  let chart: ChartData;
  try {
    chart = await withRuntime(g, async (rt) => {
      const company = await rt.company();
      const periods: PeriodAccounts[] = await mapConcurrent(pieces, CONCURRENCY, async (p) => ({ ...p, accounts: await balances(rt.client, company, 'all', p.from, p.to) }));
      if (numbers === undefined) return profitChart(periods, interval);
      const missing = unknownAccounts(periods[0].accounts, numbers);
      if (missing.length) throw new UsageError(`--accounts: no account ${missing.join(', ')} in the chart of accounts`);
      return accountChart(periods, numbers, interval);
    });
  } catch (err) {
    image?.abandon();
    throw err;
  }
  switch (target.kind) {
    case 'bars':
      stdoutSink.write(renderBarChart(chart, { width: chartWidth(), color: g.color }));
      return;
    case 'svg': {
      const svg = renderSvgChart(chart);
      if (image) {
        image.commit(svg);
        notice(`Wrote the chart to ${target.out}.`);
      } else stdoutSink.write(svg);
      return;
    }
    case 'rows': {
      const renderer = listRenderer(target.plan);
      renderer.push(chart.groups.map((p) => ({
        period: p.key, from: p.from, to: p.to,
        ...Object.fromEntries(chart.series.map((s, i) => [s.key, rappenToDecimal(p.values[i])])),
      })));
      renderer.end();
    }
  }
}
