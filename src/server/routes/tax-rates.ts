// Tax rates (VAT): list, create, read, update, delete. Create, read and update answer the bare
// TaxRate (no { data } envelope), as the spec says.
import type { Hono } from 'hono';
import type * as Zod from 'zod';
import { scopeOf, type AppEnv, type Ctx } from '../context.js';
import { calculationMethod, isTaxAccountType } from '../domain/ledger.js';
import { toPercentHundredths } from '../domain/money.js';
import { HttpError, notFound } from '../http-error.js';
import { pageRequest, paginated } from '../pagination.js';
import { pathId, queryBoolean, readBody } from '../request.js';
import {
  failures,
  lazy,
  nullable,
  required,
  rules,
  sometimes,
  toBoolean,
  validate,
  z,
  type Failures,
} from '../validation.js';
import { findAccountRow } from '../store/accounts.js';
import {
  findTaxRateRow,
  insertTaxRate,
  listTaxRateRows,
  taxRateValues,
  type TaxRateSort,
  type TaxRateValues,
} from '../store/tax-rates.js';
import { changeTaxRate, deleteUnusedTaxRate } from '../actions/tax-rates.js';
import { toTaxRate } from '../present/tax-rates.js';

// Laravel's `boolean` rejects null with "must be true or false" (rules.boolean() would call null missing).
const boolean = () =>
  z.preprocess(
    toBoolean,
    z.custom<boolean>((v) => typeof v === 'boolean', { message: 'The :attribute field must be true or false.' }),
  );
const text = () => rules.string(255);
/** rates are percentages from 0 to 100 with up to two decimals (the storage holds hundredths: no silent rounding) */
const percent = () =>
  rules
    .numeric()
    .pipe(z.number().min(0).max(100))
    .pipe(
      z.number().refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v)), {
        message: 'The :attribute field must have 0-2 decimal places.',
      }),
    )
    .transform((v) => toPercentHundredths(v)!);

const createSchema = lazy(() =>
  z.object({
    name: required(text()),
    account_id: required(rules.integer()),
    name_on_documents: nullable(text()),
    rate: required(percent()),
    saldo_rate: nullable(percent()),
    field_number: nullable(rules.integer()),
    is_acquisition_tax: sometimes(boolean()),
    acquisition_account_id: nullable(rules.integer()),
    archived: sometimes(boolean()),
    name_en: nullable(text()),
    name_fr: nullable(text()),
    name_it: nullable(text()),
    // an extension: the days the rate holds (null: open)
    valid_from: nullable(rules.date()),
    valid_until: nullable(rules.date()),
  }),
);

// PUT: any subset; a field sent is checked like on create, and name, account and rate cannot be null.
const updateSchema = lazy(() =>
  createSchema().extend({
    name: sometimes(createSchema().shape.name),
    account_id: sometimes(createSchema().shape.account_id),
    rate: sometimes(createSchema().shape.rate),
  }),
);

type Input = Zod.output<ReturnType<typeof updateSchema>>;

const SORTS: readonly TaxRateSort[] = ['name', '-name', 'rate', '-rate'];

function taxRateOr404(c: Ctx): { id: number; values: TaxRateValues } {
  const id = pathId(c, 'taxRate');
  const values = taxRateValues(c.get('deps').db, c.get('companyId'), id);
  if (!values) throw notFound('Tax rate not found.');
  return { id, values };
}

/** An account of the company that may carry VAT (a balance sheet account), else a 422 on `field`. */
function checkTaxAccount(c: Ctx, field: string, id: number, checked: Failures): void {
  const account = findAccountRow(c.get('deps').db, c.get('companyId'), id);
  if (!account) checked.fail(field, 'The selected :attribute is invalid.');
  else if (!isTaxAccountType(account.type))
    checked.fail(field, 'The :attribute must be an assets or liabilities account.');
}

/** Merges the input into `base`, applies the defaults and checks the accounts; throws the 422s. */
function resolveValues(c: Ctx, base: TaxRateValues, input: Input): TaxRateValues {
  const next: TaxRateValues = { ...base };
  for (const key of [
    'name',
    'account_id',
    'rate',
    'is_acquisition_tax',
    'archived',
    'saldo_rate',
    'field_number',
    'acquisition_account_id',
    'name_en',
    'name_fr',
    'name_it',
    'valid_from',
    'valid_until',
  ] as const) {
    if (input[key] !== undefined) (next as unknown as Record<string, unknown>)[key] = input[key];
  }
  if (input.name_on_documents !== undefined) next.name_on_documents = input.name_on_documents ?? '';
  if (next.name_on_documents === '') next.name_on_documents = next.name;
  if (!next.is_acquisition_tax) next.acquisition_account_id = null;
  next.calculation_method = calculationMethod(next.saldo_rate, next.is_acquisition_tax);

  const checked = failures();
  if (input.account_id !== undefined) checkTaxAccount(c, 'account_id', next.account_id, checked);
  if (next.is_acquisition_tax) {
    if (next.acquisition_account_id === null)
      checked.fail('acquisition_account_id', 'The :attribute field is required when is acquisition tax is true.');
    else if (input.acquisition_account_id !== undefined || input.is_acquisition_tax !== undefined)
      checkTaxAccount(c, 'acquisition_account_id', next.acquisition_account_id, checked);
  }
  if (next.valid_from !== null && next.valid_until !== null && next.valid_until < next.valid_from) {
    checked.fail('valid_until', 'The :attribute field must be a date after or equal to valid from.');
  }
  checked.throwIfAny();
  return next;
}

const EMPTY: TaxRateValues = {
  account_id: 0,
  acquisition_account_id: null,
  field_number: null,
  name: '',
  name_en: null,
  name_fr: null,
  name_it: null,
  name_on_documents: '',
  rate: 0,
  saldo_rate: null,
  calculation_method: 'net',
  is_acquisition_tax: false,
  archived: false,
  valid_from: null,
  valid_until: null,
};

export function registerTaxRates(r: Hono<AppEnv>): void {
  registerCollection(r);
  registerOne(r);
}

function registerCollection(r: Hono<AppEnv>): void {
  r.get('/tax-rates', (c) => {
    const sort = c.req.query('sort') || undefined;
    if (sort !== undefined && !SORTS.includes(sort as TaxRateSort)) {
      throw new HttpError(
        400,
        `Requested sort(s) \`${sort}\` is not allowed. Allowed sort(s) are \`${SORTS.join(', ')}\`.`,
      );
    }
    const rawIds = c.req.queries('filter[id]') ?? c.req.queries('filter[id][]');
    const ids = rawIds
      ?.flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => v !== '');
    const page = pageRequest(c);
    const { rows, total } = listTaxRateRows(
      c.get('deps').db,
      c.get('companyId'),
      {
        name: c.req.query('filter[name]') || undefined,
        archived: queryBoolean(c, 'filter[archived]'),
        ids: ids?.length ? ids.filter((v) => /^\d{1,15}$/.test(v)).map(Number) : undefined,
      },
      sort as TaxRateSort | undefined,
      page.perPage,
      page.offset,
    );
    return c.json(
      paginated(
        c,
        rows.map((r) => toTaxRate(r, true)),
        total,
        page,
      ),
    );
  });

  r.post('/tax-rates', async (c) => {
    const input = validate(createSchema(), await readBody(c));
    const values = resolveValues(c, EMPTY, {
      ...input,
      is_acquisition_tax: input.is_acquisition_tax ?? false,
      archived: input.archived ?? false,
    });
    const db = c.get('deps').db;
    const id = insertTaxRate(db, c.get('companyId'), values);
    return c.json(toTaxRate(findTaxRateRow(db, c.get('companyId'), id)!));
  });
}

function registerOne(r: Hono<AppEnv>): void {
  r.get('/tax-rates/:taxRate', (c) => {
    const { id } = taxRateOr404(c);
    return c.json(toTaxRate(findTaxRateRow(c.get('deps').db, c.get('companyId'), id)!, true));
  });

  r.put('/tax-rates/:taxRate', async (c) => {
    const { id, values: current } = taxRateOr404(c);
    const input = validate(updateSchema(), await readBody(c));
    changeTaxRate(scopeOf(c), id, resolveValues(c, current, input));
    return c.json(toTaxRate(findTaxRateRow(c.get('deps').db, c.get('companyId'), id)!));
  });

  r.delete('/tax-rates/:taxRate', (c) => {
    const { id } = taxRateOr404(c);
    deleteUnusedTaxRate(scopeOf(c), id);
    return c.body(null, 204);
  });
}
