// Accounts (the chart of accounts): list with balances, create, read, update, delete, reset to the
// standard chart. The list answers a bare array; the other endpoints { data }.
import type { Hono } from 'hono';
import { scopeOf, type AppEnv, type Ctx } from '../context.js';
import { normaliseIban, isValidIban } from '../domain/iban.js';
import {
  ACCOUNT_CREATE_TYPES,
  ACCOUNT_TYPE_FILTERS,
  categoryForCreate,
  periodBalance,
  profitAndLoss,
  taxShareRatio,
  totalsByShape,
  typesOfFilter,
  type AccountTypeFilter,
} from '../domain/ledger.js';
import { formatCurrency, rappenToNumber } from '../domain/money.js';
import { fieldError, notFound, validationError, type FieldErrors } from '../http-error.js';
import { pathId, readBody } from '../request.js';
import { lazy, loadZod, nullable, required, rules, sometimes, validate, z } from '../validation.js';
import { changeAccount, createAccount, deleteAccountOf, resetChartOf } from '../actions/accounts.js';
import { bookingShapesUntil, findAccountRow, ledgerTaxRates, listAccountRows } from '../store/accounts.js';
import type { Db } from '../store/db.js';
import { toAccount, type Account } from '../present/accounts.js';

const ibanInput = (v: unknown) => (typeof v === 'string' ? normaliseIban(v) : v);

const number = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*[+-]?\d+\s*$/.test(v) ? Number(v.trim()) : v),
    z.int().min(1000).max(9999),
  );
const iban = () =>
  nullable(
    z.preprocess(
      ibanInput,
      rules.string(34).pipe(z.string().refine(isValidIban, { message: 'The :attribute field must be a valid IBAN.' })),
    ),
  );
const currency = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string().regex(/^[A-Z]{3}$/, { message: 'The :attribute field must be a three-letter currency code.' }),
  );

const createSchema = lazy(() =>
  z.object({
    name: required(rules.string(255)),
    number: required(number()),
    type: required(rules.in(ACCOUNT_CREATE_TYPES)),
    iban: iban(),
    is_primary_bank_account: nullable(rules.boolean()),
    currency: sometimes(currency()),
  }),
);

const updateSchema = lazy(() =>
  z.object({
    name: sometimes(required(rules.string(255))),
    number: sometimes(required(number())),
    iban: iban(),
    is_primary_bank_account: nullable(rules.boolean()),
    currency: sometimes(currency()),
  }),
);

const listSchema = lazy(() =>
  z.object({
    type: sometimes(rules.in(ACCOUNT_TYPE_FILTERS)),
    start: sometimes(rules.date()),
    until: sometimes(rules.date()),
  }),
);

const IBAN_BANK_ONLY = 'Eine IBAN ist nur bei Bankkonten möglich.';
const PRIMARY_BANK_ONLY = 'Nur ein Bankkonto kann das Hauptbankkonto sein.';

export const CARRIED_FORWARD_NAME = 'Nicht verbuchter Gewinn/Verlust aus Vorperioden';
export const PERIOD_RESULT_NAME = 'Gewinn/Verlust der Periode';

function accountOr404(c: Ctx): Account {
  const row = findAccountRow(c.get('deps').db, c.get('companyId'), pathId(c, 'account'));
  if (!row) throw notFound('Account not found.');
  return toAccount(row);
}

type WithBalance = Omit<Account, 'created_at' | 'updated_at'> & {
  balance: number;
  balance_formatted: string;
  created_at: string;
  updated_at: string;
};

function withBalance(a: Account, rappen: number): WithBalance {
  const { created_at, updated_at, ...rest } = a;
  return {
    ...rest,
    balance: rappenToNumber(rappen),
    balance_formatted: formatCurrency(rappen, a.currency),
    created_at,
    updated_at,
  };
}

/** Balances of `accounts` for the period (see domain/ledger periodBalance), and the company's profit or loss. */
function balances(db: Db, companyId: number, accounts: Account[], start?: string, until?: string) {
  const rates = ledgerTaxRates(db, companyId);
  const ratios = [...rates].flatMap(([taxRateId, rate]) => {
    const ratio = taxShareRatio(rate);
    return ratio ? [{ taxRateId, ...ratio }] : [];
  });
  // added up in SQL per shape: the cost grows with the accounts and rates, not with the bookings
  const totals = totalsByShape(bookingShapesUntil(db, companyId, ratios, start, until), rates);
  const rows = accounts.map((a) => withBalance(a, periodBalance(a.type, totals.get(a.id))));
  return { rows, result: profitAndLoss(listAccountRows(db, companyId).map(toAccount), totals) };
}

const computedRow = (name: string, rappen: number) => ({
  id: null,
  number: null,
  name,
  balance: rappenToNumber(rappen),
  balance_formatted: formatCurrency(rappen),
  computed: true,
});

/** IBAN and primary flag are for bank accounts only (422); a bank account's number must be 1000-1059 (400). */
function checkBankRules(isBank: boolean, iban: string | null | undefined, primary: boolean | null | undefined): void {
  const errors: FieldErrors = {};
  if (!isBank && iban) errors.iban = [IBAN_BANK_ONLY];
  if (!isBank && primary) errors.is_primary_bank_account = [PRIMARY_BANK_ONLY];
  if (Object.keys(errors).length) throw validationError(errors);
}

export function registerAccounts(r: Hono<AppEnv>): void {
  // static paths before /accounts/:account
  registerList(r);
  registerOne(r);
}

/** The chart (with balances for a period), its reset, create. */
function registerList(r: Hono<AppEnv>): void {
  r.get('/accounts', async (c) => {
    await loadZod();
    const blank = (v: string | undefined) => (v === '' ? undefined : v);
    const q = validate(listSchema(), {
      type: blank(c.req.query('type')),
      start: blank(c.req.query('start')),
      until: blank(c.req.query('until')),
    });
    if (q.start && q.until && q.until < q.start)
      throw fieldError('until', 'The until field must be a date after or equal to start.');
    const db = c.get('deps').db;
    const companyId = c.get('companyId');
    const type: AccountTypeFilter = q.type ?? 'all';
    const accounts = listAccountRows(db, companyId, typesOfFilter(type)).map(toAccount);
    if (!q.start && !q.until) return c.json(accounts);
    const { rows, result } = balances(db, companyId, accounts, q.start, q.until);
    if (type !== 'liabilities') return c.json(rows);
    return c.json([
      ...rows,
      computedRow(CARRIED_FORWARD_NAME, result.carriedForward),
      computedRow(PERIOD_RESULT_NAME, result.period),
    ]);
  });

  r.post('/accounts/reset', (c) => {
    resetChartOf(scopeOf(c));
    return c.json({ data: listAccountRows(c.get('deps').db, c.get('companyId')).map(toAccount) });
  });

  r.post('/accounts', async (c) => {
    const input = validate(createSchema(), await readBody(c));
    const type = categoryForCreate(input.type, input.number);
    if (!type) throw fieldError('type', 'The type balance_sheet needs an account number from 1000 to 2999.');
    checkBankRules(type === 'bank', input.iban, input.is_primary_bank_account);
    const id = createAccount(scopeOf(c), {
      name: input.name,
      number: input.number,
      type,
      currency: input.currency ?? 'CHF',
      iban: input.iban ?? null,
      isPrimary: input.is_primary_bank_account === true,
    });
    return c.json({ data: toAccount(findAccountRow(c.get('deps').db, c.get('companyId'), id)!) });
  });
}

/** One account: read (with its balance), update, delete. */
function registerOne(r: Hono<AppEnv>): void {
  r.get('/accounts/:account', (c) => {
    const account = accountOr404(c);
    const { rows } = balances(c.get('deps').db, c.get('companyId'), [account]);
    return c.json({ data: rows[0] });
  });

  r.put('/accounts/:account', async (c) => {
    const account = accountOr404(c);
    const input = validate(updateSchema(), await readBody(c));
    checkBankRules(account.type === 'bank', input.iban, input.is_primary_bank_account);
    const changed = changeAccount(scopeOf(c), account, {
      name: input.name,
      number: input.number,
      currency: input.currency,
      iban: input.iban,
      isPrimary: input.is_primary_bank_account === null ? undefined : input.is_primary_bank_account,
    });
    if (!changed) return c.json({ data: account });
    return c.json({ data: toAccount(findAccountRow(c.get('deps').db, c.get('companyId'), account.id)!) });
  });

  r.delete('/accounts/:account', (c) => {
    deleteAccountOf(scopeOf(c), accountOr404(c));
    return c.body(null, 204);
  });
}
