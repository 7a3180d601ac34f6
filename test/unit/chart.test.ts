// The chart of `acct report chart`: the model (src/reports/chart.ts) takes the income statement's own
// totals per period, and the two renderers draw it — Unicode bars fitted to a terminal width
// (src/output/bar-chart.ts) and an SVG image (src/output/svg-chart.ts), both with bars proportional to
// the amounts and the amounts printed exactly.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import { escapeMarkup } from '../../src/domain/markup.js';
import { AXIS, EIGHTHS, FULL, HALF, renderBarChart } from '../../src/output/bar-chart.js';
import { NEGATIVE_COLOUR, renderSvgChart, tickStep } from '../../src/output/svg-chart.js';
import {
  accountChart,
  profitChart,
  PROFIT_SERIES,
  unknownAccounts,
  type ChartData,
  type PeriodAccounts,
} from '../../src/reports/chart.js';
import { incomeStatement } from '../../src/reports/income-statement.js';
import { splitPeriod } from '../../src/reports/period.js';
import type { AccountType, ReportAccount } from '../../src/reports/types.js';

const account = (number: number, name: string, type: AccountType, balance: number): ReportAccount => ({
  id: number,
  number,
  name,
  type,
  balance,
  computed: false,
});

/**
 * The accounts of one period as GET /accounts?type=all answers them: every account, zero or not, and a computed row.
 */
const accountsOf = (income: number, rent: number, admin: number, bank: number): ReportAccount[] => [
  account(1020, 'Bankguthaben', 'bank', bank),
  account(2800, 'Eigenkapital', 'liabilities', 2000000),
  account(3400, 'Dienstleistungserlöse', 'income', income),
  account(6000, 'Raumaufwand', 'expense', rent),
  account(6500, 'Verwaltungsaufwand', 'expense', admin),
  { id: null, number: null, name: 'Gewinn/Verlust', type: null, balance: 999, computed: true },
];

// Q1 2025: January a loss (rent, no income), February and March profits; amounts in Rappen
const Q1: PeriodAccounts[] = splitPeriod({ from: '2025-01-01', to: '2025-03-31' }, 'monthly').map((p, i) => ({
  ...p,
  accounts: [
    accountsOf(0, 600000, 0, 1400000),
    accountsOf(1000000, 0, 9251, 2390749),
    accountsOf(500000, 0, 0, 2890749),
  ][i],
}));

describe('the chart model', () => {
  test('revenue, expenses and profit per period are the income statement of each period', () => {
    const chart = profitChart(Q1, 'monthly');
    expect(chart.title).toBe('Revenue, expenses and profit by month, 2025-01-01 to 2025-03-31');
    expect(chart.series.map((s) => s.key)).toEqual(['revenue', 'expenses', 'profit']);
    expect(chart.groups.map((g) => [g.key, g.label, g.from, g.to, g.values])).toEqual([
      ['2025-01', 'Jan 2025', '2025-01-01', '2025-01-31', [0, 600000, -600000]],
      ['2025-02', 'Feb 2025', '2025-02-01', '2025-02-28', [1000000, 9251, 990749]],
      ['2025-03', 'Mar 2025', '2025-03-01', '2025-03-31', [500000, 0, 500000]],
    ]);
    for (const [i, p] of Q1.entries()) {
      const summary = Object.fromEntries(
        incomeStatement({ from: p.from, to: p.to, accounts: p.accounts }).summary.map((s) => [s.key, s.value]),
      );
      expect(chart.groups[i].values).toEqual([summary.income, summary.expense, summary.profit]);
    }
  });

  test('chosen accounts: one series each, in the order given, with the balance of each period', () => {
    const chart = accountChart(Q1, [6000, 3400, 1020], 'monthly');
    expect(chart.title).toBe('Accounts 6000, 3400, 1020 by month, 2025-01-01 to 2025-03-31');
    expect(chart.series).toEqual([
      { key: 'account_6000', label: '6000 Raumaufwand' },
      { key: 'account_3400', label: '3400 Dienstleistungserlöse' },
      { key: 'account_1020', label: '1020 Bankguthaben' },
    ]);
    expect(chart.groups.map((g) => g.values)).toEqual([
      [600000, 0, 1400000],
      [0, 1000000, 2390749],
      [0, 500000, 2890749],
    ]);
    expect(accountChart(Q1, [3400], 'quarterly').title).toBe('Account 3400 by quarter, 2025-01-01 to 2025-03-31');
  });

  test('unknown account numbers are named; the computed rows are no account', () => {
    expect(unknownAccounts(Q1[0].accounts, [3400, 3999, 1020, 7000])).toEqual([3999, 7000]);
    expect(() => accountChart(Q1, [3999], 'monthly')).toThrow('no account 3999');
  });
});

// ---- the terminal ---------------------------------------------------------------------------------

const ANSI = /\u001b\[[0-9;]*m/g;
const plain = (s: string) => s.replace(ANSI, '');
const columns = (line: string) => [...plain(line)].length;

/** The eighths of the right-growing bar in a row (0 for none). */
function eighthsOf(line: string): number {
  const bar = /[█▏▎▍▌▋▊▉]+/.exec(plain(line).split(AXIS).at(-1)!)?.[0] ?? '';
  return [...bar].reduce((n, c) => n + (c === FULL ? 8 : EIGHTHS.indexOf(c)), 0);
}

/** The halves of the left-growing bar in a row (left of the axis). */
function halvesOf(line: string): number {
  const side = plain(line).split(AXIS)[0];
  return [...side].reduce((n, c) => n + (c === FULL ? 2 : c === HALF ? 1 : 0), 0);
}

const rowsOf = (text: string) =>
  text
    .split('\n')
    .slice(2)
    .filter((l) => l.trim() !== '');

/** A chart of positive values only, with labels of every length. */
const POSITIVE: ChartData = {
  title: 'Revenue, expenses and profit by quarter, 2025-01-01 to 2025-12-31',
  series: PROFIT_SERIES,
  groups: [
    {
      key: '2025Q1',
      label: '2025Q1',
      from: '2025-01-01',
      to: '2025-03-31',
      values: [1234567890, 1000000000, 234567890],
    },
    { key: '2025Q2', label: '2025Q2', from: '2025-04-01', to: '2025-06-30', values: [50, 0, 50] },
  ],
};

describe('the terminal bar chart', () => {
  test.each([40, 80, 200])(
    'width %i: no line wider, amounts in Swiss format, bars proportional in eighths',
    (width) => {
      const text = renderBarChart(POSITIVE, { width, color: false });
      const lines = text.split('\n');
      for (const l of lines) expect(columns(l)).toBeLessThanOrEqual(width);
      const rows = rowsOf(text);
      expect(rows).toHaveLength(6);
      expect(rows[0]).toMatch(/^2025Q1 {2}Revenue {3}█+[▏▎▍▌▋▊▉]? * 12'345'678\.90$/);
      expect(rows[1]).toMatch(/ 10'000'000\.00$/);
      expect(rows[4]).toMatch(/^ {8}Expenses {2} +0\.00$/); // zero: no bar
      // the largest value fills the bar area; the others in proportion, to the nearest eighth
      const full = eighthsOf(rows[0]);
      expect(full).toBe((width - 8 - 10 - 2 - 13) * 8);
      expect(Math.abs(eighthsOf(rows[1]) - (full * 1000000000) / 1234567890)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(eighthsOf(rows[2]) - (full * 234567890) / 1234567890)).toBeLessThanOrEqual(0.5);
      // 0.50 of 12 million is far below an eighth, but not nothing
      expect(eighthsOf(rows[3])).toBe(1);
      expect(text).not.toMatch(ANSI);
    },
  );

  test('a loss is a bar to the left of the axis, in halves, with its minus sign; the sides share one scale', () => {
    const chart = profitChart(Q1, 'monthly');
    const text = renderBarChart(chart, { width: 80, color: false });
    const rows = rowsOf(text);
    expect(text.split('\n').slice(0, 2)).toEqual([
      'Revenue, expenses and profit by month, 2025-01-01 to 2025-03-31',
      '',
    ]);
    expect(rows.map((r) => r.slice(0, 20))).toEqual([
      'Jan 2025  Revenue   ',
      '          Expenses  ',
      '          Profit    ',
      'Feb 2025  Revenue   ',
      '          Expenses  ',
      '          Profit    ',
      'Mar 2025  Revenue   ',
      '          Expenses  ',
      '          Profit    ',
    ]);
    expect(rows.map((r) => r.split(/\s+/).at(-1))).toEqual([
      '0.00',
      "6'000.00",
      "-6'000.00",
      "10'000.00",
      '92.51',
      "9'907.49",
      "5'000.00",
      '0.00',
      "5'000.00",
    ]);
    // every row has the axis in the same column
    const at = rows.map((r) => [...r].indexOf(AXIS));
    expect(new Set(at).size).toBe(1);
    // only the loss grows to the left
    expect(rows.map(halvesOf)).toEqual([0, 0, expect.any(Number), 0, 0, 0, 0, 0, 0]);
    const loss = halvesOf(rows[2]);
    const rent = eighthsOf(rows[1]);
    const best = eighthsOf(rows[3]);
    // one scale: the loss of 6'000 is as long as the rent of 6'000 (halves vs eighths), revenue 10'000 fills its side
    expect(Math.abs(loss * 4 - rent)).toBeLessThanOrEqual(4);
    expect(Math.abs(rent - (best * 6000) / 10000)).toBeLessThanOrEqual(0.5);
    // the bar area (80 less the labels' 20 and the amounts' 2 + 9) less the axis splits 6'000 : 10'000
    const barArea = 80 - 20 - 2 - 9;
    expect(at[0] - 20).toBe(Math.round(((barArea - 1) * 6000) / 16000));
  });

  test('colour: each series its colour, a negative bar red; none without colour', () => {
    const chart = profitChart(Q1, 'monthly');
    const coloured = renderBarChart(chart, { width: 80, color: true });
    const rows = rowsOf(coloured);
    expect(rows[1]).toContain('\u001b[33m█'); // expenses yellow
    expect(rows[2]).toContain('\u001b[31m'); // the loss red
    expect(rows[3]).toContain('\u001b[32m█'); // revenue green
    expect(rows[5]).toContain('\u001b[34m█'); // profit blue
    expect(plain(coloured)).toBe(renderBarChart(chart, { width: 80, color: false }));
  });

  test('one series: no series column and no blank lines; long labels give way to the bars', () => {
    const chart = accountChart(Q1, [3400], 'monthly');
    const text = renderBarChart(chart, { width: 40, color: false });
    expect(text.split('\n')).toEqual([
      'Account 3400 by month, 2025-01-01 to 20…',
      '',
      'Jan 2025                            0.00', // 8 + 2 + 19 bar cells + 2 + 9
      `Feb 2025  ${FULL.repeat(19)}  10'000.00`,
      `Mar 2025  ${FULL.repeat(9)}${EIGHTHS[4]}            5'000.00`,
      '',
    ]);
    const many = renderBarChart(accountChart(Q1, [3400, 6500, 1020], 'monthly'), { width: 40, color: false });
    for (const l of many.split('\n')) expect(columns(l)).toBeLessThanOrEqual(40);
    expect(rowsOf(many)[0]).toMatch(/^Jan 2025 {2}3400 Di… {2}/);
  });

  test('a width too small for the labels: lines are still cut to it', () => {
    for (const width of [1, 12, 25]) {
      for (const l of renderBarChart(profitChart(Q1, 'monthly'), { width, color: true }).split('\n'))
        expect(columns(l)).toBeLessThanOrEqual(width);
    }
  });
});

// ---- SVG ------------------------------------------------------------------------------------------

type Node = Record<string, any>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['rect', 'text', 'line'].includes(name),
});
const parse = (svg: string) => {
  expect(XMLValidator.validate(svg)).toBe(true);
  return parser.parse(svg).svg as Node;
};
const bars = (svg: Node) => (svg.rect as Node[]).filter((r) => r.class === 'bar');
const texts = (svg: Node) => (svg.text as Node[]).map((t) => String(typeof t === 'object' ? t['#text'] : t));

describe('the SVG chart', () => {
  test('valid XML: title, legend, one bar per period and series carrying its figure', () => {
    const svg = parse(renderSvgChart(profitChart(Q1, 'monthly')));
    expect(svg.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(svg.title).toBe('Revenue, expenses and profit by month, 2025-01-01 to 2025-03-31');
    expect(bars(svg).map((b) => [b['data-period'], b['data-series'], b['data-value']])).toEqual([
      ['2025-01', 'revenue', '0.00'],
      ['2025-01', 'expenses', '6000.00'],
      ['2025-01', 'profit', '-6000.00'],
      ['2025-02', 'revenue', '10000.00'],
      ['2025-02', 'expenses', '92.51'],
      ['2025-02', 'profit', '9907.49'],
      ['2025-03', 'revenue', '5000.00'],
      ['2025-03', 'expenses', '0.00'],
      ['2025-03', 'profit', '5000.00'],
    ]);
    const words = texts(svg);
    for (const label of [
      'Revenue',
      'Expenses',
      'Profit',
      'negative',
      'Jan 2025',
      'Feb 2025',
      'Mar 2025',
      "-6'000.00",
      "9'907.49",
      '92.51',
    ])
      expect(words).toContain(label);
    expect((svg.rect as Node[]).filter((r) => r.class === 'legend').map((r) => r.fill)).toEqual([
      '#2e7d32',
      '#ef8f00',
      '#1565c0',
      NEGATIVE_COLOUR,
    ]);
  });

  test('bar lengths are proportional to the amounts; a negative bar ends at the axis, red', () => {
    const svg = parse(renderSvgChart(profitChart(Q1, 'monthly'), { width: 640 }));
    expect(svg.width).toBe('640');
    const axis = Number((svg.line as Node[]).find((l) => l.class === 'axis')!.x1);
    const list = bars(svg).filter((b) => b['data-value'] !== '0.00');
    const perFranc = list.map((b) => Number(b.width) / Math.abs(Number(b['data-value'])));
    for (const r of perFranc) expect(r).toBeCloseTo(perFranc[0], 4);
    for (const b of list) {
      const negative = b['data-value'].startsWith('-');
      expect(Number(negative ? Number(b.x) + Number(b.width) : b.x)).toBeCloseTo(axis, 1);
      expect(b.fill === NEGATIVE_COLOUR).toBe(negative);
    }
    // the widest bar (revenue 10'000) and the loss (6'000) together span the plot, within the image
    const widest = Math.max(...list.map((b) => Number(b.x) + Number(b.width)));
    expect(widest).toBeLessThan(640);
  });

  test('text is escaped; positive charts have no "negative" legend and a grid at round amounts', () => {
    const chart: ChartData = {
      title: 'Accounts <3400> & "6000"',
      series: [{ key: 'account_3400', label: "3400 Müller & Söhne's <Erlöse>" }],
      groups: [{ key: '2025', label: '2025', from: '2025-01-01', to: '2025-12-31', values: [1234550] }],
    };
    const raw = renderSvgChart(chart);
    expect(raw).toContain("3400 Müller &amp; Söhne's &lt;Erlöse&gt;");
    const svg = parse(raw);
    expect(svg.title).toBe('Accounts <3400> & "6000"');
    const words = texts(svg);
    expect(words).not.toContain('negative');
    expect(words).toEqual(expect.arrayContaining(['0', "5'000", "10'000", "12'345.50"]));
    expect(escapeMarkup(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;'&amp;'&lt;/a&gt;");
  });

  test('grid steps are 1, 2 or 5 times a power of ten Rappen', () => {
    expect([1, 7, 49, 100, 1234550, 1600000, 999999999].map(tickStep)).toEqual([
      1, 2, 10, 20, 500000, 500000, 200000000,
    ]);
  });
});
