import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import {
  CamtError,
  parseCamt,
  readCamtBalances,
  ZIP_LIMITS,
  type CamtDirection,
  type CamtStatement,
  type CamtTransaction,
} from '../../src/domain/camt.js';
import { bankTransactionText } from '../../src/domain/bank-transaction-codes.js';
import { statementBalances } from '../../src/domain/statement-balances.js';
import { zipBomb } from '../helpers/zip-bomb.js';

// The real bank files, copied from the shared samples into test/fixtures/camt (SOURCES.md there names
// their origin and licence), so the tests need nothing beside the checkout.
/** Sum of the transactions' amounts in one direction (integer minor units). */
function sumTransactions(transactions: readonly CamtTransaction[], direction: CamtDirection): number {
  let sum = 0;
  for (const tx of transactions) if (tx.direction === direction) sum += tx.amountRappen;
  return sum;
}

const sample = (file: string): Uint8Array => readFileSync(join(import.meta.dirname, '../fixtures/camt', file));
const only = (statements: CamtStatement[]): CamtStatement => {
  expect(statements).toHaveLength(1);
  return statements[0];
};
const count = (s: CamtStatement, direction: 'credit' | 'debit'): number =>
  s.transactions.filter((t) => t.direction === direction).length;

describe('camt.053.001.04 PostFinance statement', () => {
  // By hand from the XML, 13 booked entries:
  //   1-6  DBIT 24.00, 328.75, 200.80, 638.15, 24.00, 35.72     (one TxDtls each)
  //   7    CRDT 1000.00 collective, 10 TxDtls: 100+50+200+50+100+200+50+100+50+100 = 1000.00
  //   8    CRDT  620.00 collective,  8 TxDtls: 50+20+100+100+30+50+20+250 = 620.00
  //   9    CRDT  110.00 collective,  3 TxDtls: 20+40+50 = 110.00 (returns, booked 2016-04-06, value 2016-03-23)
  //   10   CRDT   24.00 collective,  2 TxDtls: 15+9
  //   11   CRDT   56.56 (1 TxDtls)
  //   12   DBIT    6.00 reversal (1 TxDtls), 13 DBIT 15.53 reversal (1 TxDtls)
  // Transactions 6 + 10 + 8 + 3 + 2 + 1 + 1 + 1 = 32; credits 10+8+3+2+1 = 24, debits 8.
  // Credit sum 1000 + 620 + 110 + 24 + 56.56 = 1810.56; debit sum 24 + 328.75 + 200.80 + 638.15 + 24
  // + 35.72 + 6 + 15.53 = 1272.95. Check: OPBD 322152.16 + 1810.56 − 1272.95 = 322689.77 = CLBD.
  const s = only(parseCamt(sample('postfinance-camt053-v04-statement.xml')));

  test('statement', () => {
    expect(s).toMatchObject({
      kind: '053',
      version: '04',
      iban: 'CH0309000000250090342',
      currency: 'CHF',
      id: '20160430375204000008574',
      skippedEntries: 0,
      fileName: null,
    });
    expect(s.balances).toEqual([
      { type: 'OPBD', amountRappen: 32215216, currency: 'CHF', date: '2016-04-29' },
      { type: 'CLBD', amountRappen: 32268977, currency: 'CHF', date: '2016-04-30' },
    ]);
  });

  test('counts and sums to the Rappen', () => {
    expect(s.transactions).toHaveLength(32);
    expect(count(s, 'credit')).toBe(24);
    expect(count(s, 'debit')).toBe(8);
    expect(sumTransactions(s.transactions, 'credit')).toBe(181056);
    expect(sumTransactions(s.transactions, 'debit')).toBe(127295);
    expect(s.balances[0].amountRappen + 181056 - 127295).toBe(s.balances[1].amountRappen);
    for (const t of s.transactions) expect(Number.isSafeInteger(t.amountRappen) && t.amountRappen > 0).toBe(true);
  });

  test('a single-transaction debit without parties', () => {
    expect(s.transactions[0]).toEqual({
      direction: 'debit',
      amountRappen: 2400,
      currency: 'CHF',
      bookingDate: '2016-04-30',
      valueDate: '2016-04-30',
      bankReference: '20160401001027080060699001000107',
      reference: null,
      counterpartyName: null,
      counterpartyIban: null,
      text: 'UEBRIGE: 25-9034-2 FÜR KONTOAUSZUG PAPIER TÄGLICH',
      remittance: '',
      entryInfo: 'UEBRIGE: 25-9034-2 FÜR KONTOAUSZUG PAPIER TÄGLICH',
      endToEndId: null,
      bankTransactionCode: 'ACMT/ADOP/CHRG',
      originalAmount: null,
      reversal: false,
      entryIndex: 0,
      txIndex: 0,
    });
  });

  test('the ESR collective credit is split with its old "ISR Reference"s', () => {
    const esr = s.transactions.filter((t) => t.entryIndex === 6);
    expect(esr.map((t) => t.amountRappen)).toEqual([10000, 5000, 20000, 5000, 10000, 20000, 5000, 10000, 5000, 10000]);
    expect(esr.map((t) => t.txIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(esr[0]).toMatchObject({
      direction: 'credit',
      bookingDate: '2016-05-27',
      valueDate: '2016-05-30',
      bankReference: '160527CH00T3L0GE',
      reference: { type: 'ISR', value: '000000000002015110002913192' },
      counterpartyName: null,
    });
    expect(esr[1]).toMatchObject({
      counterpartyName: 'Rutschmann Pia',
      reference: { type: 'ISR', value: '000000000002016030002820804' },
    });
    expect(esr[5]).toMatchObject({
      counterpartyName: 'Bernasconi Maria',
      counterpartyIban: 'CH4444444444444444444',
      reference: { type: 'ISR', value: '000000000002016030002463591' },
    });
    expect(esr[8]).toMatchObject({ counterpartyName: 'Zürcher Kantonalbank', bankReference: '160527CH00T99DU7' });
    expect(esr.every((t) => t.entryInfo.startsWith('SAMMELGUTSCHRIFT ESR VERARBEITUNG VOM 27.05.2016'))).toBe(true);
  });

  test('the ES collective credit joins several Ustrd lines', () => {
    const es = s.transactions.filter((t) => t.entryIndex === 7);
    expect(es.map((t) => t.amountRappen)).toEqual([5000, 2000, 10000, 10000, 3000, 5000, 2000, 25000]);
    expect(es[2]).toMatchObject({
      counterpartyName: 'Rutschmann Pia',
      counterpartyIban: 'CH1111111111111111111',
      reference: null,
      bankReference: '160527CH00T3HDBA',
      remittance: 'MUSTER MITTEILUNG 1 MUSTER MITTEILUNG 2 MUSTER MITTEILUNG 3 MUSTER MITTEILUNG 4',
    });
    expect(es[2].text).toBe(
      'MUSTER MITTEILUNG 1 MUSTER MITTEILUNG 2 MUSTER MITTEILUNG 3 MUSTER MITTEILUNG 4 / SAMMELGUTSCHRIFT ES ' +
        'VERARBEITUNG VOM 27.05.2016 PAKET ID: 160527CH000000R2',
    );
  });

  test('returns: booking date and value date differ', () => {
    const returns = s.transactions.filter((t) => t.entryIndex === 8);
    expect(returns.map((t) => [t.amountRappen, t.bookingDate, t.valueDate, t.counterpartyIban])).toEqual([
      [2000, '2016-04-06', '2016-03-23', 'CH7408237100000000002'],
      [4000, '2016-04-06', '2016-03-23', 'CH7408237100000000002'],
      [5000, '2016-04-06', '2016-03-23', 'CH7408237100000000002'],
    ]);
    expect(returns[0].counterpartyName).toBe('Max Mustermann');
  });

  test('reversals keep the DBIT direction; the counterparty is the original debtor', () => {
    const reversals = s.transactions.filter((t) => t.reversal);
    expect(reversals.map((t) => [t.direction, t.amountRappen, t.counterpartyName, t.bankReference])).toEqual([
      ['debit', 600, 'Bernasconi Maria', 'TST_205-2091679-6'],
      ['debit', 1553, 'Rutschmann Pia', 'TST_205-28529-1'],
    ]);
  });
});

describe('camt.054 PostFinance QRR notification, .04 and .08 (same data)', () => {
  // By hand: one BOOK collective CRDT entry of 1692.22 with 2 TxDtls, 778.29 + 913.93 = 1692.22,
  // both from Bernasconi Maria, CH5109000000250092291, QRR 539115429773825311971477453 and
  // 662437765447746478179744715; bank references 2000000000000000 and 3000000000000000.
  test.each([
    ['postfinance-camt054-v04-qrr.xml', '04'],
    ['postfinance-camt054-v08-qrr.xml', '08'],
  ])('%s', (file, version) => {
    const s = only(parseCamt(sample(file)));
    expect(s).toMatchObject({ kind: '054', version, iban: 'CH2909000000250094239', currency: 'CHF', balances: [] });
    expect(s.transactions).toHaveLength(2);
    expect(sumTransactions(s.transactions, 'credit')).toBe(169222);
    expect(sumTransactions(s.transactions, 'debit')).toBe(0);
    expect(
      s.transactions.map((t) => [
        t.amountRappen,
        t.reference,
        t.counterpartyName,
        t.counterpartyIban,
        t.bankReference,
        t.bookingDate,
      ]),
    ).toEqual([
      [
        77829,
        { type: 'QRR', value: '539115429773825311971477453' },
        'Bernasconi Maria',
        'CH5109000000250092291',
        '2000000000000000',
        '2020-06-18',
      ],
      [
        91393,
        { type: 'QRR', value: '662437765447746478179744715' },
        'Bernasconi Maria',
        'CH5109000000250092291',
        '3000000000000000',
        '2020-06-18',
      ],
    ]);
    expect(s.transactions[0].endToEndId).toBe('1006265-aic5dL-75dzf3jk9-cf2d5e9');
  });

  test('.04 and .08 give the same transactions', () => {
    expect(only(parseCamt(sample('postfinance-camt054-v08-qrr.xml'))).transactions).toEqual(
      only(parseCamt(sample('postfinance-camt054-v04-qrr.xml'))).transactions,
    );
  });
});

describe('camt.054.001.04 collective example', () => {
  // By hand: one CRDT entry 113.00 = 111.00 (Ada Lovelace) + 2.00 (Lord Bayron), no IBANs, no
  // structured reference, Ustrd "TEST MITTEILUNG" each; the statement has no Acct/Ccy and no Bal.
  const s = only(parseCamt(sample('camt054-v04-collective.xml')));
  test('split in two', () => {
    expect(s).toMatchObject({ kind: '054', version: '04', iban: 'CH160077401231234567', currency: 'CHF' });
    expect(
      s.transactions.map((t) => [
        t.direction,
        t.amountRappen,
        t.counterpartyName,
        t.counterpartyIban,
        t.bankReference,
        t.reference,
      ]),
    ).toEqual([
      ['credit', 11100, 'Ada Lovelace', null, '170727CH00A1ABCD', null],
      ['credit', 200, 'Lord Bayron', null, '170727CH00A2ABCD', null],
    ]);
    expect(sumTransactions(s.transactions, 'credit')).toBe(11300);
    expect(s.transactions[1].text).toBe(
      'TEST MITTEILUNG / SAMMELGUTSCHRIFT ES VERARBEITUNG VOM 27.07.2017 PAKET ID: 123456789',
    );
  });
});

describe('camt.054.001.04 viafintech example', () => {
  // By hand: 4 BOOK entries. CRDT 24.00 = 15.00 (Rutschmann Pia) + 9.00 (Bernasconi Maria); CRDT 56.56
  // (1 TxDtls); DBIT 6.00 and DBIT 15.53, both RvslInd true. 5 transactions; credits 24.00 + 56.56 =
  // 80.56, debits 6.00 + 15.53 = 21.53.
  const s = only(parseCamt(sample('camt054-v04-example.xml')));
  test('counts, sums, parties', () => {
    expect(s).toMatchObject({ kind: '054', version: '04', iban: 'CH0309000000250090342', currency: 'CHF' });
    expect(s.transactions).toHaveLength(5);
    expect([count(s, 'credit'), count(s, 'debit')]).toEqual([3, 2]);
    expect(sumTransactions(s.transactions, 'credit')).toBe(8056);
    expect(sumTransactions(s.transactions, 'debit')).toBe(2153);
    expect(
      s.transactions.map((t) => [
        t.entryIndex,
        t.txIndex,
        t.direction,
        t.amountRappen,
        t.reversal,
        t.counterpartyName,
        t.counterpartyIban,
        t.remittance,
      ]),
    ).toEqual([
      [0, 0, 'credit', 1500, false, 'Rutschmann Pia', 'CH4409000000495962779', 'Mitteilung 132'],
      [0, 1, 'credit', 900, false, 'Bernasconi Maria', 'CH3709000000250094580', 'Mitteilung 131'],
      [1, 0, 'credit', 5656, false, 'Bernasconi Maria', 'CH3709000000250094580', ''],
      [2, 0, 'debit', 600, true, 'Bernasconi Maria', 'CH3709000000250094580', 'Mitteilung 128'],
      [3, 0, 'debit', 1553, true, 'Rutschmann Pia', 'CH4409000000495962779', 'Mitteilung 134-'],
    ]);
  });
});

// ---- Small hand-made files for the edge cases ---------------------------------------------------

interface EntryOptions {
  amount: string;
  ind?: 'CRDT' | 'DBIT';
  sts?: string | null;
  rvsl?: boolean;
  ref?: string;
  details?: string;
  info?: string;
}

function entry(o: EntryOptions, version: '02' | '04' | '08'): string {
  const sts =
    o.sts === null ? '' : version === '08' ? `<Sts><Cd>${o.sts ?? 'BOOK'}</Cd></Sts>` : `<Sts>${o.sts ?? 'BOOK'}</Sts>`;
  return (
    `<Ntry><Amt Ccy="CHF">${o.amount}</Amt><CdtDbtInd>${o.ind ?? 'CRDT'}</CdtDbtInd>` +
    `${o.rvsl ? '<RvslInd>true</RvslInd>' : ''}${sts}` +
    `<BookgDt><Dt>2024-03-01</Dt></BookgDt><ValDt><Dt>2024-03-02</Dt>` +
    `</ValDt>${o.ref ? `<AcctSvcrRef>${o.ref}</AcctSvcrRef>` : ''}` +
    `${o.details ? `<NtryDtls>${o.details}</NtryDtls>` : ''}` +
    `${o.info ? `<AddtlNtryInf>${o.info}</AddtlNtryInf>` : ''}</Ntry>`
  );
}

function camt(kind: '052' | '053' | '054', version: '02' | '04' | '08', entries: string, prefix = ''): Uint8Array {
  const [root, child] =
    kind === '053'
      ? ['BkToCstmrStmt', 'Stmt']
      : kind === '054'
        ? ['BkToCstmrDbtCdtNtfctn', 'Ntfctn']
        : ['BkToCstmrAcctRpt', 'Rpt'];
  const p = prefix ? `${prefix}:` : '';
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n<${p}Document xmlns${prefix ? `:${prefix}` : ''}` +
    `="urn:iso:std:iso:20022:tech:xsd:camt.${kind}.001.${version}">` +
    `<${p}${root}><${p}GrpHdr><${p}MsgId>M1</${p}MsgId></${p}GrpHdr><${p}${child}><${p}Id>S1</${p}Id>` +
    `<${p}Acct><${p}Id><${p}IBAN>CH9300762011623852957</${p}IBAN></${p}Id><${p}Ccy>CHF</${p}Ccy></${p}Acct>` +
    entries.replace(/<(\/?)(\w+)/g, `<$1${p}$2`) +
    `</${p}${child}></${p}${root}></${p}Document>`;
  return strToU8(xml);
}

const tx = (amount: string | null, extra = ''): string =>
  `<TxDtls>${amount === null ? '' : `<Amt Ccy="CHF">${amount}</Amt>`}${extra}</TxDtls>`;

describe('edge cases', () => {
  test('versions .02/.04/.08, kinds 052/053/054, and a prefixed namespace', () => {
    for (const version of ['02', '04', '08'] as const) {
      for (const kind of ['052', '053', '054'] as const) {
        for (const prefix of ['', 'ns2']) {
          const s = only(parseCamt(camt(kind, version, entry({ amount: '12.35', ref: 'E1' }, version), prefix)));
          expect(s).toMatchObject({ kind, version, iban: 'CH9300762011623852957', currency: 'CHF', id: 'S1' });
          expect(s.transactions).toEqual([
            expect.objectContaining({
              direction: 'credit',
              amountRappen: 1235,
              bookingDate: '2024-03-01',
              valueDate: '2024-03-02',
              bankReference: 'E1',
              txIndex: 0,
            }),
          ]);
        }
      }
    }
  });

  test('pending (PDNG) and information (INFO) entries are skipped; no status counts as booked', () => {
    for (const version of ['04', '08'] as const) {
      const s = only(
        parseCamt(
          camt(
            '052',
            version,
            [
              entry({ amount: '1.00', sts: 'PDNG' }, version),
              entry({ amount: '2.00', sts: 'INFO' }, version),
              entry({ amount: '3.00' }, version),
              entry({ amount: '4.00', sts: null }, version),
              entry({ amount: '5.00', sts: 'FUTR' }, version),
            ].join(''),
          ),
        ),
      );
      expect(s.skippedEntries).toBe(3);
      // counted by transaction, so the upload can say what it left out; a future booking is not booked yet
      expect(s.notBooked).toEqual({ pending: 2, info: 1 });
      expect(s.transactions.map((t) => [t.entryIndex, t.amountRappen])).toEqual([
        [2, 300],
        [3, 400],
      ]);
    }
  });

  test('a reversal keeps the direction of its indicator', () => {
    const details = tx(
      null,
      '<RltdPties><Dbtr><Nm>Payer AG</Nm></Dbtr><DbtrAcct><Id><IBAN>CH56 0483 5012 3456 7800 ' +
        '9</IBAN></Id></DbtrAcct><Cdtr><Nm>Us</Nm></Cdtr></RltdPties>',
    );
    const s = only(
      parseCamt(
        camt(
          '053',
          '08',
          [
            entry({ amount: '50.00', ind: 'DBIT', rvsl: true, details }, '08'),
            entry(
              {
                amount: '70.00',
                ind: 'CRDT',
                rvsl: true,
                details: tx(null, '<RltdPties><Cdtr><Pty><Nm>Supplier GmbH</Nm></Pty></Cdtr></RltdPties>'),
              },
              '08',
            ),
          ].join(''),
        ),
      ),
    );
    expect(
      s.transactions.map((t) => [t.direction, t.reversal, t.amountRappen, t.counterpartyName, t.counterpartyIban]),
    ).toEqual([
      ['debit', true, 5000, 'Payer AG', 'CH5604835012345678009'],
      ['credit', true, 7000, 'Supplier GmbH', null],
    ]);
  });

  test('a debit names the creditor (.08 Pty/Nm); a single transaction takes the entry amount', () => {
    const details = tx(
      '99.00',
      '<AmtDtls><TxAmt><Amt Ccy="EUR">100.00</Amt></TxAmt></AmtDtls><RltdPties><Dbtr><Pty><Nm>Us</Nm></Pty></Dbtr>' +
        '<Cdtr><Pty><Nm>Supplier GmbH</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id>' +
        '</CdtrAcct></RltdPties>' +
        '<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>RF18 5390 0754 ' +
        '7034</Ref></CdtrRefInf></Strd></RmtInf>',
    );
    const [t] = only(parseCamt(camt('054', '08', entry({ amount: '97.15', ind: 'DBIT', details }, '08')))).transactions;
    expect(t).toMatchObject({
      direction: 'debit',
      amountRappen: 9715,
      counterpartyName: 'Supplier GmbH',
      counterpartyIban: 'DE89370400440532013000',
      reference: { type: 'SCOR', value: 'RF18539007547034' },
    });
  });

  test('a collective entry: TxDtls/Amt, else AmtDtls/TxAmt/Amt; the bank ref falls back to entry/position', () => {
    const details =
      tx('10.10', '<Refs><AcctSvcrRef>T1</AcctSvcrRef></Refs>') +
      tx(null, '<AmtDtls><TxAmt><Amt Ccy="CHF">20.20</Amt></TxAmt></AmtDtls>') +
      tx('0.05');
    const s = only(parseCamt(camt('054', '04', entry({ amount: '30.35', ref: 'E9', details, info: 'SAMMEL' }, '04'))));
    expect(s.transactions.map((t) => [t.txIndex, t.amountRappen, t.bankReference, t.text])).toEqual([
      [0, 1010, 'T1', 'SAMMEL'],
      [1, 2020, 'E9/2', 'SAMMEL'],
      [2, 5, 'E9/3', 'SAMMEL'],
    ]);
  });

  test('a collective entry whose transactions lack amounts stays one transaction of the entry amount', () => {
    const s = only(
      parseCamt(camt('054', '04', entry({ amount: '30.00', ref: 'E9', details: tx(null) + tx(null) }, '04'))),
    );
    expect(s.transactions.map((t) => [t.amountRappen, t.bankReference])).toEqual([[3000, 'E9']]);
  });

  test('several statements in one file; an entry without a bank reference', () => {
    const one = new TextDecoder().decode(camt('053', '04', entry({ amount: '1.00' }, '04')));
    const stmt = /<Stmt>.*<\/Stmt>/.exec(one)![0];
    const statements = parseCamt(strToU8(one.replace(stmt, stmt + stmt.replace('S1', 'S2'))));
    expect(statements.map((s) => [s.id, s.transactions.length, s.transactions[0].bankReference])).toEqual([
      ['S1', 1, null],
      ['S2', 1, null],
    ]);
  });

  test('a booking or value date that is no day of the calendar (1000-01-01 … 9999-12-31) is an error', () => {
    const dated = (booking: string, value = '2024-03-02') =>
      camt('053', '04', entry({ amount: '1.00' }, '04').replace('2024-03-01', booking).replace('2024-03-02', value));
    expect(only(parseCamt(dated('2024-03-01T10:15:00+01:00'))).transactions[0].bookingDate).toBe('2024-03-01');
    expect(only(parseCamt(dated('9999-12-31'))).transactions[0].bookingDate).toBe('9999-12-31');
    expect(() => parseCamt(dated('12024-03-01'))).toThrow('entry 1 BookgDt: "12024-03-01" is not a date');
    expect(() => parseCamt(dated('0999-12-31'))).toThrow('entry 1 BookgDt: "0999-12-31" is not a date');
    expect(() => parseCamt(dated('2024-02-30'))).toThrow('entry 1 BookgDt: "2024-02-30" is not a date');
    expect(() => parseCamt(dated('2024-03-01', '+12024-03-02'))).toThrow('entry 1 ValDt: "+12024-03-02" is not a date');
  });

  test('amounts are read from their decimal text, never as floats', () => {
    const s = only(
      parseCamt(
        camt('053', '04', ['0.10', '0.20', '1234567.89', '7'].map((amount) => entry({ amount }, '04')).join('')),
      ),
    );
    expect(s.transactions.map((t) => t.amountRappen)).toEqual([10, 20, 123456789, 700]);
    expect(sumTransactions(s.transactions, 'credit')).toBe(123457519); // 10 + 20 + 123456789 + 700
    expect(() => parseCamt(camt('053', '04', entry({ amount: '-5.00' }, '04')))).toThrow(
      'entry 1 has no valid amount ("-5.00")',
    );
    expect(() => parseCamt(camt('053', '04', entry({ amount: '5.00' }, '04').replace('CRDT', 'XXX')))).toThrow(
      'entry 1: CdtDbtInd is "XXX", expected CRDT or DBIT',
    );
  });
});

describe('ZIP archives and wrong files', () => {
  const messageOf = (bytes: Uint8Array): string => {
    try {
      parseCamt(bytes);
    } catch (error) {
      expect(error).toBeInstanceOf(CamtError);
      return (error as Error).message;
    }
    throw new Error('no CamtError');
  };

  test('a ZIP of two samples gives both, with their file names', () => {
    const zip = zipSync({
      'camt/qrr.xml': sample('postfinance-camt054-v08-qrr.xml'),
      'statement.xml': sample('postfinance-camt053-v04-statement.xml'),
      'readme.pdf': strToU8('%PDF-1.7 …'),
      '__MACOSX/._statement.xml': strToU8('junk'),
    });
    const statements = parseCamt(zip);
    expect(statements.map((s) => [s.fileName, s.kind, s.transactions.length])).toEqual([
      ['camt/qrr.xml', '054', 2],
      ['statement.xml', '053', 32],
    ]);
    const all = statements.flatMap((s) => s.transactions);
    expect(sumTransactions(all, 'credit')).toBe(169222 + 181056);
    expect(sumTransactions(all, 'debit')).toBe(127295);
  });

  test('a broken ZIP', () => {
    const zip = zipSync({ 'a.xml': sample('camt054-v04-collective.xml') });
    expect(messageOf(zip.slice(0, zip.length - 30))).toMatch(/^a broken ZIP archive/);
  });

  test('a ZIP without CAMT files', () => {
    expect(
      messageOf(
        zipSync({
          'a.txt': strToU8('hello'),
          'b.pdf': strToU8('%PDF-1.4'),
          'c.xml': strToU8('<Document><CstmrCdtTrfInitn/></Document>'),
        }),
      ),
    ).toBe('a ZIP without CAMT files (found: a.txt, b.pdf, c.xml)');
    expect(messageOf(zipSync({}))).toBe('a ZIP without CAMT files (found: nothing)');
  });

  test('a broken CAMT file inside a ZIP names the file', () => {
    const broken = new TextDecoder().decode(sample('camt054-v04-collective.xml')).replace('</Ntry>', '');
    expect(messageOf(zipSync({ 'x.xml': strToU8(broken) }))).toMatch(/^x\.xml: not well-formed XML: /);
  });

  test('not XML', () => {
    expect(messageOf(strToU8('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBe('not XML: the file starts with %PDF-1.7');
    expect(messageOf(strToU8('Datum;Betrag;Text\n2024-01-01;10.00;x'))).toBe(
      'not XML: the file starts with Datum;Betrag;Tex…',
    );
    expect(messageOf(new Uint8Array())).toBe('not XML: the file is empty');
    expect(messageOf(strToU8('  \n'))).toBe('not XML: the file is empty');
  });

  test('other XML: a pain.001, an HTML page, a truncated file', () => {
    const pain =
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn>' +
      '<GrpHdr/></CstmrCdtTrfInitn></Document>';
    expect(messageOf(strToU8(pain))).toBe(
      "not a CAMT file: the XML's root is <Document> with <CstmrCdtTrfInitn> (pain.001.001.09); expected " +
        '<Document> with <BkToCstmrStmt>, <BkToCstmrDbtCdtNtfctn> or <BkToCstmrAcctRpt>',
    );
    expect(messageOf(strToU8('<html><body>Login</body></html>'))).toMatch(
      /^not a CAMT file: the XML's root is <html> with <body>;/,
    );
    const full = new TextDecoder().decode(sample('postfinance-camt054-v04-qrr.xml'));
    expect(messageOf(strToU8(full.slice(0, 3000)))).toMatch(/^not well-formed XML: /);
  });
});

describe('what is refused before it can cost: ZIP bombs, a DOCTYPE, deep nesting', () => {
  const messageOf = (read: () => unknown): string => {
    try {
      read();
    } catch (error) {
      expect(error).toBeInstanceOf(CamtError);
      return (error as Error).message;
    }
    throw new Error('no CamtError');
  };
  const statement = (entries: string): string => new TextDecoder().decode(camt('053', '04', entries));

  test('ZIP_LIMITS: a file as much as an upload on its own (50 MB), 100 MB in all, 1000 files', () => {
    expect(ZIP_LIMITS).toEqual({ files: 1000, fileBytes: 50 * 1024 * 1024, totalBytes: 100 * 1024 * 1024 });
  });

  test('a file of a ZIP that unpacks beyond 50 MB is refused, naming it', () => {
    const bomb = zipBomb([
      { name: 'ok.xml', megabytes: 1 },
      { name: 'auszug.xml', megabytes: 60 },
      { name: 'nie.xml', megabytes: 60 },
    ]);
    expect(messageOf(() => parseCamt(bomb))).toBe(
      'a ZIP archive too large to read: auszug.xml unpacks to more than 51200 kilobytes',
    );
    expect(messageOf(() => readCamtBalances(bomb))).toMatch(/^a ZIP archive too large to read: /);
  });

  test('files each within 50 MB, together beyond 100 MB, are refused', () => {
    const bomb = zipBomb([1, 2, 3].map((i) => ({ name: `teil-${i}.xml`, megabytes: 40 })));
    expect(messageOf(() => parseCamt(bomb))).toBe(
      'a ZIP archive too large to read: its files unpack to more than 102400 kilobytes in all',
    );
  });

  test('a ZIP of more than 1000 files is refused before one is unpacked', () => {
    const many = zipSync(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`f${i}.xml`, strToU8('<a/>')])));
    expect(messageOf(() => parseCamt(many))).toBe(
      'a ZIP archive too large to read: it holds 1001 files, more than 1000',
    );
  });

  test('a DOCTYPE is refused before parsing: external or internal entities, any case, in a ZIP naming the file', () => {
    const body = statement(entry({ amount: '1.00', ref: '&x;' }, '04'));
    const doctypes = [
      '<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
      '<!DOCTYPE Document [<!ENTITY x "harmless">]>',
      '<!doctype Document>',
      '<!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY x ' +
        '"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>',
    ];
    for (const doctype of doctypes) {
      const xml = body.replace('?>\n', `?>\n${doctype}`);
      expect(
        messageOf(() => parseCamt(strToU8(xml))),
        doctype,
      ).toBe('not accepted: the XML has a DOCTYPE (a document type declaration), which no CAMT file has');
      expect(
        messageOf(() => readCamtBalances(strToU8(xml))),
        doctype,
      ).toMatch(/DOCTYPE/);
    }
    const zip = zipSync({
      'a.xml': strToU8(statement(entry({ amount: '1.00' }, '04'))),
      'b.xml': strToU8(body.replace('?>\n', `?>\n${doctypes[0]}`)),
    });
    expect(messageOf(() => parseCamt(zip))).toBe(
      'b.xml: not accepted: the XML has a DOCTYPE (a document type declaration), which no CAMT file has',
    );
    expect(messageOf(() => parseCamt(strToU8(body.replace('<Document', '<!ENTITY x "y"><Document'))))).toMatch(
      /^not accepted: the XML has a markup declaration \(<!ENTITY x/,
    );
  });

  test("a DOCTYPE's text in a comment or CDATA is no DOCTYPE", () => {
    const xml = statement(entry({ amount: '1.00', info: '<![CDATA[<!DOCTYPE x> <a><b><c>]]>' }, '04')).replace(
      '?>\n',
      '?>\n<!-- <!DOCTYPE x> <a><b> -->',
    );
    expect(only(parseCamt(strToU8(xml))).transactions[0].entryInfo).toBe('<!DOCTYPE x> <a><b><c>');
  });

  test('elements nested more than 100 levels deep are refused (Document is level 1); 100 levels are read', () => {
    // Document, BkToCstmrStmt, Stmt, Ntry: the extra elements inside the entry start at level 5
    const nested = (levels: number) => `${'<X>'.repeat(levels)}${'</X>'.repeat(levels)}`;
    const at = (levels: number, comment = '') =>
      strToU8(
        statement(
          entry({ amount: '1.00', info: 'i' }, '04').replace('<AddtlNtryInf>', `${nested(levels)}<AddtlNtryInf>`),
        ).replace('?>\n', `?>\n${comment}`),
      );
    for (const comment of ['', '<!-- the whole document parsed at once -->']) {
      expect(only(parseCamt(at(96, comment))).transactions).toHaveLength(1);
      expect(messageOf(() => parseCamt(at(97, comment)))).toBe(
        "not accepted: the XML's elements are nested more than 100 levels deep",
      );
      expect(messageOf(() => readCamtBalances(at(97, comment)))).toMatch(/nested more than 100 levels/);
    }
    const deep = strToU8(`<Document><BkToCstmrStmt>${nested(20_000)}</BkToCstmrStmt></Document>`);
    expect(messageOf(() => parseCamt(deep))).toBe(
      "not accepted: the XML's elements are nested more than 100 levels deep",
    );
    expect(messageOf(() => parseCamt(zipSync({ 'tief.xml': deep })))).toMatch(
      /^tief\.xml: not accepted: the XML's elements are nested more than 100 levels deep/,
    );
  });

  test('self-closing elements, > and / in quoted attributes, comments, processing instructions do not nest', () => {
    const flat = '<X a="1 > 0" b=\'/>\'/><?pi x?><!-- <Y> -->'.repeat(200);
    const xml = statement(entry({ amount: '2.00' }, '04').replace('<BookgDt>', `${flat}<BookgDt>`));
    expect(only(parseCamt(strToU8(xml))).transactions[0].amountRappen).toBe(200);
  });
});

describe('speed', () => {
  // speed is measured in bench/camt.mjs, not asserted here
  test('10,000 entries of one statement are all read, to the Rappen', () => {
    const one = entry(
      {
        amount: '1.05',
        details: tx(
          null,
          '<Refs><AcctSvcrRef>R</AcctSvcrRef></Refs><RltdPties><Dbtr><Nm>N</Nm></Dbtr></RltdPties><RmtInf><Ustrd>U' +
            '</Ustrd></RmtInf>',
        ),
      },
      '04',
    );
    const bytes = camt('053', '04', one.repeat(10_000));
    const s = only(parseCamt(bytes));
    expect(s.transactions).toHaveLength(10_000);
    expect(sumTransactions(s.transactions, 'credit')).toBe(1_050_000);
    expect(new Set(s.transactions.map((t) => t.entryIndex)).size).toBe(10_000);
  });
});

describe('readCamtBalances: the balances without reading the entries', () => {
  const SAMPLES = [
    'postfinance-camt053-v04-statement.xml',
    'postfinance-camt054-v04-qrr.xml',
    'postfinance-camt054-v08-qrr.xml',
    'camt054-v04-collective.xml',
    'camt054-v04-example.xml',
  ];

  test.each(SAMPLES)('%s: the same statements as parseCamt, with no transactions', (file) => {
    const whole = parseCamt(sample(file));
    const balances = readCamtBalances(sample(file));
    expect(balances).toEqual(
      whole.map((s) => ({ ...s, transactions: [], skippedEntries: 0, notBooked: { pending: 0, info: 0 } })),
    );
  });

  test("a ZIP: each file's statement with its closing balance", () => {
    const zip = zipSync({
      'a.xml': sample('postfinance-camt053-v04-statement.xml'),
      'b.xml': sample('camt054-v04-example.xml'),
    });
    const [a] = readCamtBalances(zip);
    expect(a).toMatchObject({ fileName: 'a.xml', transactions: [] });
    expect(a.balances.find((b) => b.type === 'CLBD')?.amountRappen).toBe(32268977);
  });

  test('a prefixed namespace and an entry with attributes are cut out and parsed alike', () => {
    const xml = new TextDecoder()
      .decode(sample('postfinance-camt053-v04-statement.xml'))
      .replace(/<(\/?)([A-Za-z])/g, '<$1c:$2')
      .replace('<c:Document', '<c:Document xmlns:c="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"')
      .replaceAll('<c:Ntry>', '<c:Ntry id="x">');
    const prefixed = parseCamt(strToU8(xml));
    expect(prefixed.map((s) => s.transactions)).toEqual(
      parseCamt(sample('postfinance-camt053-v04-statement.xml')).map((s) => s.transactions),
    );
    expect(readCamtBalances(strToU8(xml))[0].balances).toEqual(prefixed[0].balances);
  });
});

// ---- Issue 22: every reference kept, every line accounted for, the bank's balances --------------

describe('untyped structured references', () => {
  const withRef = (ref: string, typed = '') =>
    only(
      parseCamt(
        camt(
          '054',
          '04',
          entry(
            {
              amount: '10.00',
              details: tx(null, `<RmtInf><Strd><CdtrRefInf>${typed}<Ref>${ref}</Ref></CdtrRefInf></Strd></RmtInf>`),
            },
            '04',
          ),
        ),
      ),
    ).transactions[0].reference;

  test('27 digits with a mod-10 check are a QRR, RF with an ISO 11649 check a SCOR (spaces ignored); else none', () => {
    expect(withRef('210000000003139471430009017')).toEqual({ type: 'QRR', value: '210000000003139471430009017' });
    expect(withRef('21 00000 00003 13947 14300 09017')).toEqual({ type: 'QRR', value: '210000000003139471430009017' });
    expect(withRef('RF18 5390 0754 7034')).toEqual({ type: 'SCOR', value: 'RF18539007547034' });
    expect(withRef('rf38000000000000000000552')).toEqual({ type: 'SCOR', value: 'RF38000000000000000000552' });
    // a wrong check digit, another length or free text is no structured reference
    for (const ref of [
      '210000000003139471430009018',
      '21000000000313947143000901',
      'RF19539007547034',
      'Rechnung 4711',
    ]) {
      expect(withRef(ref), ref).toBeNull();
    }
    // a typed reference keeps its type
    expect(withRef('RF18539007547034', '<Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp>')).toEqual({
      type: 'SCOR',
      value: 'RF18539007547034',
    });
  });
});

describe('a foreign original amount (AmtDtls/InstdAmt)', () => {
  test("carried with its currency when it differs from the booked one; the booked amount stays the entry's", () => {
    const instructed =
      '<AmtDtls><InstdAmt><Amt Ccy="EUR">20.97</Amt></InstdAmt><TxAmt><Amt Ccy="CHF">19.85</Amt></TxAmt></AmtDtls>';
    const [t] = only(
      parseCamt(camt('054', '04', entry({ amount: '19.85', ind: 'DBIT', details: tx(null, instructed) }, '04'))),
    ).transactions;
    expect(t).toMatchObject({
      amountRappen: 1985,
      currency: 'CHF',
      originalAmount: { amount: '20.97', currency: 'EUR' },
    });
  });

  test('an instructed amount in the booked currency, or none, is no original amount', () => {
    const same = '<AmtDtls><InstdAmt><Amt Ccy="CHF">19.85</Amt></InstdAmt></AmtDtls>';
    const s = only(
      parseCamt(
        camt('054', '04', entry({ amount: '19.85', details: tx(null, same) }, '04') + entry({ amount: '5.00' }, '04')),
      ),
    );
    expect(s.transactions.map((t) => t.originalAmount)).toEqual([null, null]);
  });

  test('on the entry of a transaction without details', () => {
    const xml = new TextDecoder()
      .decode(camt('054', '04', entry({ amount: '9.10', ind: 'DBIT' }, '04')))
      .replace('<BookgDt>', '<AmtDtls><InstdAmt><Amt Ccy="USD">10.00</Amt></InstdAmt></AmtDtls><BookgDt>');
    expect(only(parseCamt(strToU8(xml))).transactions[0].originalAmount).toEqual({ amount: '10.00', currency: 'USD' });
  });
});

describe('the bank transaction code', () => {
  const coded = (code: string, where: 'entry' | 'tx' = 'entry') => {
    const [domain, family, sub] = code.split('/');
    const bkTxCd =
      `<BkTxCd><Domn><Cd>${domain}</Cd><Fmly><Cd>${family}</Cd><SubFmlyCd>${sub}</SubFmlyCd></Fmly>` +
      `</Domn></BkTxCd>`;
    const xml = new TextDecoder().decode(
      camt('053', '04', entry({ amount: '1.00', details: where === 'tx' ? tx(null, bkTxCd) : undefined }, '04')),
    );
    return only(parseCamt(strToU8(where === 'entry' ? xml.replace('<BookgDt>', `${bkTxCd}<BookgDt>`) : xml)))
      .transactions[0].bankTransactionCode;
  };

  test('Domn/Fmly/SubFmly of the transaction, else of the entry; a proprietary code as it is', () => {
    expect(coded('PMNT/RCDT/ESCT')).toBe('PMNT/RCDT/ESCT');
    expect(coded('PMNT/ICDT/DMCT', 'tx')).toBe('PMNT/ICDT/DMCT');
    const xml = new TextDecoder()
      .decode(camt('053', '04', entry({ amount: '1.00' }, '04')))
      .replace('<BookgDt>', '<BkTxCd><Prtry><Cd>CH03</Cd><Issr>PF</Issr></Prtry></BkTxCd><BookgDt>');
    expect(only(parseCamt(strToU8(xml))).transactions[0].bankTransactionCode).toBe('CH03');
    expect(
      only(parseCamt(camt('053', '04', entry({ amount: '1.00' }, '04')))).transactions[0].bankTransactionCode,
    ).toBeNull();
  });

  test('in words: payments in and out, charges, interest; the family if the sub-family says nothing; else code', () => {
    expect(bankTransactionText('PMNT/RCDT/ESCT')).toBe('Zahlungseingang');
    expect(bankTransactionText('PMNT/RCDT/NTAV')).toBe('Zahlungseingang');
    expect(bankTransactionText('PMNT/ICDT/STDO')).toBe('Dauerauftrag');
    expect(bankTransactionText('PMNT/ICDT/DMCT')).toBe('Zahlungsausgang');
    expect(bankTransactionText('PMNT/RDDT/ESDD')).toBe('Lastschrift');
    expect(bankTransactionText('PMNT/CCRD/POSD')).toBe('Kartenzahlung');
    expect(bankTransactionText('PMNT/CCRD/CWDL')).toBe('Bargeldbezug');
    expect(bankTransactionText('ACMT/MDOP/CHRG')).toBe('Bankspesen');
    expect(bankTransactionText('PMNT/RCDT/CHRG')).toBe('Bankspesen');
    expect(bankTransactionText('ACMT/MCOP/INTR')).toBe('Zinsen');
    expect(bankTransactionText('SECU/SETT/TRAD')).toBe('SECU/SETT/TRAD');
    expect(bankTransactionText('CH03')).toBe('CH03');
  });
});

describe("the statement's balances", () => {
  const balance = (type: string, amount: string, ind: 'CRDT' | 'DBIT', date: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp><Amt Ccy="CHF">${amount}</Amt>` +
    `<CdtDbtInd>${ind}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  const statement = (balances: string, entries: string) => {
    const xml = new TextDecoder().decode(camt('053', '04', entries));
    return only(parseCamt(strToU8(xml.replace('</Acct>', `</Acct>${balances}`))));
  };

  test('the PostFinance statement: opening OPBD + movements = closing CLBD', () => {
    const s = only(parseCamt(sample('postfinance-camt053-v04-statement.xml')));
    expect(statementBalances(s)).toEqual({
      opening: { type: 'OPBD', amountRappen: 32215216, currency: 'CHF', date: '2016-04-29' },
      closing: { type: 'CLBD', amountRappen: 32268977, currency: 'CHF', date: '2016-04-30' },
      movements: 53761,
      addsUp: true,
      lastBookingDate: '2016-05-27',
    });
  });

  test('PRCD as the opening, a DBIT balance negative; movements that do not add up are said', () => {
    const s = statement(
      balance('PRCD', '100.00', 'DBIT', '2026-03-31') + balance('CLBD', '50.00', 'CRDT', '2026-04-30'),
      entry({ amount: '200.00' }, '04') + entry({ amount: '40.00', ind: 'DBIT' }, '04'),
    );
    expect(statementBalances(s)).toMatchObject({
      opening: { type: 'PRCD', amountRappen: -10000 },
      closing: { amountRappen: 5000 },
      movements: 16000,
      addsUp: false,
    });
    const ok = statement(
      balance('PRCD', '100.00', 'DBIT', '2026-03-31') + balance('CLBD', '60.00', 'CRDT', '2026-04-30'),
      entry({ amount: '200.00' }, '04') + entry({ amount: '40.00', ind: 'DBIT' }, '04'),
    );
    expect(statementBalances(ok).addsUp).toBe(true);
  });

  test('without a closing balance (a camt.054) there is nothing to compare', () => {
    expect(statementBalances(only(parseCamt(sample('camt054-v04-example.xml'))))).toMatchObject({
      opening: null,
      closing: null,
      addsUp: null,
    });
    const onlyClosing = statement(balance('CLBD', '50.00', 'CRDT', '2026-04-30'), entry({ amount: '50.00' }, '04'));
    expect(statementBalances(onlyClosing)).toMatchObject({
      opening: null,
      closing: { amountRappen: 5000 },
      addsUp: null,
    });
  });
});
