// Rendering a report value (src/reports) like any other command's output: a table for people (title,
// rows, blank lines between sections, Swiss amounts), TSV/CSV/ndjson rows with raw decimals and a
// `kind` column, or one JSON object with the rows, the summary, the checks and the notes. Checks and
// notes go to stderr in every format.
import { createListRenderer, selectColumns, type Column } from '../../output/index.js';
import { renderListTable } from '../../output/table.js';
import { rappenToDecimal } from '../../reports/money.js';
import type { Report, ReportColumn, ReportRow } from '../../reports/types.js';
import { notice, type GlobalOptions } from '../globals.js';
import { planOutput, type OutputPlan } from '../output.js';
import { currentIO } from '../io.js';

type Rec = Record<string, unknown>;

/** The output columns of a report: `kind` first (hidden on a table), then the report's own. */
export function reportColumns(columns: ReportColumn[], table: boolean): Column[] {
  return [
    { key: 'kind', default: !table },
    ...columns.map(
      (c): Column => ({
        key: c.key,
        header: c.header,
        kind: c.kind === 'text' ? undefined : c.kind,
        default: c.default !== false && !(table && c.table === false),
      }),
    ),
  ];
}

/** Decides the format and checks --fields against the report's columns, before any request. */
export function planReport(g: GlobalOptions, columns: ReportColumn[]): OutputPlan {
  const probe = planOutput(g, reportColumns(columns, false));
  return planOutput(g, reportColumns(columns, probe.format === 'table'));
}

const moneyKeys = (report: Report) => new Set(report.columns.filter((c) => c.kind === 'money').map((c) => c.key));

/** A row with its money cells as raw decimals ("1234.50"); nulls stay null. */
function rawRow(row: ReportRow, money: Set<string>): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(row)) out[k] = money.has(k) && typeof v === 'number' ? rappenToDecimal(v) : v;
  return out;
}

export function reportJson(report: Report, columns: Column[]): Rec {
  const money = moneyKeys(report);
  return {
    report: report.report,
    title: report.title,
    from: report.from,
    to: report.to,
    ...(report.periods ? { periods: report.periods } : {}),
    rows: report.rows.map((r) => {
      const raw = rawRow(r, money);
      const out: Rec = {};
      for (const c of columns) out[c.key] = raw[c.key] ?? null;
      return out;
    }),
    summary: Object.fromEntries(
      report.summary.map((s) => [s.key, s.money && typeof s.value === 'number' ? rappenToDecimal(s.value) : s.value]),
    ),
    checks: report.checks,
    notes: report.notes,
  };
}

/**
 * The report as `-o csv` prints it: the header, then a line per row with raw decimals (the year archive's CSV files).
 */
export function reportCsv(report: Report): string {
  const money = moneyKeys(report);
  let text = '';
  const renderer = createListRenderer({
    format: 'csv',
    columns: reportColumns(report.columns, false),
    out: {
      write: (chunk: string) => {
        text += chunk;
      },
    },
  });
  renderer.push(report.rows.map((r) => rawRow(r, money)));
  renderer.end();
  return text;
}

export function printReport(plan: OutputPlan, report: Report): void {
  const money = moneyKeys(report);
  const rows = report.rows.map((r) => rawRow(r, money));
  const out = currentIO().out;
  switch (plan.format) {
    case 'table': {
      const columns = selectColumns(plan.columns, plan.fields);
      const gaps = new Set(report.gaps);
      const spaced: Rec[] = [];
      rows.forEach((r, i) => {
        if (gaps.has(i) && i > 0) spaced.push({});
        spaced.push(r);
      });
      out.write(`${report.title}\n\n`);
      const text = renderListTable(spaced, columns, { color: plan.color, terminalWidth: currentIO().out.columns });
      if (text) out.write(text);
      break;
    }
    case 'json': {
      // every column (hidden ones too) unless --fields chose
      const columns = plan.fields ? selectColumns(plan.columns, plan.fields) : plan.columns;
      out.write(`${JSON.stringify(reportJson(report, columns), null, 2)}\n`);
      break;
    }
    default: {
      const renderer = createListRenderer({ ...plan, out, terminalWidth: currentIO().out.columns });
      renderer.push(rows);
      renderer.end();
    }
  }
  for (const c of report.checks) notice(c.ok ? c.message : `acct: ${c.message}`);
  for (const n of report.notes) notice(n);
}
