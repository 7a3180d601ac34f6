// Supplier bills (issue 25): list with paging and filters, create, read, update, delete, mark-as and
// the receipt. The rules sit here; writes go through actions/bills.ts, which books them.
import type { Hono } from 'hono';
import type { AppEnv, Ctx } from '../context.js';
import { companyScopeOf, companyToday } from '../context.js';
import {
  attachReceipt,
  changeBill,
  createBill,
  deleteBill,
  markBill,
  scheduleBills,
  type BillScope,
} from '../actions/bills.js';
import {
  BILL_CURRENCIES,
  BILL_STATUSES,
  REFERENCE_TYPES,
  referenceProblems,
  type ReferenceType,
} from '../domain/bills.js';
import { isValidIban, normaliseIban } from '../domain/iban.js';
import { addDays } from '../domain/time.js';
import { normaliseReference } from '../../domain/qr-reference.js';
import { fileUrlFor } from '../file-links.js';
import { notFound, validationError } from '../http-error.js';
import { pageRequest, paginated } from '../pagination.js';
import { pathId, readBody, type Body } from '../request.js';
import { readUploadedFile } from '../upload.js';
import { check, isValidDate, lazy, nullable, required, rules, text, z } from '../validation.js';
import { findAccountRow } from '../store/accounts.js';
import { findBillRow, listBillRows, type BillRow, type BillValues } from '../store/bills.js';
import { exists } from '../store/db.js';
import { filesByIds } from '../store/files.js';
import { toBill } from '../present/bills.js';
import { fileRecord } from '../present/documents.js';

const MONEY_MAX = 999_999_999.99;
const INVALID = 'The selected :attribute is invalid.';

const billSchema = lazy(() =>
  z.object({
    number: text(255),
    supplier_name: required(rules.string(70)),
    supplier_street: text(70),
    supplier_building: text(16),
    supplier_zip: required(rules.string(16)),
    supplier_city: required(rules.string(35)),
    supplier_country: nullable(
      z.string().regex(/^[A-Z]{2}$/, 'The :attribute field must be a two-letter country code (ISO 3166).'),
    ),
    iban: required(rules.string(42)),
    reference_type: nullable(rules.in(REFERENCE_TYPES)),
    reference: text(42),
    message: text(140),
    amount: required(rules.money(0.01, MONEY_MAX)),
    currency: nullable(rules.in(BILL_CURRENCIES)),
    amount_chf: nullable(rules.money(0.01, MONEY_MAX)),
    bill_date: required(rules.date()),
    due_date: nullable(rules.date()),
    expense_account_id: required(rules.id()),
    tax_rate_id: nullable(rules.id()),
    bank_account_id: nullable(rules.id()),
  }),
);

const markSchema = lazy(() =>
  z.object({ paid_date: nullable(rules.date()), bank_account_id: nullable(rules.id()), payment_message_id: text(35) }),
);

/** The bills of one pain.001 file and its message id (GrpHdr/MsgId, at most 35 characters). */
const scheduleSchema = lazy(() => z.object({ ids: rules.ids(), payment_message_id: required(rules.string(35)) }));

const scope = (c: Ctx): BillScope => companyScopeOf(c);

function billOr404(c: Ctx): BillRow {
  const row = findBillRow(c.get('deps').db, c.get('companyId'), pathId(c, 'bill'));
  if (!row) throw notFound('Bill not found.');
  return row;
}

/** The bills as the API shows them, their receipts read in one query (the company's own only). */
function presentAll(c: Ctx, rows: BillRow[]) {
  const files = filesByIds(
    c.get('deps').db,
    rows.flatMap((row) => (row.file_id === null ? [] : [Number(row.file_id)])),
  );
  const fileOf = (row: BillRow) => {
    const file = row.file_id === null ? undefined : files.get(Number(row.file_id));
    return file?.company_id === c.get('companyId') ? file : undefined;
  };
  const fileUrl = fileUrlFor(c);
  return rows.map((row) => toBill(row, fileOf(row), fileUrl));
}

const present = (c: Ctx, row: BillRow) => presentAll(c, [row])[0];

const reread = (c: Ctx, id: number) => present(c, findBillRow(c.get('deps').db, c.get('companyId'), id)!);

const accountOfType = (c: Ctx, id: number, types: readonly string[]) => {
  const type = findAccountRow(c.get('deps').db, c.get('companyId'), id)?.type;
  return type !== undefined && types.includes(String(type));
};

/** The IBAN and the reference rules of a QR-bill, joining the 422. */
function paymentTarget(
  checked: ReturnType<typeof check>,
  d: { iban?: string; reference_type?: string | null; reference?: string | null },
) {
  let iban: string | undefined;
  if (typeof d.iban === 'string') {
    iban = normaliseIban(d.iban);
    if (!isValidIban(iban))
      checked.fail('iban', 'The iban is not a valid IBAN (its check digits or length are wrong).');
  }
  const referenceType = (d.reference_type ?? 'NON') as ReferenceType;
  const reference = typeof d.reference === 'string' ? normaliseReference(d.reference) : null;
  if (iban && !checked.failed('iban') && !checked.failed('reference_type') && !checked.failed('reference')) {
    for (const p of referenceProblems(iban, referenceType, reference)) checked.fail(p.field, p.message);
  }
  return { iban, referenceType, reference };
}

/**
 * The bill as a create or update sends it (on update: over the stored bill) → the values to store, every rule in one
 * 422.
 */
function resolveBill(c: Ctx, body: Body): BillValues {
  const checked = check(billSchema(), body);
  const d = checked.data;
  const { iban, referenceType, reference } = paymentTarget(checked, d);
  const currency = d.currency ?? 'CHF';
  if (currency === 'EUR' && d.amount_chf == null && !checked.failed('amount_chf')) {
    checked.fail(
      'amount_chf',
      'The amount chf field is required when the currency is EUR (the CHF the bill is booked with).',
    );
  }
  const dueDate =
    d.due_date ?? (d.bill_date ? addDays(d.bill_date, Number(c.get('company').payment_term ?? 30)) : undefined);
  if (d.bill_date && d.due_date && d.due_date < d.bill_date)
    checked.fail('due_date', 'The due date field must be a date after or equal to bill date.');
  if (typeof d.expense_account_id === 'number' && !accountOfType(c, d.expense_account_id, ['expense', 'assets']))
    checked.fail('expense_account_id', INVALID);
  if (typeof d.tax_rate_id === 'number' && !exists(c.get('deps').db, 'tax_rates', c.get('companyId'), d.tax_rate_id))
    checked.fail('tax_rate_id', INVALID);
  if (typeof d.bank_account_id === 'number' && !accountOfType(c, d.bank_account_id, ['bank']))
    checked.fail('bank_account_id', INVALID);
  checked.throwIfAny();
  const values: BillValues = {
    supplier_name: d.supplier_name!,
    supplier_street: d.supplier_street ?? null,
    supplier_building: d.supplier_building ?? null,
    supplier_zip: d.supplier_zip!,
    supplier_city: d.supplier_city!,
    supplier_country: d.supplier_country ?? 'CH',
    iban: iban!,
    reference_type: referenceType,
    reference,
    message: d.message ?? null,
    amount: d.amount!,
    currency,
    amount_chf: currency === 'CHF' ? d.amount! : d.amount_chf!,
    bill_date: d.bill_date!,
    due_date: dueDate!,
    expense_account_id: d.expense_account_id!,
    tax_rate_id: d.tax_rate_id ?? null,
    bank_account_id: d.bank_account_id ?? null,
  };
  if (d.number) values.number = d.number;
  return values;
}

/** The list's filters from the query (no zod: a list read does not load it); a bad one is a 422 naming it. */
function listFilter(c: Ctx) {
  const status = (c.req.query('filter[status]') ?? '').trim();
  const dueBefore = (c.req.query('filter[due_before]') ?? '').trim();
  const iban = normaliseIban(c.req.query('filter[iban]') ?? '');
  const errors: Record<string, string[]> = {};
  if (status && !(BILL_STATUSES as readonly string[]).includes(status))
    errors['filter[status]'] = [`The filter[status] must be one of ${BILL_STATUSES.join(', ')}.`];
  if (dueBefore && !isValidDate(dueBefore))
    errors['filter[due_before]'] = ['The filter[due_before] must be a date YYYY-MM-DD.'];
  if (iban && !isValidIban(iban))
    errors['filter[iban]'] = ['The filter[iban] is not a valid IBAN (its check digits or length are wrong).'];
  if (Object.keys(errors).length) throw validationError(errors);
  return {
    status: status || undefined,
    dueBefore: dueBefore || undefined,
    iban: iban || undefined,
    supplier: (c.req.query('filter[supplier]') ?? '').trim() || undefined,
    search: (c.req.query('filter[search]') ?? c.req.query('search') ?? '').trim() || undefined,
  };
}

export function registerBills(r: Hono<AppEnv>): void {
  // static paths (schedule) before /:bill
  registerCollection(r);
  registerOne(r);
  registerMoves(r);
}

function registerCollection(r: Hono<AppEnv>): void {
  r.get('/bills', (c) => {
    const page = pageRequest(c);
    const { rows, total } = listBillRows(
      c.get('deps').db,
      c.get('companyId'),
      listFilter(c),
      page.perPage,
      page.offset,
    );
    return c.json(paginated(c, presentAll(c, rows), total, page));
  });

  r.post('/bills', async (c) => {
    const id = createBill(scope(c), resolveBill(c, await readBody(c)));
    return c.json({ data: reread(c, id) }, 201);
  });

  // the bills of one payment file scheduled together: all of them or none
  r.post('/bills/schedule', async (c) => {
    const checked = check(scheduleSchema(), await readBody(c));
    checked.throwIfAny();
    const d = checked.data;
    const ids = [...new Set(d.ids!)];
    scheduleBills(scope(c), ids, d.payment_message_id!);
    const db = c.get('deps').db;
    return c.json({
      data: presentAll(
        c,
        ids.map((id) => findBillRow(db, c.get('companyId'), id)!),
      ),
    });
  });
}

function registerOne(r: Hono<AppEnv>): void {
  r.get('/bills/:bill', (c) => c.json({ data: present(c, billOr404(c)) }));

  r.put('/bills/:bill', async (c) => {
    const bill = billOr404(c);
    const body = await readBody(c);
    // an update sends what changes: the rest is the stored bill's (as the API shows it; its receipt is not read)
    const stored = toBill(bill, undefined, fileUrlFor(c));
    const values = resolveBill(c, { ...stored, number: bill.number, ...body });
    changeBill(scope(c), Number(bill.id), values);
    return c.json({ data: reread(c, Number(bill.id)) });
  });

  r.delete('/bills/:bill', (c) => {
    deleteBill(scope(c), Number(billOr404(c).id));
    return c.body(null, 204);
  });
}

/** The status moves and the receipt. */
function registerMoves(r: Hono<AppEnv>): void {
  r.post('/bills/:bill/mark-as/:status', async (c) => {
    const bill = billOr404(c);
    const target = c.req.param('status');
    if (!(BILL_STATUSES as readonly string[]).includes(target))
      throw validationError({ status: ['The selected status is invalid.'] });
    const checked = check(markSchema(), await readBody(c));
    const d = checked.data;
    if (typeof d.bank_account_id === 'number' && !accountOfType(c, d.bank_account_id, ['bank']))
      checked.fail('bank_account_id', INVALID);
    if (d.payment_message_id && target !== 'scheduled')
      checked.fail('payment_message_id', 'The payment message id field is only accepted with the status scheduled.');
    checked.throwIfAny();
    markBill(scope(c), Number(bill.id), target, {
      paidDate: d.paid_date ?? companyToday(c),
      bankAccountId: d.bank_account_id ?? undefined,
      paymentMessageId: d.payment_message_id ?? undefined,
    });
    return c.json({ data: reread(c, Number(bill.id)) });
  });

  r.post('/bills/:bill/attach', async (c) => {
    const bill = billOr404(c);
    const stored = attachReceipt(scope(c), Number(bill.id), await readUploadedFile(await readBody(c)));
    return c.json({ data: fileRecord(stored, fileUrlFor(c)(stored)) }, 201);
  });
}
