// What the document verbs build from the command line before anything is sent, pure so it is tested
// apart: positions from `--position "Beratung;2.5;150;h"` and `--text`, positions from a project's
// time entries (`--times-of`, grouped by entry, date or task, one position per rate), and the parts of
// `acct proposals split --part "Anzahlung=40%"` as amounts that total the proposal to the Rappen.
// Amounts inside are integer Rappen; the API items carry decimal strings.
import { mulDivRound, rappenToString, scaledToString, toRappen, toScaled } from '../../domain/money.js';
import { CliError, UsageError } from '../../errors.js';
import { formatDate } from '../../output/format.js';
import { typedDecimal } from '../shared/numbers.js';

/** A position item as the API takes it in `positions`. */
export interface PositionItem {
  type: 'position' | 'text' | 'collection';
  description?: string;
  text?: string;
  amount?: string;
  price?: string;
  unit?: string | null;
  date?: string;
}

const usage = (message: string) => new UsageError(message);

/** A decimal ≥ 0 typed by a person (`2.5`, `2,5`, `1'500.50`) scaled to `places`; undefined when it is not one. */
function typedScaled(raw: string, places: number): number | undefined {
  const text = typedDecimal(raw, places, false);
  return text === undefined ? undefined : toScaled(text, places);
}

/**
 * `description;amount;price[;unit]`, read from the right so a description may hold semicolons:
 * "Beratung;2.5;150;h" → 2.5 h at 150.00. Amount up to 3 decimals, price up to 2.
 */
export function parsePositionFlag(value: string): PositionItem {
  const parts = value.split(';');
  const hasUnit = parts.length >= 4 && typedScaled(parts[parts.length - 1], 2) === undefined;
  const unit = hasUnit ? parts.pop()!.trim() : null;
  if (parts.length < 3)
    throw usage(`--position "${value}": expected "description;amount;price[;unit]", e.g. "Beratung;2.5;150;h"`);
  const priceText = parts.pop()!;
  const amountText = parts.pop()!;
  const description = parts.join(';').trim();
  const amount = typedScaled(amountText, 3);
  const price = typedScaled(priceText, 2);
  if (description === '') throw usage(`--position "${value}": the description is empty`);
  if (amount === undefined)
    throw usage(`--position "${value}": amount "${amountText.trim()}" is not a number ≥ 0 with at most 3 decimals`);
  if (price === undefined)
    throw usage(`--position "${value}": price "${priceText.trim()}" is not an amount ≥ 0 with at most 2 decimals`);
  return {
    type: 'position',
    description,
    amount: scaledToString(amount, 3),
    price: rappenToString(price),
    unit: unit || null,
  };
}

/** Why a typed quantity (up to 3 decimals) or price (up to 2) cannot be taken; undefined when it can. */
export const quantityProblem = (text: string): string | undefined =>
  typedScaled(text, 3) === undefined
    ? `"${text.trim()}" is not a number ≥ 0 with at most 3 decimals, e.g. 2.5`
    : undefined;
export const priceProblem = (text: string): string | undefined =>
  typedScaled(text, 2) === undefined
    ? `"${text.trim()}" is not an amount ≥ 0 with at most 2 decimals, e.g. 150 or 1'200.50`
    : undefined;

/** A position from its parts as a person answered them (the prompts of create), read as --position reads them. */
export function positionOf(description: string, quantity: string, price: string, unit: string): PositionItem {
  const problem =
    (description.trim() === '' ? 'the description is empty' : undefined) ??
    quantityProblem(quantity) ??
    priceProblem(price);
  if (problem) throw usage(`position: ${problem}`);
  return {
    type: 'position',
    description: description.trim(),
    amount: scaledToString(typedScaled(quantity, 3)!, 3),
    price: rappenToString(typedScaled(price, 2)!),
    unit: unit.trim() || null,
  };
}

export const textItem = (text: string): PositionItem => ({ type: 'text', text });

/** `--product "Webhosting"` or `--product "USB-C Kabel:3"`: the product as typed and the quantity (default 1). */
export function parseProductFlag(value: string): { product: string; amount: string } {
  const colon = value.lastIndexOf(':');
  const amount = colon < 0 ? undefined : typedScaled(value.slice(colon + 1), 3);
  // a name may hold colons itself: only a number after the last one is a quantity (id:N stays a reference)
  const quantified = amount !== undefined && !/^id$/i.test(value.slice(0, colon).trim());
  const product = (quantified ? value.slice(0, colon) : value).trim();
  if (product === '') throw usage(`--product "${value}": expected "NAME" or "NAME:AMOUNT", e.g. "Webhosting:2"`);
  return { product, amount: scaledToString(quantified ? amount : 1000, 3) };
}

/** A discount as typed: "10%" (of the position) or an amount ("50", "12.50"). */
export function parseDiscount(value: string): { discount_amount: string; discount_type: 'percentage' | 'absolute' } {
  const text = value.trim();
  const percent = text.endsWith('%');
  const scaled = typedScaled(percent ? text.slice(0, -1) : text, 2);
  if (scaled === undefined || (percent && scaled > 10000))
    throw usage(`--discount "${value}": expected a percentage like 10% (0 to 100) or an amount like 50.00`);
  return { discount_amount: rappenToString(scaled), discount_type: percent ? 'percentage' : 'absolute' };
}

// ---- positions from time entries ------------------------------------------------------------------

export const TIME_GROUPINGS = ['entry', 'date', 'task'] as const;
export type TimeGrouping = (typeof TIME_GROUPINGS)[number];

/** What a time entry contributes (as the times list answers it; hourly_rate a decimal). */
export interface BillableTime {
  id: number;
  date: string;
  description: string | null;
  hours: number;
  minutes: number;
  hourly_rate: number | string;
  task_id: number | null;
  task_name?: string | null;
  service_id?: number | null;
  service_name?: string | null;
}

const hoursOf = (minutes: number): string => scaledToString(mulDivRound(minutes, 1000, 60), 3);

/** The longest text a position made from time entries gets: a few lines on the PDF, not a diary. */
export const WORK_TEXT_MAX = 200;

/** Texts joined with "; ", each once, cut before `max` characters at a word, with "…" where cut. */
export function joinedText(texts: readonly string[], max = WORK_TEXT_MAX): string {
  const text = [...new Set(texts.map((t) => t.trim().replace(/\s+/g, ' ')).filter((t) => t !== ''))].join('; ');
  if ([...text].length <= max) return text;
  const cut = [...text].slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s;,]+$/, '')}…`;
}

interface Group {
  date?: string;
  minutes: number;
  rate: number;
  tasks: string[];
  services: string[];
  notes: string[];
}

/** The first of the texts that says something, joined and cut; `fallback` (the project's name) when none does. */
const firstText = (fallback: string, ...texts: string[][]): string =>
  texts.map((t) => joinedText(t)).find((t) => t !== '') ?? fallback;

/**
 * One position per group and hourly rate: hours (minutes / 60, three decimals) as the amount with
 * unit h, the rate as the price. `entry`: each entry, "dd.mm.yyyy" and its text; `date`: the day's
 * entries, their texts joined; `task`: the entries of a task, else of a service, else the rest. A
 * position says what was done, never a placeholder: by task, the task's name, else the service's,
 * else the entries' descriptions; by entry or day the descriptions first, then task and service. With
 * none of these, `fallback` (the project's name). Groups keep the order of their first entry
 * (entries sorted by date, then id).
 */
export function positionsFromTimes(
  times: readonly BillableTime[],
  grouping: TimeGrouping,
  fallback: string,
): PositionItem[] {
  const sorted = [...times].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const groups = new Map<string, Group>();
  for (const t of sorted) {
    const rate = toRappen(t.hourly_rate);
    if (rate === undefined)
      throw new CliError(`time entry ${t.id} has no readable hourly rate (${String(t.hourly_rate)})`);
    const task = (t.task_name ?? '').trim();
    const service = (t.service_name ?? '').trim();
    const kind = task ? `t${t.task_id}` : service ? `s${t.service_id}` : 'n';
    const key = grouping === 'entry' ? `e${t.id}` : grouping === 'date' ? `d${t.date}|${rate}` : `${kind}|${rate}`;
    const group = groups.get(key) ?? {
      date: grouping === 'task' ? undefined : t.date,
      minutes: 0,
      rate,
      tasks: [],
      services: [],
      notes: [],
    };
    group.minutes += t.hours * 60 + t.minutes;
    group.tasks.push(task);
    group.services.push(service);
    group.notes.push(t.description ?? '');
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => ({
    type: 'position',
    description:
      g.date === undefined
        ? firstText(fallback, g.tasks, g.services, g.notes)
        : `${formatDate(g.date)} ${firstText(fallback, g.notes, g.tasks, g.services)}`,
    amount: hoursOf(g.minutes),
    price: rappenToString(g.rate),
    unit: 'h',
    ...(g.date ? { date: g.date } : {}),
  }));
}

// ---- split parts ---------------------------------------------------------------------------------

export interface SplitPart {
  title: string;
  sum: number;
}

/**
 * `--part "Anzahlung=40%"` or `--part "Rest=1200.50"` → parts whose sums total `total` (Rappen, the
 * proposal's amount before VAT when VAT comes on top). Percentages are of the total; when they and the
 * amounts add up exactly, the last percentage part takes the Rappen that rounding leaves. A mismatch
 * is a usage error saying by how much.
 */
export function splitParts(values: readonly string[], total: number): SplitPart[] {
  if (values.length === 0) throw usage('give at least one --part "TITLE=40%" or --part "TITLE=AMOUNT"');
  let percentSum = 0;
  let lastPercent = -1;
  const parts = values.map((value, i) => {
    const eq = value.lastIndexOf('=');
    const title = eq < 0 ? '' : value.slice(0, eq).trim();
    const amount = eq < 0 ? '' : value.slice(eq + 1).trim();
    if (title === '' || amount === '') throw usage(`--part "${value}": expected "TITLE=40%" or "TITLE=AMOUNT"`);
    if (amount.endsWith('%')) {
      const percent = typedScaled(amount.slice(0, -1), 2);
      if (percent === undefined || percent > 10000)
        throw usage(`--part "${value}": "${amount}" is not a percentage from 0 to 100`);
      percentSum += percent;
      lastPercent = i;
      return { title, sum: mulDivRound(total, percent, 10000), percent };
    }
    const sum = typedScaled(amount, 2);
    if (sum === undefined) throw usage(`--part "${value}": "${amount}" is not an amount with at most 2 decimals`);
    return { title, sum, percent: undefined };
  });
  const fixed = parts.filter((p) => p.percent === undefined).reduce((s, p) => s + p.sum, 0);
  // the percentages cover exactly what the amounts leave: the last one absorbs the rounding
  if (lastPercent >= 0 && mulDivRound(total, percentSum, 10000) === total - fixed) {
    const others = parts.reduce((s, p, i) => (i === lastPercent ? s : s + p.sum), 0);
    parts[lastPercent].sum = total - others;
  }
  const sum = parts.reduce((s, p) => s + p.sum, 0);
  if (sum !== total) {
    const diff = sum - total;
    throw usage(
      `the parts total ${rappenToString(sum)} (${scaledToString(mulDivRound(sum, 10000, total || 1), 2)} %), the ` +
        `proposal ${rappenToString(total)}: ` +
        `${rappenToString(Math.abs(diff))} ${diff > 0 ? 'too much' : 'missing'}; the parts must total 100 %`,
    );
  }
  return parts.map(({ title, sum: s }) => ({ title, sum: s }));
}
