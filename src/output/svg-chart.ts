// The chart as an SVG image for a mail or a report: a title, a legend, per period a group of
// horizontal bars (one per series) on a common scale, a zero axis with grid lines and their amounts,
// and each bar's amount beside it in Swiss format. Pure string building, no browser: the text widths
// are estimated from the number of characters.
//
// As in the terminal, a negative value is a red bar to the left of the zero axis, its amount with a
// minus sign; the legend then names red as "negative". Each bar carries its figure as data attributes
// (data-period, data-series, data-value as a raw decimal) so a program can read the image back.
import { escapeMarkup } from '../domain/markup.js';
import { groupRappen, rappenToString } from '../domain/money.js';
import { chartExtent, type ChartData, type ChartSeries, type ProfitRole } from '../reports/chart.js';

const PROFIT_COLOURS: Record<ProfitRole, string> = { revenue: '#2e7d32', expenses: '#ef8f00', profit: '#1565c0' };
const PALETTE = ['#1565c0', '#7b1fa2', '#00838f', '#ef8f00', '#2e7d32'];
export const NEGATIVE_COLOUR = '#c62828';
export const seriesColour = (s: ChartSeries, i: number): string =>
  s.role ? PROFIT_COLOURS[s.role] : PALETTE[i % PALETTE.length];

const FONT = 'Helvetica, Arial, sans-serif';
const PAD = 16;
/** estimated width of a character at 12 px (DejaVu Sans, wider than Helvetica, where that is the font), and in bold */
const CHAR = 7;
const BOLD_CHAR = 8;
const BAR_HEIGHT = 14;
const BAR_GAP = 3;
const GROUP_GAP = 14;
const LEGEND_ROW = 20;
const TICK_TARGET = 5;

export interface SvgChartOptions {
  /** the image's width in pixels (default 800) */
  width?: number;
}

/** A pixel coordinate with at most two decimals. */
const px = (n: number) => String(Math.round(n * 100) / 100);

/** A grid step of 1, 2 or 5 × a power of ten Rappen, giving about TICK_TARGET steps over `span`. */
export function tickStep(span: number): number {
  const raw = span / TICK_TARGET;
  let power = 1;
  while (power * 10 <= raw) power *= 10;
  return [1, 2, 5, 10].map((f) => f * power).find((s) => s >= raw) ?? power * 10;
}

/** A grid line's amount: whole francs without the Rappen. */
const tickLabel = (rappen: number) => groupRappen(rappen).replace(/\.00$/, '');

export function renderSvgChart(chart: ChartData, opts: SvgChartOptions = {}): string {
  const width = opts.width ?? 800;
  const { amounts, maxPositive, maxNegative } = chartExtent(chart);
  const parts: string[] = [];
  const text = (x: number, y: number, content: string, attrs = '') =>
    parts.push(`<text x="${px(x)}" y="${px(y)}"${attrs ? ` ${attrs}` : ''}>${escapeMarkup(content)}</text>`);

  // title and legend
  let y = PAD + 15;
  text(PAD, y, chart.title, 'font-size="15" font-weight="bold"');
  y += 14;
  const legend = [
    ...chart.series.map((s, i) => ({ label: s.label, colour: seriesColour(s, i) })),
    ...(maxNegative > 0 ? [{ label: 'negative', colour: NEGATIVE_COLOUR }] : []),
  ];
  let x = PAD;
  y += 6;
  for (const item of legend) {
    const itemWidth = 12 + 6 + item.label.length * CHAR + 14;
    if (x > PAD && x + itemWidth > width - PAD) {
      x = PAD;
      y += LEGEND_ROW;
    }
    parts.push(`<rect class="legend" x="${px(x)}" y="${px(y)}" width="12" height="12" fill="${item.colour}"/>`);
    text(x + 18, y + 10.5, item.label);
    x += itemWidth;
  }
  y += LEGEND_ROW + 10;

  // the plot: period labels on the left, the amounts' room on the right
  const labelWidth = Math.max(0, ...chart.groups.map((g) => g.label.length)) * BOLD_CHAR + 16;
  const amountWidth = Math.max(0, ...amounts.flat().map((a) => a.length)) * CHAR + 8;
  const plotLeft = PAD + labelWidth;
  const plotRight = Math.max(plotLeft + 40, width - PAD - amountWidth);
  const spread = maxNegative + maxPositive;
  // pixels per Rappen; the axis sits where zero falls
  const scale = spread > 0 ? (plotRight - plotLeft) / spread : 0;
  const axis = plotLeft + maxNegative * scale;
  const top = y;
  const groupHeight = chart.series.length * (BAR_HEIGHT + BAR_GAP) - BAR_GAP;
  const bottom = top + chart.groups.length * (groupHeight + GROUP_GAP) - (chart.groups.length ? GROUP_GAP : 0);

  // grid lines at round amounts, with their amounts below the plot
  if (spread > 0) {
    const step = tickStep(spread);
    for (let t = -Math.floor(maxNegative / step) * step; t <= maxPositive; t += step) {
      const tx = axis + t * scale;
      if (t !== 0)
        parts.push(
          `<line class="grid" x1="${px(tx)}" y1="${px(top - 4)}" x2="${px(tx)}" y2="${px(bottom + 4)}" ` +
            `stroke="#e0e0e0"/>`,
        );
      text(tx, bottom + 18, tickLabel(t), 'font-size="10" fill="#666" text-anchor="middle"');
    }
  }

  chart.groups.forEach((g, gi) => {
    const groupTop = top + gi * (groupHeight + GROUP_GAP);
    text(PAD, groupTop + groupHeight / 2 + 4, g.label, 'font-weight="bold"');
    chart.series.forEach((s, si) => {
      const value = g.values[si];
      const barTop = groupTop + si * (BAR_HEIGHT + BAR_GAP);
      const length = Math.abs(value) * scale;
      const barX = value < 0 ? axis - length : axis;
      const fill = value < 0 ? NEGATIVE_COLOUR : seriesColour(s, si);
      parts.push(
        `<rect class="bar" x="${px(barX)}" y="${px(barTop)}" width="${px(length)}" height="${BAR_HEIGHT}" ` +
          `fill="${fill}" data-period="${escapeMarkup(g.key)}" data-series="${escapeMarkup(s.key)}" ` +
          `data-value="${rappenToString(value)}"/>`,
      );
      // beside the bar: after a positive bar's end, right of the axis for a negative one
      text(
        (value > 0 ? axis + length : axis) + 4,
        barTop + BAR_HEIGHT - 3,
        amounts[gi][si],
        'class="amount" font-size="11" fill="#333"',
      );
    });
  });
  if (chart.groups.length)
    parts.push(
      `<line class="axis" x1="${px(axis)}" y1="${px(top - 4)}" x2="${px(axis)}" y2="${px(bottom + 4)}" stroke="#333"/>`,
    );

  const height = Math.ceil(bottom + 18 + PAD);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
      `font-family="${FONT}" font-size="12">`,
    `<title>${escapeMarkup(chart.title)}</title>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
