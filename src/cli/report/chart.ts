// `acct report chart [-p PERIOD] [--monthly|--quarterly|--yearly] [--accounts LIST] [-o svg --out FILE]`:
// revenue, expenses and profit per period (the income statement of each period), or chosen accounts,
// as bars in the terminal, as an SVG image, or as rows of figures (-o tsv/csv/json/ndjson).
// One request per period (`GET /accounts?type=all&start&until`), sent together. Every flag
// is checked before the first request; an unknown account number as soon as the chart of accounts is
// there, before anything is written.
import { renderBarChart } from '../../output/bar-chart.js';
import { renderSvgChart } from '../../output/svg-chart.js';
import type { Column } from '../../output/index.js';
import { UsageError } from '../../errors.js';
import {
  accountChart,
  accountSeriesKey,
  profitChart,
  PROFIT_SERIES,
  UnknownAccountsError,
  type ChartData,
  type PeriodAccounts,
} from '../../reports/chart.js';
import { rappenToDecimal } from '../../reports/money.js';
import { splitPeriod } from '../../reports/period.js';
import { notice, type GlobalOptions } from '../globals.js';
import { listRenderer, planOutput, type OutputPlan } from '../output.js';
import { startPaging } from '../pager.js';
import { openSink, stdoutSink } from '../fd-output.js';
import type { VerbIO } from '../verb.js';
import { balancesByPeriod, intervalFlag, periodFlags, type ColumnOptions, type PeriodOptions } from './common.js';
import { currentIO } from '../io.js';

interface ChartOptions extends PeriodOptions, Omit<ColumnOptions, 'depth'> {
  /** account numbers, comma-separated */
  accounts?: string;
  out?: string;
  /** --force: replace --out when it exists */
  force?: boolean;
  /** -o svg, taken off the global -o by the declaration */
  svg?: boolean;
}

/**
 * The terminal's width. Piped (into less or head), $COLUMNS, else the width of the terminal stderr
 * still shows (the shell does not export $COLUMNS), else 80.
 */
function chartWidth(): number {
  const { out, err, env } = currentIO();
  if (out.isTTY && (out.columns ?? 0) > 0) return out.columns!;
  const columns = Number(env.COLUMNS);
  if (Number.isInteger(columns) && columns > 0) return columns;
  return err.isTTY && (err.columns ?? 0) > 0 ? err.columns! : 80;
}

/** --accounts 3400,6000 → [3400, 6000] (each once, in the order given). */
function accountNumbers(raw: string): number[] {
  const parts = raw.split(',').map((p) => p.trim());
  const bad = parts.filter((p) => !/^\d{1,9}$/.test(p));
  if (parts.every((p) => p === '')) throw new UsageError('--accounts needs account numbers, e.g. --accounts 3400,6000');
  if (bad.length)
    throw new UsageError(
      `--accounts takes account numbers separated by commas (e.g. 3400,6000); not a number: ` +
        `${bad.map((b) => JSON.stringify(b)).join(', ')}`,
    );
  return [...new Set(parts.map(Number))];
}

/** What the command writes: the bars, the image, or the figures as rows. */
type Target = { kind: 'bars' } | { kind: 'svg'; out?: string } | { kind: 'rows'; plan: OutputPlan };

function targetOf(g: GlobalOptions, opts: ChartOptions, seriesKeys: string[]): Target {
  if (opts.svg) {
    if (g.output !== undefined)
      throw new UsageError(`-o svg and --${g.json ? 'json' : `output ${g.output}`} cannot both be given`);
    if (g.fields) throw new UsageError('--fields chooses the columns of -o tsv, csv, json or ndjson, not of -o svg');
    const out = opts.out === '-' ? undefined : opts.out;
    if (out === undefined && currentIO().out.isTTY)
      throw new UsageError('-o svg writes an image: give --out FILE (or send stdout to a file or a pipe)');
    return { kind: 'svg', out };
  }
  if (opts.out !== undefined)
    throw new UsageError('--out goes with -o svg (the chart as an SVG file); the other formats go to stdout');
  if (g.output === undefined || g.output === 'table') {
    if (g.fields) throw new UsageError('--fields chooses the columns of -o tsv, csv, json or ndjson, not of the bars');
    startPaging(g.pager);
    return { kind: 'bars' };
  }
  const columns: Column[] = [
    { key: 'period' },
    { key: 'from', kind: 'date' },
    { key: 'to', kind: 'date' },
    ...seriesKeys.map((key): Column => ({ key, kind: 'money' })),
  ];
  return { kind: 'rows', plan: planOutput(g, columns) };
}

export default async function run(opts: ChartOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const interval = intervalFlag(opts) ?? 'monthly';
  const numbers = opts.accounts === undefined ? undefined : accountNumbers(opts.accounts);
  const pieces = splitPeriod(periodFlags(opts), interval);
  const target = targetOf(g, opts, numbers?.map(accountSeriesKey) ?? PROFIT_SERIES.map((s) => s.key));
  // the file is opened before any request (a bad path is a usage error) and appears whole at the end
  const image = target.kind === 'svg' && target.out !== undefined ? openSink(target.out, opts.force) : undefined;
  let chart: ChartData;
  try {
    chart = await io.withRuntime(async (rt) => {
      const company = await rt.company();
      const balances = await balancesByPeriod(rt.client, company, 'all', pieces);
      const periods: PeriodAccounts[] = pieces.map((p, i) => ({ ...p, accounts: balances[i] }));
      if (numbers === undefined) return profitChart(periods, interval);
      try {
        return accountChart(periods, numbers, interval);
      } catch (err) {
        throw err instanceof UnknownAccountsError ? new UsageError(`--accounts: ${err.message}`) : err;
      }
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
        image.write(svg);
        image.done();
        notice(`Wrote the chart to ${target.out}.`);
      } else stdoutSink.write(svg);
      return;
    }
    case 'rows': {
      const renderer = listRenderer(target.plan);
      renderer.push(
        chart.groups.map((p) => ({
          period: p.key,
          from: p.from,
          to: p.to,
          ...Object.fromEntries(chart.series.map((s, i) => [s.key, rappenToDecimal(p.values[i])])),
        })),
      );
      renderer.end();
    }
  }
}
