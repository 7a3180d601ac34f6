// `acct proposals|invoices create` and `update <ref>`: a flag per field (references by number or
// name), positions from --position, --text, --product and --positions in the order given, or --data
// (flags override its keys). create --dry-run shows the document without creating it. What can be
// checked without the API is checked before a connection is made.
import { createDocument, getDocument, nextDocumentNumber, updateDocument } from '../../api/endpoints/documents.js';
import { customerPaths } from '../../api/endpoints/customers.js';
import { projectPaths } from '../../api/endpoints/projects.js';
import { taxRatePaths } from '../../api/endpoints/tax-rates.js';
import type { ApiClient } from '../../api/http.js';
import { UsageError } from '../../errors.js';
import { canPrompt, notice } from '../globals.js';
import { askRequired, requireAnswerable } from '../prompt.js';
import { RefResolver } from '../refs.js';
import { readDataFlag, readJsonFlag, today } from '../resource/body.js';
import type { BodyField } from '../resource/spec.js';
import type { Runtime } from '../runtime.js';
import type { VerbIO } from '../verb.js';
import { parsePositionFlag, parseProductFlag, textItem } from './input.js';
import { getRecord } from '../shared/existing.js';
import {
  documentPlan,
  flagsBody,
  printDocument,
  productItem,
  requestBody,
  withDocument,
  type DocumentArgs,
} from './common.js';
import { documentBodyFields, type KindFacts, type Ordered } from './fields.js';
import { previewDocument } from './preview.js';

type Rec = Record<string, any>;

/** The body flags (references as typed), the position flags in their order, --data. */
export interface WriteOptions {
  customer?: string;
  contact?: string;
  project?: string;
  taxRate?: string;
  title?: string;
  lang?: string;
  date?: string;
  validUntil?: string;
  payableUntil?: string;
  discount?: string;
  currency?: string;
  vatIncluded?: boolean;
  rounding?: boolean;
  remarks?: string;
  remarksTop?: string;
  number?: string;
  bankAccount?: string;
  incomeAccount?: string;
  proposal?: string;
  repeat?: string;
  repeatUntil?: string;
  position?: Ordered[];
  text?: Ordered[];
  product?: Ordered[];
  positions?: Ordered[];
  data?: string;
  /** create only */
  dryRun?: boolean;
}

/** Positions in their place on the command line: items known already, or a product to look up. */
export interface Planned {
  seq: number;
  items?: Rec[];
  product?: { product: string; amount: string };
}

/**
 * What a group adds to a create: positions in their place and links, found through the API (invoices bill hours and
 * expenses).
 */
export interface CreateAddition {
  /** the customer may come from the addition (a project's) when --customer is not given */
  customerOptional: boolean;
  /** positions in their place; may set fields of `body`, whose references are resolved by then */
  collect(rt: Runtime, company: number, resolver: RefResolver, body: Rec): Promise<Planned[]>;
}

/** --positions FILE|-: the API's JSON array of items. */
function readPositionsFile(file: string): Rec[] {
  const parsed = readJsonFlag('--positions', file);
  if (!Array.isArray(parsed) || parsed.some((p) => !p || typeof p !== 'object' || Array.isArray(p))) {
    throw new UsageError(
      `--positions ${file} must hold a JSON array of positions, e.g. ` +
        `[{"description":"Beratung","amount":2,"price":150,"unit":"h"}]`,
    );
  }
  return parsed as Rec[];
}

/** Every position flag, parsed, in the order given. */
function plannedPositions(o: WriteOptions): Planned[] {
  return [
    ...(o.position ?? []).map(({ seq, value }) => ({ seq, items: [parsePositionFlag(value)] })),
    ...(o.text ?? []).map(({ seq, value }) => ({ seq, items: [textItem(value)] })),
    ...(o.product ?? []).map(({ seq, value }) => ({ seq, product: parseProductFlag(value) })),
    ...(o.positions ?? []).map(({ seq, value }) => ({ seq, items: readPositionsFile(value) })),
  ];
}

/** The planned positions as items, products looked up; undefined when none were given. */
async function positionItems(
  client: ApiClient,
  company: number,
  resolver: RefResolver,
  planned: Planned[],
): Promise<Rec[] | undefined> {
  if (planned.length === 0) return undefined;
  const items: Rec[] = [];
  for (const p of [...planned].sort((a, b) => a.seq - b.seq)) {
    if (p.items) {
      items.push(...p.items);
      continue;
    }
    items.push(await productItem(client, company, resolver, p.product!));
  }
  return items;
}

/** What create and update read from the flags before any request. */
interface WriteFlags {
  fields: BodyField[];
  data: Rec;
  flags: Rec;
  planned: Planned[];
}

function readFlags(k: KindFacts, o: WriteOptions): WriteFlags {
  const fields = documentBodyFields(k);
  return { fields, data: readDataFlag(o.data), flags: flagsBody(fields, o), planned: plannedPositions(o) };
}

/**
 * The request body: references resolved, over --data; the positions in their order, with the addition's.
 * `dateOf` gives the document's date when none is given (the tax rate of its time is chosen by it).
 */
async function requestOf(
  rt: Runtime,
  company: number,
  resolver: RefResolver,
  f: WriteFlags,
  dateOf: () => Promise<string>,
  addition?: CreateAddition,
): Promise<Rec> {
  const given = f.flags.date ?? f.data.date;
  const body = await requestBody(
    f.fields,
    resolver,
    f.data,
    f.flags,
    typeof given === 'string' ? async () => given : dateOf,
  );
  const more = addition ? await addition.collect(rt, company, resolver, body) : [];
  const items = await positionItems(rt.client, company, resolver, [...f.planned, ...more]);
  if (items) body.positions = JSON.stringify(items);
  return body;
}

export async function create(k: KindFacts, options: WriteOptions, io: VerbIO): Promise<void> {
  await createDocumentWith(k, options, io);
}

/**
 * Creates a document from the flags, with what `addition` brings (or shows it with --dry-run). On a
 * terminal a missing customer is asked for (again, with the closest candidates, for a name that matches
 * nothing) and, without any positions given, the positions one after another, then the totals to
 * confirm; elsewhere a missing customer, and an invoice without positions, are usage errors.
 */
export async function createDocumentWith(
  k: KindFacts,
  o: WriteOptions,
  io: VerbIO,
  addition?: CreateAddition,
): Promise<void> {
  const g = io.globals();
  const plan = documentPlan(g, k);
  const f = readFlags(k, o);
  const needsCustomer =
    f.data.customer_id === undefined && f.flags.customer_id === undefined && !addition?.customerOptional;
  if (needsCustomer) requireAnswerable(g, '--customer');
  const noPositions = f.planned.length === 0 && !addition && f.data.positions === undefined;
  const askingPositions = noPositions && canPrompt(g);
  if (k.noun === 'invoice' && noPositions && !askingPositions) {
    throw new UsageError(
      'an invoice needs positions: give --position, --text, --product or --positions (see acct invoices create --help)',
    );
  }
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const resolver = new RefResolver(rt.client, company, { ask: canPrompt(g) });
    if (needsCustomer) {
      // an answer that names no customer is said under the question, with the closest names, and asked again
      f.flags.customer_id = await askRequired(
        g,
        '--customer',
        'Customer (number or name):',
        undefined,
        async (answer) => `id:${await resolver.resolve('customer', answer, 'customer', false)}`,
      );
    }
    const body = await requestOf(rt, company, resolver, f, async () => today(), addition);
    if (askingPositions) {
      const { askPositions, confirmCreate } = await import('./ask-positions.js');
      const items = await askPositions(k);
      if (items.length) body.positions = JSON.stringify(items);
      if (!o.dryRun) await confirmCreate(k, await preview(rt.client, company, k, body));
    }
    if (o.dryRun) {
      printDocument(plan, await preview(rt.client, company, k, body));
      notice(`Dry run: no ${k.noun} was created.`);
      return;
    }
    const created = await createDocument(rt.client, k.kind, company, body);
    printDocument(plan, await getDocument(rt.client, k.kind, company, created.id));
    notice(`Created ${k.noun} ${created.number}.`);
  });
}

/** The document a create would make, with what the API says about its customer, tax rate and project. */
async function preview(client: ApiClient, company: number, k: KindFacts, body: Rec) {
  const customer = await getRecord(client, customerPaths.one(company, body.customer_id));
  // a document takes the customer's tax rate when none is given (docs/service/documents.md)
  const taxRateId = body.tax_rate_id !== undefined ? body.tax_rate_id : customer.tax_rate_id;
  const positions = typeof body.positions === 'string' ? JSON.parse(body.positions) : (body.positions ?? []);
  return previewDocument(k, { date: today(), ...body }, positions, {
    number: await nextDocumentNumber(client, k.kind, company),
    customer,
    taxRate:
      taxRateId === null || taxRateId === undefined
        ? null
        : await getRecord(client, taxRatePaths.one(company, taxRateId)),
    project:
      body.project_id === null || body.project_id === undefined
        ? null
        : await getRecord(client, projectPaths.one(company, body.project_id)),
  });
}

export async function update(k: KindFacts, o: WriteOptions & DocumentArgs, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = documentPlan(g, k);
  const f = readFlags(k, o);
  if (Object.keys(f.data).length === 0 && Object.keys(f.flags).length === 0 && f.planned.length === 0) {
    throw new UsageError(
      `nothing to change: give a field flag, positions or --data (see acct ${k.kind} update --help)`,
    );
  }
  await withDocument(g, k, o, async ({ rt, company, resolver, id }) => {
    const dateOf = async () => String((await getDocument(rt.client, k.kind, company, id)).date);
    printDocument(
      plan,
      await updateDocument(rt.client, k.kind, company, id, await requestOf(rt, company, resolver, f, dateOf)),
    );
  });
}
