// `acct accounts list`: the bare array of GET /accounts. With --from/--to the API adds balances; on a
// table they are grouped by type with a subtotal per type (the computed profit/loss rows belong to the
// liabilities). TSV, CSV and JSON stay the API's rows as they are.
import { listAccounts } from '../../api/endpoints/accounts.js';
import { UsageError } from '../../errors.js';
import { selectColumns, type Column } from '../../output/index.js';
import { renderListTable } from '../../output/table.js';
import { notice } from '../globals.js';
import { listRenderer, planOutput, type OutputPlan } from '../output.js';
import { positiveInt, queryFromFilters } from '../resource/body.js';
import type { VerbIO } from '../verb.js';
import { ACCOUNT_COLUMNS, ACCOUNT_FILTERS, COLUMNS_WITHOUT_BALANCE } from './fields.js';
import { currentIO } from '../io.js';

type Rec = Record<string, unknown>;

const GROUP_ORDER = ['bank', 'assets', 'deprecations', 'liabilities', 'income', 'expense'];

/** A balance as integer Rappen (the API sends decimals with at most two places). */
const rappen = (value: unknown): number => Math.round(Number(value ?? 0) * 100);

/** Rappen → a decimal string the money column formats ("-1234.50"). */
function decimal(r: number): string {
  const abs = Math.abs(r);
  return `${r < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Rows for the grouped table: each type's accounts, then a subtotal row labelled in `labelKey`, with a
 * blank row between groups. Types come in balance-sheet order; computed rows join the liabilities.
 */
export function groupByType(rows: Rec[], labelKey: string): Rec[] {
  const groups = new Map<string, Rec[]>();
  for (const row of rows) {
    const type = row.computed === true ? 'liabilities' : String(row.type ?? '');
    if (!groups.has(type)) groups.set(type, []);
    groups.get(type)!.push(row);
  }
  const order = [
    ...GROUP_ORDER.filter((t) => groups.has(t)),
    ...[...groups.keys()].filter((t) => !GROUP_ORDER.includes(t)),
  ];
  const out: Rec[] = [];
  order.forEach((type, i) => {
    if (i > 0) out.push({});
    const members = groups.get(type)!;
    out.push(...members);
    const total = members.reduce((sum, r) => sum + rappen(r.balance), 0);
    out.push({ [labelKey]: `Total ${type || 'other'}`, balance: decimal(total) });
  });
  return out;
}

function printGrouped(plan: OutputPlan, rows: Rec[]): boolean {
  const columns: Column[] = selectColumns(plan.columns, plan.fields);
  const keys = columns.map((c) => c.key);
  if (!keys.includes('balance')) return false;
  const labelKey = keys.includes('name') ? 'name' : (keys.find((k) => k !== 'balance') ?? 'balance');
  const text = renderListTable(groupByType(rows, labelKey), columns, {
    color: plan.color,
    terminalWidth: currentIO().out.columns,
  });
  if (text) currentIO().out.write(text);
  return true;
}

/** The list flags (--page, --per-page and --all are declared but hidden: the list is not paginated) and the filters. */
interface ListOptions {
  page?: string;
  perPage?: string;
  limit?: string;
  all?: boolean;
  type?: string;
  from?: string;
  to?: string;
}

export default async function list(options: ListOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  if (options.page !== undefined || options.perPage !== undefined)
    throw new UsageError(
      'the accounts list is not paginated: --page and --per-page do not apply (--limit N shows the first N)',
    );
  const limit = positiveInt('--limit', options.limit);
  const query = queryFromFilters(ACCOUNT_FILTERS, options);
  const withBalances = query.start !== undefined || query.until !== undefined;
  const plan = planOutput(g, withBalances ? ACCOUNT_COLUMNS : COLUMNS_WITHOUT_BALANCE);
  await io.withRuntime(async (rt) => {
    let rows = await listAccounts(rt.client, await rt.company(), query);
    if (limit !== undefined) rows = rows.slice(0, limit);
    if (rows.length === 0 && io.err.isTTY) notice('No accounts found.');
    if (plan.format === 'table' && withBalances && rows.length > 0 && printGrouped(plan, rows)) return;
    const renderer = listRenderer(plan);
    renderer.push(rows);
    renderer.end();
  });
}
