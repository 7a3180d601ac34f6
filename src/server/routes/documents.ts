// Proposals and invoices: list with filters and meta, create, read with relations, update, delete,
// number, mark-as, batch, positions, activities, attach and detach (split-invoices: split-invoices.ts).
// One module registers both types: their routes differ only in fields and rules, which sit here
// beside the routes. Writes go through actions/documents.ts, document-defaults.ts, document-batch.ts and
// document-states.ts; the relations of the single read are present/document-relations.ts.
import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import type * as Zod from 'zod';
import type { AppEnv, Ctx } from '../context.js';
import {
  createDocument,
  addPosition,
  changePosition,
  removePosition,
  deleteDocument,
  updateDocumentWith,
  attach,
  detach,
  attachedFiles,
  nextDocumentNumber,
  assertEditable,
  type DocumentInput,
} from '../actions/documents.js';
import {
  invoiceBooker,
  markAs,
  markAsBatch,
  removeInvoiceBookings,
  type InvoiceBooker,
  type MarkAsParams,
} from '../actions/document-states.js';
import { deleteDocumentsBatch, updateDocumentsBatch } from '../actions/document-batch.js';
import { assertPlanAllows, fillDefaults } from '../actions/document-defaults.js';
import {
  INVOICE_STATUSES,
  INVOICE_TARGETS,
  LANGS,
  PROPOSAL_STATUSES,
  REMINDER_STATUSES,
  REPEAT_INTERVALS,
  UNPAID_STATUSES,
  type DocumentType,
} from '../domain/documents.js';
import { parseDateRange } from '../domain/entries.js';
import { byCurrency, formatCurrencySums, rappenToJson, rappenToString, scaledToString } from '../domain/money.js';
import { parsePosition, parsePositions } from '../domain/positions.js';
import { badRequest, notFound, validationError } from '../http-error.js';
import { pageRequest, type PageRequest } from '../pagination.js';
import { filterBoolean, filterIds, normaliseInput, pathId, readBody, type Body } from '../request.js';
import {
  check,
  isValidDate,
  lazy,
  loadZod,
  nullable,
  required,
  rules,
  sometimes,
  text,
  validate,
  z,
} from '../validation.js';
import { exists, type Row } from '../store/db.js';
import {
  documentNumberTaken,
  entryRowsByIds,
  findDocumentRow,
  findPositionRow,
  listDocumentRows,
  timeRowsByIds,
  type DocumentFilter,
  type DocumentRow,
  type DocumentValues,
  type StatusCondition,
} from '../store/documents.js';
import { findAccountRow } from '../store/accounts.js';
import { findContactRow } from '../store/contacts.js';
import { customerRow } from '../store/customers.js';
import {
  createdAnswer,
  documentActivities,
  documentFields,
  documentModel,
  documentPositions,
  documentSummary,
  fileRecord,
} from '../present/documents.js';
import { documentRelations } from '../present/document-relations.js';
import { companyScopeOf, companyToday, companyZone, scopeOf as requestScope } from '../context.js';
import { fileUrlFor } from '../file-links.js';
import { readUploadedFile } from '../upload.js';
import { buildQrPayload, validateQrInput } from '../../domain/qr-bill.js';

const CURRENCIES = ['CHF', 'EUR', 'USD', 'GBP'] as const;
const PATHS: Readonly<Record<DocumentType, string>> = { proposal: '/proposals', invoice: '/invoices' };
const PARAM: Readonly<Record<DocumentType, string>> = { proposal: 'proposal', invoice: 'invoice' };
const NOT_FOUND: Readonly<Record<DocumentType, string>> = {
  proposal: 'Proposal not found.',
  invoice: 'Invoice not found.',
};
const INVALID = 'The selected :attribute is invalid.';

// ---- body rules ---------------------------------------------------------------------------------------

const date = () => nullable(rules.date());

const sharedFields = lazy(() => ({
  customer_id: required(rules.id()),
  contact_id: nullable(rules.id()),
  project_id: nullable(rules.id()),
  tax_rate_id: nullable(rules.id()),
  number: text(255),
  title: text(255),
  lang: nullable(rules.in(LANGS)),
  date: date(),
  positions: z.unknown().optional(),
  remarks_top: text(65535),
  remarks: text(65535),
  discount_rate: nullable(rules.percent(0, 100)),
  currency: nullable(rules.in(CURRENCIES)),
  vat_included: nullable(rules.boolean()),
  add_rounding_difference: nullable(rules.boolean()),
  is_shared: nullable(rules.boolean()),
}));
const proposalFields = lazy(() => ({
  ...sharedFields(),
  valid_until: date(),
  with_signature: nullable(rules.boolean()),
  signature_remark: text(65535),
}));
const invoiceFields = lazy(() => ({
  ...sharedFields(),
  proposal_id: nullable(rules.id()),
  bank_account_id: nullable(rules.id()),
  income_account_id: nullable(rules.id()),
  payable_until: date(),
  reminder_due_date: date(),
  time_ids: nullable(z.array(rules.id()).max(1000)),
  entry_ids: nullable(z.array(rules.id()).max(1000)),
  repeat: nullable(rules.boolean()),
  repeat_interval: nullable(rules.in(REPEAT_INTERVALS)),
  repeat_stop_at: date(),
  repeat_notification_to: nullable(rules.email()),
  without_debitor_on_qr: nullable(rules.boolean()),
  exchange_rate_times: nullable(
    z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number().gt(0).max(1_000_000)),
  ),
  exchange_rate_expenses: nullable(
    z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number().gt(0).max(1_000_000)),
  ),
  group_by: text(255),
  times_order: nullable(rules.in(['asc', 'desc'])),
}));

const schemas = lazy(() => ({
  proposal: {
    create: z.object(proposalFields()),
    update: z.object({ ...proposalFields(), customer_id: sometimes(rules.id()) }),
  },
  invoice: {
    create: z.object(invoiceFields()),
    update: z.object({ ...invoiceFields(), customer_id: sometimes(rules.id()) }),
  },
}));

/** The company's records a body may point to, looked up through their stores (Laravel's `exists`). */
const records = (c: Ctx) => {
  const db = c.get('deps').db;
  const companyId = c.get('companyId');
  return {
    customer: (id: number) => exists(db, 'customers', companyId, id),
    contactOf: (id: number, customerId: unknown) =>
      Number(findContactRow(db, companyId, id)?.customer_id) === Number(customerId),
    project: (id: number) => exists(db, 'projects', companyId, id),
    taxRate: (id: number) => exists(db, 'tax_rates', companyId, id),
    proposal: (id: number) => findDocumentRow(db, 'proposal', companyId, id) !== undefined,
    account: (id: number, type: 'bank' | 'income') => findAccountRow(db, companyId, id)?.type === type,
  };
};
const has = (body: Body, key: string) => Object.hasOwn(body, key);

/**
 * A create or update body → the document's values in stored units, with every rule that needs the
 * database (records of the company, a free number, links that are free) joining the same 422.
 * `current` is the stored document on update. Defaults of a create are filled in here.
 */
function resolveBody(c: Ctx, type: DocumentType, body: Body, current: Row | undefined): DocumentInput {
  const schema = current ? schemas()[type].update : schemas()[type].create;
  const checked = check(schema as Zod.ZodObject, body);
  const d = checked.data as Record<string, any>;
  const values: DocumentValues = {};
  const input: DocumentInput = { values };

  for (const key of Object.keys(schema.shape)) {
    if (key === 'positions' || key === 'time_ids' || key === 'entry_ids' || !has(body, key) || checked.errors[key])
      continue;
    values[key as keyof DocumentValues] = d[key] ?? null;
  }
  const customerId = values.customer_id ?? current?.customer_id;
  const of = records(c);
  if (has(body, 'customer_id') && typeof d.customer_id === 'number' && !of.customer(d.customer_id))
    checked.fail('customer_id', INVALID);
  if (typeof d.contact_id === 'number' && !of.contactOf(d.contact_id, customerId)) checked.fail('contact_id', INVALID);
  if (typeof d.project_id === 'number' && !of.project(d.project_id)) checked.fail('project_id', INVALID);
  if (typeof d.tax_rate_id === 'number' && !of.taxRate(d.tax_rate_id)) checked.fail('tax_rate_id', INVALID);
  if (
    typeof d.number === 'string' &&
    documentNumberTaken(c.get('deps').db, type, c.get('companyId'), d.number, current?.id)
  ) {
    checked.fail('number', 'The number has already been taken.');
  }
  if (type === 'invoice') resolveInvoiceRules(c, body, d, checked, current);

  // positions: required on an invoice's create, a JSON string or array everywhere
  if (body.positions !== undefined && body.positions !== null) {
    const parsed = parsePositions(body.positions, type === 'invoice');
    if (parsed.ok) input.positions = parsed.value;
    else checked.fail('positions', parsed.message);
  } else if (!current && type === 'invoice') {
    checked.fail('positions', 'The positions field is required.');
  }
  if (type === 'invoice') {
    if (has(body, 'time_ids') && !checked.errors.time_ids) input.timeIds = [...new Set<number>(d.time_ids ?? [])];
    if (has(body, 'entry_ids') && !checked.errors.entry_ids) input.entryIds = [...new Set<number>(d.entry_ids ?? [])];
    checkLinks(c, input, checked, current);
  }
  checked.throwIfAny();

  assertPlanAllows({ company: c.get('company') }, type, values);
  if (!current) fillDefaults(companyScopeOf(c), type, values);
  if (values.is_shared === true && !current?.share_token) values.share_token = shareToken();
  if (values.is_shared === false) values.share_token = null;
  return input;
}

function resolveInvoiceRules(
  c: Ctx,
  body: Body,
  d: Record<string, any>,
  checked: ReturnType<typeof check>,
  current: Row | undefined,
): void {
  const of = records(c);
  if (typeof d.proposal_id === 'number' && !of.proposal(d.proposal_id)) checked.fail('proposal_id', INVALID);
  if (typeof d.bank_account_id === 'number' && !of.account(d.bank_account_id, 'bank'))
    checked.fail('bank_account_id', INVALID);
  if (typeof d.income_account_id === 'number' && !of.account(d.income_account_id, 'income'))
    checked.fail('income_account_id', INVALID);
  const repeat = has(body, 'repeat') ? d.repeat === true : Number(current?.repeat) === 1;
  const interval = has(body, 'repeat_interval') ? d.repeat_interval : current?.repeat_interval;
  if (repeat && !interval && !checked.errors.repeat_interval)
    checked.fail('repeat_interval', 'The repeat interval field is required when repeat is true.');
}

/**
 * time_ids: open time entries of the company not on another invoice; entry_ids: expense bookings not on another
 * invoice.
 */
function checkLinks(c: Ctx, input: DocumentInput, checked: ReturnType<typeof check>, current: Row | undefined): void {
  const db = c.get('deps').db;
  const companyId = c.get('companyId');
  const own = current?.id;
  if (input.timeIds) {
    const rows = new Map(timeRowsByIds(db, companyId, input.timeIds).map((r) => [Number(r.id), r]));
    for (const id of input.timeIds) {
      const t = rows.get(id);
      if (!t) checked.fail('time_ids', `The time entry ${id} does not exist.`);
      else if (t.invoice_id !== null && Number(t.invoice_id) !== own)
        checked.fail('time_ids', `The time entry ${id} is already on another invoice.`);
      else if (t.invoice_id === null && t.status !== 'open')
        checked.fail('time_ids', `The time entry ${id} is not open.`);
    }
  }
  if (input.entryIds) {
    const rows = new Map(entryRowsByIds(db, companyId, input.entryIds).map((r) => [Number(r.id), r]));
    for (const id of input.entryIds) {
      const e = rows.get(id);
      if (!e) checked.fail('entry_ids', `The booking ${id} does not exist.`);
      else if (e.type !== 'expense') checked.fail('entry_ids', `The booking ${id} is not an expense.`);
      else if (e.invoice_id !== null && Number(e.invoice_id) !== own)
        checked.fail('entry_ids', `The booking ${id} is already on another invoice.`);
    }
  }
}

/** 32 URL-safe random characters (24 random bytes in base64url). */
const shareToken = (): string => randomBytes(24).toString('base64url');

// ---- list filters ----------------------------------------------------------------------------------------

const STATUS_WORDS: Readonly<Record<DocumentType, readonly string[]>> = {
  proposal: [...PROPOSAL_STATUSES, 'overdue', 'all'],
  invoice: [...INVOICE_STATUSES, 'unpaid', 'overdue', 'reminder', 'all'],
};

function statusCondition(type: DocumentType, word: string, today: string): StatusCondition | undefined {
  if (word === 'all') return undefined;
  if (type === 'invoice') {
    if (word === 'unpaid') return { statuses: UNPAID_STATUSES };
    if (word === 'overdue') return { statuses: UNPAID_STATUSES, dueBefore: today };
    if (word === 'reminder') return { statuses: REMINDER_STATUSES };
  } else if (word === 'overdue') {
    return { statuses: ['open', 'sent'], dueBefore: today };
  }
  return { statuses: [word] };
}

function filterOf(c: Ctx, type: DocumentType): DocumentFilter {
  const f: DocumentFilter = {
    ids: filterIds(c, 'id'),
    customerIds: filterIds(c, 'customer_id'),
    projectIds: filterIds(c, 'project_id'),
    userIds: filterIds(c, 'user_id'),
    taxRateIds: filterIds(c, 'tax_rate_id'),
    shared: filterBoolean(c, 'is_shared'),
  };
  if (type === 'invoice') {
    f.proposalIds = filterIds(c, 'proposal_id');
    f.entryIds = filterIds(c, 'entry_id');
    f.bankAccountIds = filterIds(c, 'bank_account_id');
    f.repeat = filterBoolean(c, 'repeat');
  }
  const number = (c.req.query('filter[number]') ?? '').trim();
  if (number !== '') f.number = number;
  const dateRaw = (c.req.query('filter[date]') ?? '').trim();
  if (dateRaw !== '') {
    const range = parseDateRange(dateRaw, isValidDate);
    if (!range) throw badRequest('filter[date] must be a date YYYY-MM-DD or a range start,end.');
    f.start = range.start;
    f.end = range.end;
  }
  const words = [...(c.req.queries('filter[status][]') ?? []), ...(c.req.queries('filter[status]') ?? [])]
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (words.length) {
    const unknown = words.filter((w) => !STATUS_WORDS[type].includes(w));
    if (unknown.length) throw badRequest(`filter[status] must be one of ${STATUS_WORDS[type].join(', ')}.`);
    const conditions = words.map((w) => statusCondition(type, w, companyToday(c)));
    if (!conditions.includes(undefined)) f.status = conditions as StatusCondition[];
  }
  return f;
}

// ---- reading ------------------------------------------------------------------------------------------

function documentOr404(c: Ctx, type: DocumentType): DocumentRow {
  const row = findDocumentRow(c.get('deps').db, type, c.get('companyId'), pathId(c, PARAM[type]));
  if (!row) throw notFound(NOT_FOUND[type]);
  return row;
}

/** The single read: every field, the positions and the relations the spec names. */
function readDocument(c: Ctx, type: DocumentType, id: number): Record<string, unknown> {
  const db = c.get('deps').db;
  const companyId = c.get('companyId');
  const row = findDocumentRow(db, type, companyId, id)!;
  const today = companyToday(c);
  const doc = documentFields(type, row, documentPositions(db, type, id, row.currency), today);
  const fileUrl = fileUrlFor(c);
  Object.assign(
    doc,
    documentRelations({ db, companyId, closedUntil: c.get('company').closed_until ?? null, fileUrl }, type, row),
  );
  doc.attachments = attachedFiles(db, type, companyId, id).map((f) => fileRecord(f, fileUrl(f)));
  return doc;
}

// ---- routes ------------------------------------------------------------------------------------------

/**
 * The list's meta: `sum` as the spec has it, the final values added whatever their currency (an amount
 * of money only while they share one); `sums` beside it, per currency ({ CHF: 416.05, EUR: 1266.66 },
 * CHF first), and `sum_formatted` says those ("CHF 416.05, EUR 1'266.66").
 */
const listMeta = (rowsOnPage: number, total: number, sum: bigint, sums: Map<string, bigint>, page: PageRequest) => ({
  count: rowsOnPage,
  total,
  sum: rappenToJson(sum),
  sums: Object.fromEntries([...sums.keys()].sort(byCurrency).map((c) => [c, rappenToJson(sums.get(c)!)])),
  sum_formatted: formatCurrencySums(sums),
  current_page: page.page,
  last_page: Math.max(1, Math.ceil(total / page.perPage)),
  per_page: page.perPage,
});

export function registerDocuments(r: Hono<AppEnv>): void {
  for (const type of ['proposal', 'invoice'] as const) registerType(r, type, bookerOf);
}

function registerType(r: Hono<AppEnv>, type: DocumentType, booker: (c: Ctx) => InvoiceBooker): void {
  // static paths (number, batch) before /:id
  registerCollection(r, type);
  registerBatch(r, type, booker);
  registerOne(r, type, booker);
  registerRenditions(r, type);
  registerPositions(r, type);
  registerAttachments(r, type);
}

function registerCollection(r: Hono<AppEnv>, type: DocumentType): void {
  const base = PATHS[type];

  r.get(base, (c) => {
    const page = pageRequest(c);
    const today = companyToday(c);
    const { rows, total, sum, sums } = listDocumentRows(
      c.get('deps').db,
      type,
      c.get('companyId'),
      filterOf(c, type),
      page.perPage,
      page.offset,
    );
    return c.json({
      data: rows.map((row) => documentSummary(type, row, today)),
      meta: listMeta(rows.length, total, sum, sums, page),
    });
  });

  r.get(`${base}/number`, (c) => {
    const year = Number(companyToday(c).slice(0, 4));
    return c.json(nextDocumentNumber(c.get('deps').db, type, c.get('companyId'), year));
  });

  r.post(base, async (c) => {
    const input = resolveBody(c, type, await readBody(c), undefined);
    const id = createDocument(companyScopeOf(c), type, input);
    return c.json(createdAnswer(findDocumentRow(c.get('deps').db, type, c.get('companyId'), id)!), 201);
  });
}

function registerBatch(r: Hono<AppEnv>, type: DocumentType, booker: (c: Ctx) => InvoiceBooker): void {
  const base = PATHS[type];
  // batch: PATCH update, DELETE, POST mark-as (static paths before /:id)
  r.patch(`${base}/batch`, async (c) => {
    const body = await readBody(c);
    const { ids } = validate(z.object({ ids: rules.ids() }), body);
    const updateData =
      body.updateData && typeof body.updateData === 'object' && !Array.isArray(body.updateData)
        ? (body.updateData as Body)
        : undefined;
    if (!updateData) throw validationError({ updateData: ['The update data field is required.'] });
    if (has(updateData, 'number'))
      throw validationError({ 'updateData.number': ['The number cannot be set on several documents at once.'] });
    const { updated, skipped } = updateDocumentsBatch(companyScopeOf(c), type, ids, (doc) =>
      resolveBody(c, type, updateData, doc),
    );
    return c.json({ message: `${updated} updated.`, updated, skipped });
  });

  r.delete(`${base}/batch`, async (c) => {
    const { ids } = validate(z.object({ ids: rules.ids() }), await readBody(c));
    const { deleted, skipped } = deleteDocumentsBatch(companyScopeOf(c), type, ids, removeInvoiceBookings(booker(c)));
    return c.json({ message: `${deleted} deleted.`, deleted, skipped });
  });

  r.post(`${base}/batch/mark-as`, async (c) => {
    const body = await readBody(c);
    const { ids } = validate(z.object({ ids: rules.ids() }), body);
    const status = (body.updateData as Body | undefined)?.status;
    const targets: readonly string[] = type === 'invoice' ? INVOICE_TARGETS : PROPOSAL_STATUSES;
    if (typeof status !== 'string' || !targets.includes(status))
      throw validationError({ 'updateData.status': ['The selected update data.status is invalid.'] });
    const { updated, skipped } = markAsBatch(companyScopeOf(c), type, ids, status, booker(c));
    return c.json({ message: `${updated} updated.`, updated, skipped });
  });
}

function registerOne(r: Hono<AppEnv>, type: DocumentType, booker: (c: Ctx) => InvoiceBooker): void {
  const base = PATHS[type];
  const one_ = `${base}/:${PARAM[type]}`;
  r.get(one_, (c) => {
    const row = documentOr404(c, type);
    return c.json({ data: readDocument(c, type, Number(row.id)) });
  });

  r.put(one_, async (c) => {
    const row = documentOr404(c, type);
    assertEditable(type, row);
    const input = resolveBody(c, type, await readBody(c), row);
    updateDocumentWith(companyScopeOf(c), type, Number(row.id), input);
    return c.json({ data: readDocument(c, type, Number(row.id)) });
  });

  r.delete(one_, (c) => {
    const row = documentOr404(c, type);
    const s = companyScopeOf(c);
    deleteDocument(s, type, Number(row.id), removeInvoiceBookings(booker(c)));
    return c.body(null, 204);
  });

  r.get(`${one_}/mark-as`, async (c) => {
    if (type === 'invoice') await loadZod(); // its query is validated (markAsParams)
    const row = documentOr404(c, type);
    const target = (c.req.query('status') ?? '').trim();
    if (target === '') throw validationError({ status: ['The status field is required.'] });
    const targets: readonly string[] = type === 'invoice' ? INVOICE_TARGETS : PROPOSAL_STATUSES;
    if (!targets.includes(target)) throw validationError({ status: ['The selected status is invalid.'] });
    markAs(companyScopeOf(c), type, Number(row.id), target, type === 'invoice' ? markAsParams(c) : {}, booker(c));
    return c.json({ data: readDocument(c, type, Number(row.id)) });
  });
}

/** What a document is read as beside its record: the PDF, the QR-bill's payload, the activities. */
function registerRenditions(r: Hono<AppEnv>, type: DocumentType): void {
  const one_ = `${PATHS[type]}/:${PARAM[type]}`;
  // the PDF, drawn on a worker thread started by the first request that needs one (pdf-renderer.ts)
  r.get(`${one_}/pdf`, async (c) => {
    const model = checkedPdfModel(c, type, documentOr404(c, type));
    const { renderPdf } = await import('../render/pdf-renderer.js');
    // { base64, fileName }, made as JSON where the PDF is drawn: megabytes of base64 are no work for this thread
    const answer = await renderPdf(model, 'json', c.get('deps').pdfThread);
    return c.body(new Uint8Array(answer.buffer as ArrayBuffer, answer.byteOffset, answer.byteLength), 200, {
      'Content-Type': 'application/json',
    });
  });

  // beyond the spec: the QR-bill's payload alone, for scripts and `acct invoices qr`
  if (type === 'invoice') {
    r.get(`${one_}/qr`, (c) => {
      const row = documentOr404(c, type);
      const model = checkedPdfModel(c, type, row);
      if (!model.qr)
        throw badRequest(
          `Die Rechnung ${row.number} ist in ${row.currency}: ein QR-Einzahlungsschein gibt es nur in CHF und EUR.`,
        );
      return c.json({ payload: buildQrPayload(model.qr) });
    });
  }

  r.get(`${one_}/activities`, (c) => {
    const row = documentOr404(c, type);
    return c.json(documentActivities(c.get('deps').db, type, Number(row.id), companyZone(c)));
  });
}

function registerPositions(r: Hono<AppEnv>, type: DocumentType): void {
  const base = PATHS[type];
  const one_ = `${base}/:${PARAM[type]}`;
  // positions
  r.get(`${one_}/positions`, (c) => {
    const row = documentOr404(c, type);
    return c.json({ data: documentPositions(c.get('deps').db, type, Number(row.id), row.currency) });
  });

  r.post(`${one_}/positions`, async (c) => {
    const row = documentOr404(c, type);
    assertEditable(type, row);
    const body = await readBody(c);
    const parsed = parsePosition(body, type === 'invoice');
    if (!parsed.ok) throw validationError({ [parsed.field]: [parsed.message] });
    const parentId = parentOf(c, type, row, body.parent_id);
    const id = addPosition(companyScopeOf(c), type, row, parsed.value, parentId);
    return c.json({ data: positionOf(c, type, row, id) }, 201);
  });

  r.put(`${one_}/positions/:position`, async (c) => {
    const row = documentOr404(c, type);
    const position = positionOr404(c, type, row);
    assertEditable(type, row);
    const body = await readBody(c);
    const parsed = parsePosition({ ...storedItem(position), ...body }, type === 'invoice');
    if (!parsed.ok) throw validationError({ [parsed.field]: [parsed.message] });
    if (parsed.value.type === 'collection' && position.parent_id !== null)
      throw validationError({ type: ['A collection cannot sit inside a collection.'] });
    changePosition(companyScopeOf(c), type, row, position, parsed.value);
    return c.json({ data: positionOf(c, type, row, Number(position.id)) });
  });

  r.delete(`${one_}/positions/:position`, (c) => {
    const row = documentOr404(c, type);
    const position = positionOr404(c, type, row);
    removePosition(companyScopeOf(c), type, row, position);
    return c.body(null, 204);
  });
}

function registerAttachments(r: Hono<AppEnv>, type: DocumentType): void {
  const base = PATHS[type];
  const one_ = `${base}/:${PARAM[type]}`;
  // attachments
  r.post(`${one_}/attach`, async (c) => {
    const row = documentOr404(c, type);
    const stored = attach(companyScopeOf(c), type, row, await readUploadedFile(await readBody(c)));
    return c.json({ data: fileRecord(stored, fileUrlFor(c)(stored)) }, 201);
  });

  r.post(`${one_}/detach/:file`, (c) => {
    const row = documentOr404(c, type);
    if (!detach(companyScopeOf(c), type, row, pathId(c, 'file'))) throw notFound('File not found.');
    return c.body(null, 204);
  });
}

/** What the PDF shows, after every rule of its QR-bill was checked: a 422 names the field and the record to fix. */
function checkedPdfModel(c: Ctx, type: DocumentType, row: DocumentRow) {
  const db = c.get('deps').db;
  const companyId = c.get('companyId');
  const model = documentModel(db, c.get('company'), type, row);
  if (model.qr) {
    const customer = customerRow(db, companyId, Number(row.customer_id)) ?? { name: '', number: null };
    const bankAccount =
      row.bank_account_id === null ? undefined : findAccountRow(db, companyId, Number(row.bank_account_id));
    const problems = validateQrInput(model.qr, {
      companyId,
      invoiceNumber: row.number,
      customer: customer.number ?? customer.name,
      bankAccount: bankAccount?.number ?? null,
    });
    if (problems.length) {
      const errors: Record<string, string[]> = {};
      for (const p of problems) (errors[p.field] ??= []).push(p.message);
      throw validationError(errors);
    }
  }
  return model;
}

/** The query of an invoice's mark-as: for paid and for reminders. */
const markAsSchema = lazy(() =>
  z.object({
    createEntry: nullable(rules.boolean()),
    paidDate: nullable(rules.date()),
    bank_account_id: nullable(rules.id()),
    sum: nullable(rules.money(0, 999999999.99)),
    tax_rate_id: nullable(rules.id()),
    reminder_due_date: nullable(rules.date()),
  }),
);

function markAsParams(c: Ctx): MarkAsParams {
  const checked = check(markAsSchema(), normaliseInput(c.req.query()) as Body);
  const d = checked.data;
  const of = records(c);
  if (typeof d.bank_account_id === 'number' && !of.account(d.bank_account_id, 'bank'))
    checked.fail('bank_account_id', INVALID);
  if (typeof d.tax_rate_id === 'number' && !of.taxRate(d.tax_rate_id)) checked.fail('tax_rate_id', INVALID);
  checked.throwIfAny();
  return {
    createEntry: d.createEntry ?? false,
    paidDate: d.paidDate ?? undefined,
    bankAccountId: d.bank_account_id ?? undefined,
    sum: d.sum ?? undefined,
    taxRateId: d.tax_rate_id ?? undefined,
    reminderDueDate: d.reminder_due_date ?? undefined,
  };
}

function positionOr404(c: Ctx, type: DocumentType, doc: Row): Row {
  const position = findPositionRow(c.get('deps').db, type, Number(doc.id), pathId(c, 'position'));
  if (!position) throw notFound('Position not found.');
  return position;
}

/** parent_id of a new position: a collection of the same document (422 otherwise). */
function parentOf(c: Ctx, type: DocumentType, doc: Row, raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const parent = /^\d{1,15}$/.test(String(raw))
    ? findPositionRow(c.get('deps').db, type, Number(doc.id), Number(raw))
    : undefined;
  if (parent?.type !== 'collection') throw validationError({ parent_id: ['The selected parent id is invalid.'] });
  return Number(parent.id);
}

/** A stored position as a body item, so a PUT of some fields keeps the others. */
const storedItem = (p: Row): Body => ({
  type: p.type,
  description: p.description,
  title: p.title,
  unit: p.unit,
  date: p.date,
  amount: scaledToString(Number(p.amount), 3),
  price: rappenToString(Number(p.price)),
  discount_amount: rappenToString(Number(p.discount_amount)),
  discount_type: p.discount_type,
});

function positionOf(c: Ctx, type: DocumentType, doc: Row, id: number) {
  return documentPositions(c.get('deps').db, type, Number(doc.id), doc.currency).find((p) => p.id === id);
}

const bookerOf = (c: Ctx): InvoiceBooker => invoiceBooker(requestScope(c));
