// Imported bank transactions (docs/service/import-entries.md): the queue with its counts and search,
// read, update (one and several), reset, soft delete, process, the CAMT upload and receipts, under
// the detailed reference's `/entries/import…` and the overview's `/import-entries…` paths alike.
// The upload's parser (fast-xml-parser, the ZIP reader) loads on the first upload, not with the service.
import type { Hono } from 'hono';
import { MAX_STATEMENT_BYTES, STATEMENT_UPLOAD_PATHS } from './paths.js';
import type * as Zod from 'zod';
import { companyScopeOf, type AppEnv, type Ctx } from '../context.js';
import {
  attachReceipt,
  changeImportEntries,
  deleteImportEntries,
  dryRunImportEntries,
  importStatements,
  NO_RECEIPT,
  processImportEntries,
  removeReceipt,
  resetImportEntryOf,
  type ImportEntryInput,
  type TagInput,
} from '../actions/bank-import.js';
import { toRappen } from '../domain/money.js';
import { TAG_COLORS } from '../domain/tags.js';
import { fieldError, notFound, validationError, type FieldErrors } from '../http-error.js';
import { pathId, readBody } from '../request.js';
import { check, isValidDate, lazy, nullable, required, rules, sometimes, z } from '../validation.js';
import { timestamp } from '../store/db.js';
import { findFile } from '../store/files.js';
import {
  findImportEntryRow,
  importEntryRowsByIds,
  listImportEntryRows,
  queueCounts,
  type ImportSearch,
  type QueueEntryRow,
  type QueueStatus,
} from '../store/import-entries.js';
import {
  presentDryRun,
  presentReconciliation,
  presentUploadReport,
  serializeImportEntries,
} from '../present/import-entries.js';
import { reconcile } from '../actions/bank-reconcile.js';
import { fileUrlFor } from '../file-links.js';
import { readUploadedFile, uploadBodyLimit } from '../upload.js';

const NOT_FOUND = 'Import entry not found.';

// ---- reading ------------------------------------------------------------------------------------

function serialize(c: Ctx, rows: QueueEntryRow[]) {
  return serializeImportEntries(c.get('deps').db, c.get('companyId'), rows, fileUrlFor(c));
}

function entryOr404(c: Ctx): QueueEntryRow {
  const row = findImportEntryRow(c.get('deps').db, c.get('companyId'), pathId(c, 'importEntry'));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

const readOne = (c: Ctx, id: number) =>
  serialize(c, [findImportEntryRow(c.get('deps').db, c.get('companyId'), id)!])[0];

const STATUSES: readonly QueueStatus[] = ['notDeleted', 'ready', 'notReady', 'deleted'];

/** status, limit, offset and search of the list; a value that is none of them: 422 naming the parameter. */
function listQuery(c: Ctx): { status: QueueStatus; limit: number | null; offset: number; search?: ImportSearch } {
  const errors: FieldErrors = {};
  const raw = (name: string) => {
    const v = c.req.query(name)?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const status = (raw('status') ?? 'notDeleted') as QueueStatus;
  if (!STATUSES.includes(status)) errors.status = [`The selected status is invalid. Allowed: ${STATUSES.join(', ')}.`];
  const limitRaw = raw('limit') ?? '50';
  let limit: number | null = null;
  if (limitRaw.toLowerCase() !== 'all') {
    if (!/^\d{1,9}$/.test(limitRaw) || Number(limitRaw) < 1)
      errors.limit = ['The limit field must be a positive integer or all.'];
    else limit = Number(limitRaw);
  }
  const offsetRaw = raw('offset') ?? '0';
  if (!/^\d{1,12}$/.test(offsetRaw)) errors.offset = ['The offset field must be an integer of at least 0.'];
  if (Object.keys(errors).length) throw validationError(errors);
  const text = raw('search');
  return { status, limit, offset: Number(offsetRaw), search: text === undefined ? undefined : searchOf(text) };
}

/** bank_account_id and date of a reconciliation (both optional); anything else: 422 naming the parameter. */
function reconcileQuery(c: Ctx): { bank_account_id?: number; date?: string } {
  const errors: FieldErrors = {};
  const raw = (name: string) => {
    const v = c.req.query(name)?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const id = raw('bank_account_id');
  if (id !== undefined && !/^[1-9]\d{0,15}$/.test(id))
    errors.bank_account_id = ['The selected bank account id is invalid.'];
  const date = raw('date');
  if (date !== undefined && !(/^\d{4}-\d{2}-\d{2}$/.test(date) && isValidDate(date)))
    errors.date = ['The date field must be a valid date (YYYY-MM-DD).'];
  if (Object.keys(errors).length) throw validationError(errors);
  return { bank_account_id: id === undefined ? undefined : Number(id), date };
}

/** The search text, and the amount and date it reads as (1081.5, 1'081.50; 2026-03-31, 31.03.2026). */
function searchOf(text: string): ImportSearch {
  const search: ImportSearch = { text };
  const amount = text.replace(/['’\s]/g, '');
  if (/^\d{1,12}(\.\d{1,2})?$/.test(amount)) search.sum = toRappen(amount);
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  const date = dotted ? `${dotted[3]}-${dotted[2].padStart(2, '0')}-${dotted[1].padStart(2, '0')}` : text;
  if (/^\d{4}-\d{2}-\d{2}$/.test(date) && isValidDate(date)) search.date = date;
  return search;
}

// ---- body rules ---------------------------------------------------------------------------------

const id = () => nullable(rules.id());

const tagRule = lazy(() =>
  z
    .object({
      id: rules.id().optional(),
      new: rules.boolean().optional(),
      name: rules.string(255).optional(),
      color: rules.in(TAG_COLORS).optional(),
    })
    .superRefine((t, ctx) => {
      if (t.new === true) {
        if (!t.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'The :attribute field is required.' });
        if (!t.color) ctx.addIssue({ code: 'custom', path: ['color'], message: 'The :attribute field is required.' });
      } else if (t.id === undefined) {
        ctx.addIssue({ code: 'custom', path: ['id'], message: 'The :attribute field is required.' });
      }
    })
    .transform((t): TagInput => (t.new === true ? { new: true, name: t.name!, color: t.color! } : { id: t.id! })),
);

const fields = lazy(() => ({
  other_account_id: id(),
  bank_account_id: sometimes(rules.id()),
  expense_account_id: id(),
  income_account_id: id(),
  tax_rate_id: id(),
  vat_income: id(),
  vat_expense: id(),
  description: nullable(rules.string(255)),
  tags: nullable(z.array(tagRule()).max(100)),
  invoice_id: id(),
  ignore: sometimes(rules.boolean()),
}));
const updateSchema = lazy(() => z.object(fields()));
const multipleSchema = lazy(() => z.object({ ids: rules.ids(), ...fields() }));
const deleteSchema = lazy(() =>
  z.object({
    ids: required(
      z.union([
        z.literal('all'),
        z.preprocess((v) => (typeof v === 'number' ? [v] : v), z.array(rules.id()).min(1).max(10000)),
      ]),
    ),
  }),
);

const uploadSchema = lazy(() =>
  z.object({ bank_account_id: nullable(rules.id()), report: sometimes(rules.boolean()) }),
);

const inputOf = (data: Zod.output<ReturnType<typeof updateSchema>>): ImportEntryInput => data as ImportEntryInput;

// ---- routes -------------------------------------------------------------------------------------

/** Each operation at its path in both families (service-decisions.md "Base URL, paths, aliases"). */
const PATHS = {
  list: ['/entries/import', '/import-entries'],
  multiple: ['/entries/import/multiple', '/import-entries/batch'],
  process: ['/entries/import', '/import-entries/process'],
  dryRun: ['/entries/import/dry-run', '/import-entries/process/dry-run'],
  upload: STATEMENT_UPLOAD_PATHS,
  reconcile: ['/entries/import/reconcile', '/import-entries/reconcile'],
  one: ['/entries/import/:importEntry', '/import-entries/:importEntry'],
} as const;

export function registerImportEntries(r: Hono<AppEnv>): void {
  // static paths before /:importEntry
  registerList(r);
  registerMultiple(r);
  registerProcess(r);
  registerUpload(r);
  registerReconcile(r);
  registerOne(r);
  registerReceipt(r);
}

/** The queue with its counts, and soft delete of several. */
function registerList(r: Hono<AppEnv>): void {
  for (const path of PATHS.list) {
    r.get(path, (c) => {
      const q = listQuery(c);
      const db = c.get('deps').db;
      const { rows, total } = listImportEntryRows(
        db,
        c.get('companyId'),
        { status: q.status, search: q.search },
        q.limit,
        q.offset,
      );
      const counts = queueCounts(db, c.get('companyId'));
      const data = serialize(c, rows);
      return c.json({
        data,
        current_count: data.length,
        total_count: total,
        open_count: counts.open,
        ready_count: counts.ready,
      });
    });

    r.delete(path, async (c) => {
      const checked = check(deleteSchema(), await readBody(c));
      checked.throwIfAny();
      deleteImportEntries(companyScopeOf(c), checked.data.ids!);
      return c.json({ success: true });
    });
  }
}

function registerMultiple(r: Hono<AppEnv>): void {
  for (const path of PATHS.multiple) {
    r.put(path, async (c) => {
      const checked = check(multipleSchema(), await readBody(c));
      const { ids, ...input } = checked.data;
      const rows = importEntryRowsByIds(c.get('deps').db, c.get('companyId'), ids ?? []);
      const found = new Set(rows.map((row) => row.id));
      (ids ?? []).forEach((entryId, i) => {
        if (!found.has(entryId)) checked.fail(`ids.${i}`, `The selected ids.${i} is invalid.`);
      });
      changeImportEntries(companyScopeOf(c), rows, inputOf(input), checked);
      return c.json({ data: serialize(c, importEntryRowsByIds(c.get('deps').db, c.get('companyId'), [...found])) });
    });
  }
}

/** Process, and its dry run. */
function registerProcess(r: Hono<AppEnv>): void {
  for (const path of PATHS.process) {
    r.post(path, (c) => c.json(processImportEntries(companyScopeOf(c))));
  }

  // a GET at a path of its own, not a flag of the POST: a service that ignored the flag would book
  for (const path of PATHS.dryRun) {
    r.get(path, (c) => {
      const opts = { closedUntil: c.get('company').closed_until ?? null, fileUrl: fileUrlFor(c) };
      return c.json(
        dryRunImportEntries(companyScopeOf(c), (result, booked) =>
          presentDryRun(c.get('deps').db, c.get('companyId'), result, booked, opts),
        ),
      );
    });
  }
}

/** The CAMT upload: its report in X-Import-* headers, and as the body when asked for. */
function registerUpload(r: Hono<AppEnv>): void {
  for (const path of PATHS.upload) {
    r.post(path, uploadBodyLimit(MAX_STATEMENT_BYTES), async (c) => {
      const body = await readBody(c);
      const file = await readUploadedFile(body, MAX_STATEMENT_BYTES);
      const checked = check(uploadSchema(), body);
      checked.throwIfAny();
      const { parseCamt, CamtError } = await import('../../domain/camt.js');
      let statements: ReturnType<typeof parseCamt>;
      try {
        statements = parseCamt(file.bytes);
      } catch (err) {
        if (err instanceof CamtError) throw fieldError('file', err.message);
        throw err;
      }
      // from here on no await: the duplicates and matches are read and the entries written in one go
      const report = importStatements(companyScopeOf(c), statements, checked.data.bank_account_id ?? undefined);
      c.header('X-Import-Created', String(report.created));
      c.header('X-Import-Duplicates', String(report.duplicates.length));
      c.header('X-Import-Matched', String(report.matched));
      c.header('X-Import-Ready', String(report.ready));
      c.header('X-Import-Skipped-Pending', String(report.skipped_pending));
      c.header('X-Import-Skipped-Info', String(report.skipped_info));
      // the spec's body is `true`; a client that asks gets the report, with every duplicate skipped
      return checked.data.report === true ? c.json(presentUploadReport(report)) : c.json(true);
    });
  }
}

function registerReconcile(r: Hono<AppEnv>): void {
  for (const path of PATHS.reconcile) {
    r.get(path, (c) => {
      const q = reconcileQuery(c);
      const result = reconcile(companyScopeOf(c), q.bank_account_id, q.date);
      return c.json(presentReconciliation(result, serialize(c, result.openEntries)));
    });
  }
}

/** One entry: read, update, reset. */
function registerOne(r: Hono<AppEnv>): void {
  for (const path of PATHS.one) {
    r.get(path, (c) => c.json({ data: serialize(c, [entryOr404(c)])[0] }));

    r.put(path, async (c) => {
      const row = entryOr404(c);
      const checked = check(updateSchema(), await readBody(c));
      changeImportEntries(companyScopeOf(c), [row], inputOf(checked.data), checked);
      return c.json({ data: readOne(c, row.id) });
    });

    r.put(`${path}/reset`, (c) => {
      const row = entryOr404(c);
      resetImportEntryOf(companyScopeOf(c), row);
      return c.json({ data: readOne(c, row.id) });
    });
  }
}

/** One entry's receipt: attach, remove, a signed link. */
function registerReceipt(r: Hono<AppEnv>): void {
  for (const path of PATHS.one) {
    r.post(`${path}/file`, uploadBodyLimit(), async (c) => {
      entryOr404(c);
      const receipt = await readUploadedFile(await readBody(c));
      // the entry is read again after the upload: another request may have changed it meanwhile
      const file = attachReceipt(companyScopeOf(c), entryOr404(c), receipt);
      return c.json({ success: true, file: { id: file.id, name: file.name, size: file.size } });
    });

    r.delete(`${path}/file`, (c) => {
      removeReceipt(companyScopeOf(c), entryOr404(c));
      return c.json({ success: true });
    });

    r.get(`${path}/file/url`, (c) => {
      const row = entryOr404(c);
      const file = row.file_id === null ? undefined : findFile(c.get('deps').db, row.file_id, c.get('companyId'));
      if (!file) throw notFound(NO_RECEIPT);
      const url = fileUrlFor(c)(file);
      const expires = Number(new URL(url).searchParams.get('expires'));
      return c.json({ url, expires_at: timestamp(new Date(expires * 1000)) });
    });
  }
}
