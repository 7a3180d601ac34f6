// GET /accounts?start&until adds the bookings up in SQL per shape (debit account, credit account, tax
// rate), each booking's VAT share or acquisition tax rounded on its own as the ledger posts it (issue
// 14). This property holds it to the computation it replaced: every booking's postings
// (src/domain/vat.ts) added up one by one. Random bookings of every shape — net rates on either side,
// saldo rates, acquisition tax with and without an acquisition account, zero, odd and negative sums —
// give the same balances and the same profit rows to the Rappen.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { all, run, timestamp, transaction } from '../../src/server/store/db.js';
import {
  periodBalance,
  profitAndLoss,
  totalsByAccount,
  type AccountType,
  type DatedBooking,
  type LedgerTaxRate,
} from '../../src/server/domain/ledger.js';
import { toRappen } from '../../src/server/domain/money.js';
import { accountId, startTestService, type TestService } from '../helpers/service.js';
import { retryOnStaleSocket } from './retry-on-reset.js';

let svc: TestService;
const db = () => svc.server.db;

beforeAll(async () => {
  svc = retryOnStaleSocket(await startTestService());
});

afterAll(async () => {
  await svc?.close();
});

/** Accounts of every category the bookings use. */
const NUMBERS = [1000, 1020, 1100, 1170, 1171, 1510, 2000, 2200, 2800, 3000, 3400, 4200, 6500, 6800];

/** Rates beyond the default ones: rate (hundredths), method, acquisition, tax account, acquisition account. */
const EXTRA_RATES: [string, number, 'net' | 'gross', boolean, number, number | null, number | null][] = [
  ['net 7.7', 770, 'net', false, 2200, null, null],
  ['net 3.7 on input tax', 370, 'net', false, 1170, null, null],
  ['saldo 6.2', 620, 'gross', false, 2200, null, 620],
  ['acquisition 7.7 without account', 770, 'gross', true, 2200, null, null],
  ['odd 12.34', 1234, 'net', false, 2200, null, null],
  ['zero', 0, 'net', false, 2200, null, null],
];

interface Company {
  id: number;
  accounts: { id: number; number: number; type: AccountType }[];
  rates: Map<number, LedgerTaxRate>;
}

function company(name: string): Company {
  const id = addCompany(db(), name, 1);
  const account = (n: number) => accountId(svc, id, n);
  const now = timestamp();
  for (const [rateName, rate, method, acquisition, taxAccount, acquisitionAccount, saldo] of EXTRA_RATES) {
    run(
      db(),
      `INSERT INTO tax_rates (company_id, account_id, acquisition_account_id, name, name_on_documents, rate,
        saldo_rate, calculation_method, is_acquisition_tax, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      account(taxAccount),
      acquisitionAccount === null ? null : account(acquisitionAccount),
      rateName,
      rateName,
      rate,
      saldo,
      method,
      acquisition ? 1 : 0,
      now,
      now,
    );
  }
  const accounts = all(
    db(),
    `SELECT a.id, a.number, c.type FROM accounts a JOIN account_categories c ON c.id = a.account_category_id
      WHERE a.company_id = ? AND a.number IN (${NUMBERS.join(', ')})`,
    id,
  ).map((r) => ({ id: Number(r.id), number: Number(r.number), type: r.type as AccountType }));
  const types = new Map(
    all(
      db(),
      'SELECT a.id, c.type FROM accounts a JOIN account_categories c ON c.id = a.account_category_id WHERE ' +
        'a.company_id = ?',
      id,
    ).map((r) => [Number(r.id), r.type as AccountType]),
  );
  const rates = new Map(
    all(db(), 'SELECT * FROM tax_rates WHERE company_id = ?', id).map((r) => [
      Number(r.id),
      {
        rate: Number(r.rate),
        calculationMethod: r.calculation_method as 'net' | 'gross',
        isAcquisitionTax: Number(r.is_acquisition_tax) === 1,
        accountId: Number(r.account_id),
        accountType: types.get(Number(r.account_id)),
        acquisitionAccountId: r.acquisition_account_id === null ? null : Number(r.acquisition_account_id),
      } satisfies LedgerTaxRate,
    ]),
  );
  return { id, accounts, rates };
}

const DATES = ['2023-12-31', '2024-01-01', '2024-06-30', '2024-07-01', '2024-12-31', '2025-01-01'];

const bookingArb = fc.record({
  debit: fc.nat(NUMBERS.length - 1),
  credit: fc.nat(NUMBERS.length - 1),
  rate: fc.option(fc.nat(40), { nil: null }),
  sum: fc.oneof(
    fc.integer({ min: 0, max: 2000 }),
    fc.integer({ min: 0, max: 99_999_999_999 }),
    fc.integer({ min: -500_000, max: 0 }),
    fc.constantFrom(0, 1, 5, 6, 1081, 10810, 12345),
  ),
  date: fc.constantFrom(...DATES),
});

describe('GET /accounts?start&until, added up in SQL', () => {
  it("answers the balances and profit rows of every booking's own postings, to the Rappen", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(bookingArb, { maxLength: 60 }),
        fc.constantFrom(undefined, ...DATES),
        fc.constantFrom(...DATES),
        async (drawn, startPick, until) => {
          const start = startPick !== undefined && startPick > until ? until : startPick;
          const c = company(`Saldo AG ${++n}`);
          const rateIds = [...c.rates.keys()];
          const bookings: DatedBooking[] = [];
          const now = timestamp();
          transaction(db(), () => {
            for (const b of drawn) {
              const debit = c.accounts[b.debit];
              const credit = c.accounts[(b.credit === b.debit ? b.credit + 1 : b.credit) % c.accounts.length];
              const taxRateId = b.rate === null ? null : rateIds[b.rate % rateIds.length];
              run(
                db(),
                `INSERT INTO entries (company_id, user_id, type, date, sum, debit_account_id,
                  credit_account_id, tax_rate_id, created_at, updated_at)
              VALUES (?, 1, 'swap', ?, ?, ?, ?, ?, ?, ?)`,
                c.id,
                b.date,
                b.sum,
                debit.id,
                credit.id,
                taxRateId,
                now,
                now,
              );
              bookings.push({
                date: b.date,
                sum: b.sum,
                debitAccountId: debit.id,
                creditAccountId: credit.id,
                debitType: debit.type,
                creditType: credit.type,
                taxRate: taxRateId === null ? null : c.rates.get(taxRateId)!,
              });
            }
          });
          // the computation it replaced: every booking's postings, one by one
          const totals = totalsByAccount(
            bookings.filter((b) => b.date <= until),
            start,
          );
          const query = `start=${start ?? ''}&until=${until}`;
          const res = await svc.call('GET', `/companies/${c.id}/accounts?type=all&${query}`);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const chart = res.body.map((a: { id: number; type: AccountType }) => ({ id: a.id, type: a.type }));
          const expected = chart.map((a: { id: number; type: AccountType }) => [
            a.id,
            periodBalance(a.type, totals.get(a.id)),
          ]);
          expect(res.body.map((a: { id: number; balance: number }) => [a.id, toRappen(a.balance)])).toEqual(expected);
          const liabilities = await svc.call('GET', `/companies/${c.id}/accounts?type=liabilities&${query}`);
          const result = profitAndLoss(chart, totals);
          expect(liabilities.body.slice(-2).map((r: { balance: number }) => toRappen(r.balance))).toEqual([
            result.carriedForward,
            result.period,
          ]);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
