// `acct proposals|invoices positions list|add|update|remove`: one position at a time; the service
// recomputes the totals after each change (an invoice only while it is open).
import { addPosition, listPositions, removePosition, updatePosition } from '../../api/endpoints/documents.js';
import { UsageError } from '../../errors.js';
import { notice } from '../globals.js';
import { listRenderer, planOutput, printRecord, type OutputPlan } from '../output.js';
import type { VerbIO } from '../verb.js';
import { parseDiscount, parsePositionFlag, parseProductFlag, textItem } from './input.js';
import { discountText } from './view.js';
import { parseAmount } from '../shared/numbers.js';
import { productItem, withDocument, type DocumentArgs } from './common.js';
import { positionColumns, type KindFacts } from './fields.js';

type Rec = Record<string, any>;

interface AddOptions extends DocumentArgs {
  position?: string;
  text?: string;
  collection?: string;
  product?: string;
  discount?: string;
  /** the collection's position id */
  in?: string;
}

interface UpdateOptions extends DocumentArgs {
  positionId: string;
  description?: string;
  title?: string;
  amount?: string;
  price?: string;
  unit?: string;
  discount?: string;
}

interface RemoveOptions extends DocumentArgs {
  positionId: string;
}

const positionId = (raw: string, flag = 'position id'): number => {
  if (!/^\d+$/.test(raw.trim()))
    throw new UsageError(`invalid ${flag} "${raw}": expected the position's id (positions list shows it)`);
  return Number(raw.trim());
};

/**
 * On a table: a collection shows its title where the others show their description; a discount reads "10 %" or the
 * amount.
 */
const shown = (p: Rec): Rec => ({
  ...p,
  description: p.type === 'collection' ? p.title : p.description,
  discount_amount: discountText(p),
});

const printPosition = (plan: OutputPlan, p: Rec) => printRecord(plan, plan.format === 'table' ? shown(p) : p);

export async function list(k: KindFacts, options: DocumentArgs, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, positionColumns(k));
  await withDocument(g, k, options, async ({ rt, company, id }) => {
    const positions = await listPositions(rt.client, k.kind, company, id);
    const renderer = listRenderer(plan);
    renderer.push(plan.format === 'table' ? positions.map(shown) : positions);
    renderer.end();
    if (positions.length === 0 && io.err.isTTY) notice(`The ${k.noun} has no positions.`);
  });
}

export async function add(k: KindFacts, o: AddOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, positionColumns(k));
  const kinds = [o.position, o.text, o.collection, o.product].filter((v) => v !== undefined);
  if (kinds.length !== 1) throw new UsageError('give one of --position, --text, --collection or --product');
  const item: Rec =
    o.position !== undefined
      ? parsePositionFlag(o.position)
      : o.text !== undefined
        ? textItem(o.text)
        : o.collection !== undefined
          ? { type: 'collection', title: o.collection }
          : {};
  const product = o.product === undefined ? undefined : parseProductFlag(o.product);
  if (o.discount !== undefined) {
    if (o.position === undefined && o.product === undefined)
      throw new UsageError('--discount goes with --position or --product');
    Object.assign(item, parseDiscount(o.discount));
  }
  if (o.in !== undefined) {
    if (o.collection !== undefined) throw new UsageError('a collection cannot go into another collection (--in)');
    item.parent_id = positionId(o.in, '--in');
  }
  await withDocument(g, k, o, async ({ rt, company, resolver, id }) => {
    if (product) Object.assign(item, await productItem(rt.client, company, resolver, product));
    printPosition(plan, await addPosition(rt.client, k.kind, company, id, item));
  });
}

export async function update(k: KindFacts, o: UpdateOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, positionColumns(k));
  const pid = positionId(o.positionId);
  const changes: Rec = {};
  if (o.description !== undefined) changes.description = o.description;
  if (o.title !== undefined) changes.title = o.title;
  // a quantity holds thousandths
  if (o.amount !== undefined) changes.amount = parseAmount(o.amount, 'amount', 3);
  if (o.price !== undefined) changes.price = parseAmount(o.price, 'price');
  if (o.unit !== undefined) changes.unit = o.unit;
  if (o.discount !== undefined) Object.assign(changes, parseDiscount(o.discount));
  if (Object.keys(changes).length === 0)
    throw new UsageError('nothing to change: give --description, --title, --amount, --price, --unit or --discount');
  await withDocument(g, k, o, async ({ rt, company, id }) => {
    printPosition(plan, await updatePosition(rt.client, k.kind, company, id, pid, changes));
  });
}

export async function remove(k: KindFacts, o: RemoveOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const pid = positionId(o.positionId);
  await withDocument(g, k, o, async ({ rt, company, id }) => {
    await removePosition(rt.client, k.kind, company, id, pid);
    notice(`Removed position ${pid} from ${k.noun} ${o[k.noun]}.`);
  });
}
