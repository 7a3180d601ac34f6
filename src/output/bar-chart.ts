// A bar chart for the terminal: one row per period and series, a bar of Unicode blocks and the amount
// beside it in Swiss format (1'234.50), fitted to a width. Pure: the caller says how wide and whether
// colour is allowed.
//
// Bars share one scale, so revenue and expenses compare at a glance. A positive bar grows to the right
// in eighths of a cell (▏▎▍▌▋▊▉█). When any value is negative (a loss, a negative balance) an axis │
// splits the bar area in proportion to the largest negative and the largest positive value, and a
// negative bar grows to the left of it; Unicode has no left-growing eighth blocks that terminal fonts
// carry, so those bars are drawn in halves (▐ then █). The amount keeps its minus sign and, with
// colour, a negative bar is red. A value other than zero always shows at least the smallest block.
import { chartExtent, type ChartData, type ChartSeries, type ProfitRole } from '../reports/chart.js';
import { chalkFor, truncate as cut, width as length } from './table.js';

export const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
export const FULL = '█';
/** the right half of a cell: the end of a bar that grows to the left */
export const HALF = '▐';
export const AXIS = '│';
const GAP = '  ';
/** the bar area is not squeezed below this while labels can still give way */
const MIN_BAR = 20;
/** labels are cut (with …) no shorter than this (Revenue, Expenses, Jan 2025 stay whole) */
const MIN_LABEL = 8;

type Colour = 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan' | 'red';

/**
 * Revenue green, expenses yellow, profit blue; chosen accounts take the palette in turn. Red is for negative bars only.
 */
const PROFIT_COLOURS: Record<ProfitRole, Colour> = { revenue: 'green', expenses: 'yellow', profit: 'blue' };
const PALETTE: Colour[] = ['blue', 'magenta', 'cyan', 'yellow', 'green'];
const colourOf = (s: ChartSeries, i: number): Colour => (s.role ? PROFIT_COLOURS[s.role] : PALETTE[i % PALETTE.length]);

export interface BarChartOptions {
  /** the number of columns the chart may use */
  width: number;
  color: boolean;
}

/** A piece of a row: text, and the colour it is drawn in. */
interface Segment {
  text: string;
  colour?: Colour;
  bold?: boolean;
}

const padEnd = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - length(s)));
const padStart = (s: string, w: number) => ' '.repeat(Math.max(0, w - length(s))) + s;

/** A right-growing bar of `eighths` eighths of a cell. */
function rightBar(eighths: number): string {
  return FULL.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}

/** A left-growing bar of `halves` halves of a cell, right-aligned in `cells` cells. */
function leftBar(halves: number, cells: number): string {
  const bar = (halves % 2 ? HALF : '') + FULL.repeat(Math.floor(halves / 2));
  return padStart(bar, cells);
}

export function renderBarChart(chart: ChartData, opts: BarChartOptions): string {
  const width = Math.max(1, Math.floor(opts.width));
  const paint = painter(opts.color);
  const out: string[] = [cut(chart.title, width), ''];
  if (chart.groups.length === 0 || chart.series.length === 0) return `${out.join('\n')}\n`;

  const many = chart.series.length > 1;
  const { amounts, maxPositive, maxNegative } = chartExtent(chart);
  const amountWidth = Math.max(...amounts.flat().map(length));
  let periodWidth = Math.max(...chart.groups.map((g) => length(g.label)));
  let seriesWidth = many ? Math.max(...chart.series.map((s) => length(s.label))) : 0;
  const fixed = () => periodWidth + GAP.length + (many ? seriesWidth + GAP.length : 0) + GAP.length + amountWidth;
  // labels give way to the bars: the series names first, then the periods
  if (many)
    seriesWidth = Math.max(Math.min(seriesWidth, MIN_LABEL), seriesWidth - Math.max(0, fixed() + MIN_BAR - width));
  periodWidth = Math.max(Math.min(periodWidth, MIN_LABEL), periodWidth - Math.max(0, fixed() + MIN_BAR - width));
  const barWidth = Math.max(1, width - fixed());

  // the cells left of the axis (none without negative values) and right of it
  let left = 0;
  let right = barWidth;
  if (maxNegative > 0) {
    const room = Math.max(2, barWidth - 1);
    left =
      maxPositive === 0
        ? room
        : Math.min(room - 1, Math.max(1, Math.round((room * maxNegative) / (maxNegative + maxPositive))));
    right = room - left;
  }
  // cells per Rappen: the longest bar on either side fills its side
  const scale = Math.min(
    maxPositive > 0 ? right / maxPositive : Infinity,
    maxNegative > 0 ? left / maxNegative : Infinity,
  );

  const bar = (value: number, colour: Colour): Segment[] => {
    const segments: Segment[] = [];
    if (maxNegative > 0) {
      const halves = value < 0 ? Math.min(left * 2, Math.max(1, Math.round(-value * scale * 2))) : 0;
      const text = leftBar(halves, left);
      const blanks = left - Math.ceil(halves / 2);
      segments.push({ text: text.slice(0, blanks) }, { text: text.slice(blanks), colour: 'red' }, { text: AXIS });
    }
    const eighths = value > 0 ? Math.min(right * 8, Math.max(1, Math.round(value * scale * 8))) : 0;
    const text = rightBar(eighths);
    segments.push({ text, colour }, { text: ' '.repeat(right - length(text)) });
    return segments;
  };

  chart.groups.forEach((g, gi) => {
    if (many && gi > 0) out.push('');
    chart.series.forEach((s, si) => {
      const row: Segment[] = [
        { text: padEnd(si === 0 ? cut(g.label, periodWidth) : '', periodWidth) + GAP, bold: true },
        ...(many ? [{ text: padEnd(cut(s.label, seriesWidth), seriesWidth) + GAP }] : []),
        ...bar(g.values[si], colourOf(s, si)),
        { text: GAP + padStart(amounts[gi][si], amountWidth) },
      ];
      out.push(paint(row, width));
    });
  });
  return `${out.join('\n')}\n`;
}

/** Joins a row's segments, cut to `width` columns, colouring those that have a colour when allowed. */
function painter(color: boolean): (row: Segment[], width: number) => string {
  const chalk = chalkFor(color);
  return (row, width) => {
    let room = width;
    let line = '';
    for (const s of row) {
      const text = [...s.text].slice(0, Math.max(0, room)).join('');
      room -= length(text);
      if (text === '') continue;
      line +=
        chalk && s.colour && text.trim()
          ? chalk[s.colour](text)
          : chalk && s.bold && text.trim()
            ? chalk.bold(text)
            : text;
    }
    return line.trimEnd();
  };
}
