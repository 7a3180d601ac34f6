// The pain.001 builder against the official SPS schema (pain.001.001.09.ch.03, validated by libxml2):
// QRR, SCOR and unstructured payments, CHF and EUR, two debtor accounts and two dates; the sums from
// integer Rappen; the character set, the escaping and the lengths the SPS set.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  controlSum,
  endToEndId,
  groupPayments,
  isPainId,
  pain001Xml,
  spsText,
  totalsByCurrency,
  type Pain001,
  type Payment,
} from '../../src/domain/pain001.js';
import { makeQrr } from '../../src/domain/qr-reference.js';
import { isValidIban } from '../../src/domain/iban.js';
import { loadXsdValidator, SCHEMAS_DIR, type XsdCheck } from '../helpers/xsd.js';

let check: XsdCheck;
beforeAll(async () => {
  check = await loadXsdValidator('pain-001-ch', 'pain.001.001.09.ch.03.xsd');
});

const DEBTOR_1 = 'CH9300762011623852957';
const DEBTOR_2 = 'CH5604835012345678009';
const QR_IBAN = 'CH4431999123000889012';
const EUR_IBAN = 'DE89370400440532013000';

const creditor = {
  name: 'Muster Druck AG',
  street: 'Hauptstrasse',
  building: '1',
  zip: '8000',
  city: 'Zürich',
  country: 'CH',
};

function payment(extra: Partial<Payment> = {}): Payment {
  return {
    bill: 'K-2026-001',
    debtorIban: DEBTOR_1,
    executionDate: '2026-12-01',
    creditor,
    creditorIban: DEBTOR_2,
    amount: 10810,
    currency: 'CHF',
    referenceType: 'NON',
    message: 'Rechnung 4711',
    ...extra,
  };
}

const file = (payments: Payment[], extra: Partial<Pain001> = {}): Pain001 => ({
  messageId: 'A20261126175805-X1Y2Z3',
  createdAt: '2026-11-26T17:58:05',
  debtor: { name: 'Demo AG', street: 'Bahnhofstrasse', building: '1', zip: '8001', city: 'Zürich', country: 'CH' },
  payments,
  ...extra,
});

describe('the official schema', () => {
  it('takes the hand-written example (the validator works) and refuses it broken', () => {
    const example = readFileSync(join(SCHEMAS_DIR, 'pain-001-ch', 'example-qrr.xml'), 'utf8');
    expect(check(example)).toEqual([]);
    // the creditor's account before the creditor: the sequence is broken
    const broken = example.replace(/(<Cdtr>[\s\S]*?<\/Cdtr>)(\s*)(<CdtrAcct>[\s\S]*?<\/CdtrAcct>)/, '$3$2$1');
    expect(broken).not.toBe(example);
    expect(check(broken).join('\n')).toMatch(/not expected/);
  });

  it('validates a file with QRR, SCOR and unstructured payments in CHF and EUR from two accounts on two dates', () => {
    const payments = [
      payment({
        bill: 'K-2026-001',
        creditorIban: QR_IBAN,
        referenceType: 'QRR',
        reference: makeQrr(7, 4711),
        message: null,
      }),
      payment({ bill: 'K-2026-002', referenceType: 'SCOR', reference: 'RF18 5390 0754 7034', message: 'Flyer' }),
      payment({
        bill: 'K-2026-003',
        creditorIban: EUR_IBAN,
        currency: 'EUR',
        amount: 50000,
        creditor: { name: 'Beispiel GmbH', zip: '10115', city: 'Berlin', country: 'DE' },
      }),
      payment({
        bill: 'K-2026-004',
        debtorIban: DEBTOR_2,
        creditorIban: DEBTOR_1,
        executionDate: '2026-12-15',
        amount: 5,
        message: null,
      }),
    ];
    for (const p of payments) expect(isValidIban(p.creditorIban), p.creditorIban).toBe(true);
    const xml = pain001Xml(file(payments));
    expect(check(xml)).toEqual([]);
    expect(xml.match(/<PmtInf>/g)).toHaveLength(2);
    expect(xml).toContain('<Prtry>QRR</Prtry>');
    expect(xml).toContain('<Cd>SCOR</Cd>');
    expect(xml).toContain('<Ref>RF18539007547034</Ref>');
    expect(xml).toContain('<Ustrd>Rechnung 4711</Ustrd>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">500.00</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="CHF">0.05</InstdAmt>');
    // group header: 4 payments, 108.10 + 108.10 + 500.00 + 0.05
    expect(xml).toMatch(
      new RegExp(
        /<GrpHdr>\s*<MsgId>A20261126175805-X1Y2Z3<\/MsgId>\s*<CreDtTm>2026-11-26T17:58:05<\/CreDtTm>\s*/.source +
          /<NbOfTxs>4<\/NbOfTxs>\s*<CtrlSum>716.25<\/CtrlSum>/.source,
      ),
    );
    // per PmtInf: the first account on 1 December (3 payments), the second on 15 December (1)
    expect(xml).toMatch(
      new RegExp(
        /<NbOfTxs>3<\/NbOfTxs>\s*<CtrlSum>716.20<\/CtrlSum>\s*<ReqdExctnDt>\s*<Dt>2026-12-01<\/Dt>[\s\S]*/.source +
          /<IBAN>CH9300762011623852957<\/IBAN>/.source,
      ),
    );
    expect(xml).toMatch(/<NbOfTxs>1<\/NbOfTxs>\s*<CtrlSum>0.05<\/CtrlSum>\s*<ReqdExctnDt>\s*<Dt>2026-12-15<\/Dt>/);
    // the debtor's bank by its IID
    expect(xml).toContain('<MmbId>00762</MmbId>');
    // every id is unique
    const ids = [...xml.matchAll(/<(?:InstrId|EndToEndId|PmtInfId|MsgId)>([^<]+)</g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses what the schema refuses: a name with a character outside the SPS set, written raw', () => {
    const xml = pain001Xml(file([payment()]));
    expect(check(xml.replace('<Nm>Muster Druck AG</Nm>', '<Nm>Muster ★ AG</Nm>'))).not.toEqual([]);
    expect(check(xml.replace('<Dt>2026-12-01</Dt>', '<Dt>1.12.2026</Dt>'))).not.toEqual([]);
  });

  it('keeps names, messages and addresses within the set and the lengths, so that the file validates', () => {
    const long = 'Ä'.repeat(80);
    const xml = pain001Xml(
      file(
        [
          payment({
            creditor: { ...creditor, name: `Grüße & Söhne <Ltd> "★" ${long}`, city: `Zürich ${'x'.repeat(40)}` },
            message: `Zahlung\nfür ★ ${'m'.repeat(200)}`,
          }),
        ],
        { debtor: { name: 'Fröhlich & Co. 「東京」' } },
      ),
    );
    expect(check(xml)).toEqual([]);
    expect(xml).toContain('<Nm>Grüße &amp; Söhne &lt;Ltd&gt; &quot;.&quot; ÄÄ');
    const name = /<Cdtr>\s*<Nm>([^<]+)<\/Nm>/.exec(xml)![1].replace(/&[a-z]+;/g, 'x');
    expect(name.length).toBeLessThanOrEqual(70);
    const ustrd = /<Ustrd>([^<]+)<\/Ustrd>/.exec(xml)![1];
    expect(ustrd.length).toBe(140);
    expect(ustrd.startsWith('Zahlung für . mmm')).toBe(true);
    expect(xml).toContain('<Nm>Fröhlich &amp; Co. ....</Nm>');
  });
});

describe('the pieces', () => {
  it('replaces characters outside the SPS set, drops accents it lacks, folds white space', () => {
    expect(spsText('Ǎrger\tmit\n\n“Zeichen” ★ €', 70)).toBe('Arger mit .Zeichen. . €');
    expect(spsText('Ștefan Țară', 70)).toBe('Ștefan Țară');
    expect(spsText('soft\u00adhyphen', 70)).toBe('soft.hyphen');
    expect(spsText('abcdef', 3)).toBe('abc');
  });

  it('sums Rappen exactly and per currency', () => {
    const many = Array.from({ length: 1000 }, () => payment({ amount: 10 }));
    expect(controlSum(many)).toBe('100.00');
    expect(controlSum([payment({ amount: 99_999_999_999 }), payment({ amount: 1 })])).toBe('1000000000.00');
    expect([
      ...totalsByCurrency([payment({ currency: 'EUR', amount: 5 }), payment({ amount: 7 }), payment({ amount: 3 })]),
    ]).toEqual([
      ['CHF', 10n],
      ['EUR', 5n],
    ]);
  });

  it('groups by debtor account and execution date, the earliest first', () => {
    const groups = groupPayments([
      payment({ executionDate: '2026-12-05' }),
      payment({ debtorIban: 'CH56 0483 5012 3456 7800 9' }),
      payment(),
      payment({ executionDate: '2026-12-05' }),
    ]);
    expect(groups.map((g) => [g.debtorIban, g.executionDate, g.payments.length])).toEqual([
      [DEBTOR_2, '2026-12-01', 1],
      [DEBTOR_1, '2026-12-01', 1],
      [DEBTOR_1, '2026-12-05', 2],
    ]);
  });

  it('makes ids of the allowed set, at most 35 long', () => {
    const id = endToEndId('A'.repeat(35), 12);
    expect(id).toHaveLength(35);
    expect(id.endsWith('-12')).toBe(true);
    expect(isPainId('A20261126-XYZ')).toBe(true);
    expect(isPainId('A_B')).toBe(false);
    expect(() => pain001Xml(file([payment()], { messageId: 'bad_id' }))).toThrow(/message id/);
    expect(() => pain001Xml(file([]))).toThrow(/at least one/);
    expect(() => pain001Xml(file([payment({ amount: 0 })]))).toThrow(/positive/);
  });
});
