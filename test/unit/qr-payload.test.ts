// The reader of scanned QR-bill payloads (src/domain/qr-payload.ts), on payloads written here by hand
// from the SIX Implementation Guidelines QR-bill 2.3 (the IG's own sample IBANs and references).
import { describe, expect, it } from 'vitest';
import { readQrPayload } from '../../src/domain/qr-payload.js';

const QR_IBAN = 'CH4431999123000889012';
const IBAN = 'CH3709000000304442225';
const QRR = '210000000003139471430009017';
const SCOR = 'RF18539007547034';

/** The 31 lines of a payload, with the elements given replaced (line number from 1 → text). */
function lines(changes: Record<number, string> = {}): string[] {
  const base = [
    'SPC',
    '0200',
    '1',
    QR_IBAN,
    'S',
    'Robert Schneider AG',
    'Rue du Lac',
    '1268',
    '2501',
    'Biel',
    'CH',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '1949.75',
    'CHF',
    'S',
    'Pia-Maria Rutschmann-Schnyder',
    'Grosse Marktgasse',
    '28',
    '9400',
    'Rorschach',
    'CH',
    'QRR',
    QRR,
    'Auftrag vom 15.06.2020',
    'EPD',
  ];
  for (const [n, text] of Object.entries(changes)) base[Number(n) - 1] = text;
  return base;
}
const payload = (changes?: Record<number, string>, eol = '\n') => lines(changes).join(eol);
const fieldsOf = (text: string) => {
  const result = readQrPayload(text);
  return result.ok ? [] : result.problems.map((p) => p.field);
};

describe('readQrPayload', () => {
  it('reads a QRR bill with its creditor, amount, debtor, reference and message', () => {
    const result = readQrPayload(payload());
    expect(result).toEqual({
      ok: true,
      bill: {
        creditor: {
          iban: QR_IBAN,
          name: 'Robert Schneider AG',
          street: 'Rue du Lac',
          building: '1268',
          zip: '2501',
          city: 'Biel',
          country: 'CH',
        },
        debtor: {
          name: 'Pia-Maria Rutschmann-Schnyder',
          street: 'Grosse Marktgasse',
          building: '28',
          zip: '9400',
          city: 'Rorschach',
          country: 'CH',
        },
        amountRappen: 194975,
        currency: 'CHF',
        referenceType: 'QRR',
        reference: QRR,
        message: 'Auftrag vom 15.06.2020',
        billInformation: '',
        alternativeSchemes: [],
      },
    });
  });

  it('reads CR LF as LF, and one trailing line break', () => {
    const expected = readQrPayload(payload());
    expect(readQrPayload(payload({}, '\r\n'))).toEqual(expected);
    expect(readQrPayload(`${payload()}\n`)).toEqual(expected);
    expect(readQrPayload(`${payload({}, '\r\n')}\r\n`)).toEqual(expected);
    // more line breaks are empty optional elements, up to line 34; beyond it they are too many lines
    expect(readQrPayload(`${payload()}\n\n\n\n`)).toEqual(expected);
    expect(fieldsOf(`${payload()}\n\n\n\n\n`)).toEqual(['lines']);
  });

  it('reads a SCOR bill on a plain IBAN, no amount or debtor, with bill information and alt schemes', () => {
    const text = [
      ...lines({
        4: IBAN,
        19: '',
        20: 'EUR',
        21: '',
        22: '',
        23: '',
        24: '',
        25: '',
        26: '',
        27: '',
        28: 'SCOR',
        29: SCOR,
        30: '',
      }),
      '//S1/10/10201409/11/200701/20/140.000-53/30/102673831/31/200615/32/7.7/33/7.7:3.52',
      'eBill/B/peter@sample.ch',
    ].join('\n');
    const result = readQrPayload(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.bill).toMatchObject({
      amountRappen: null,
      currency: 'EUR',
      debtor: null,
      referenceType: 'SCOR',
      reference: SCOR,
      alternativeSchemes: ['eBill/B/peter@sample.ch'],
    });
    expect(result.bill.billInformation).toMatch(/^\/\/S1\//);
  });

  it('reads a bill without reference (NON) on a plain IBAN, street and building left out', () => {
    const result = readQrPayload(payload({ 4: IBAN, 7: '', 8: '', 28: 'NON', 29: '' }));
    expect(result.ok && result.bill.creditor).toMatchObject({ street: '', building: '', zip: '2501' });
  });

  it('refuses too few or too many lines, naming them (and the header when it is wrong too)', () => {
    expect(readQrPayload(lines().slice(0, 30).join('\n'))).toEqual({
      ok: false,
      problems: [{ field: 'lines', message: expect.stringMatching(/^30 lines/) }],
    });
    expect(fieldsOf([...lines(), 'a', 'b', 'c', 'd'].join('\n'))).toEqual(['lines']);
    expect(fieldsOf('hello')).toEqual(['qr_type', 'lines']);
    expect(fieldsOf('')).toEqual(['qr_type', 'lines']);
  });

  it('names a wrong header element by element', () => {
    expect(fieldsOf(payload({ 1: 'BCD' }))).toEqual(['qr_type']);
    expect(fieldsOf(payload({ 2: '0100', 3: '2' }))).toEqual(['version', 'coding']);
  });

  it('names a wrong trailer', () => {
    expect(readQrPayload(payload({ 31: 'END' }))).toEqual({
      ok: false,
      problems: [{ field: 'trailer', message: 'line 31 is "END", not the trailer EPD' }],
    });
  });

  it('refuses an IBAN with bad check digits, spaces, from abroad, or missing', () => {
    expect(fieldsOf(payload({ 4: 'CH4531999123000889012' }))).toEqual(['iban']);
    expect(fieldsOf(payload({ 4: 'CH44 3199 9123 0008 8901 2' }))).toEqual(['iban']);
    expect(fieldsOf(payload({ 4: 'DE89370400440532013000', 28: 'NON', 29: '' }))).toEqual(['iban']);
    expect(fieldsOf(payload({ 4: '' }))).toEqual(['iban']);
  });

  it('takes only structured addresses: K (combined) is not permitted since IG 2.3', () => {
    const result = readQrPayload(payload({ 5: 'K', 7: 'Rue du Lac 1268', 8: '2501 Biel', 9: '', 10: '' }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([
      {
        field: 'creditor.address_type',
        message: 'creditor address type K (combined) is not permitted since IG 2.3: only S (structured)',
      },
      { field: 'creditor.zip', message: 'creditor postal code is missing' },
      { field: 'creditor.city', message: 'creditor town is missing' },
    ]);
  });

  it("names each address part that breaks a rule, the debtor's too", () => {
    expect(
      fieldsOf(payload({ 6: '', 11: 'Schweiz', 10: 'B'.repeat(36), 22: 'N'.repeat(71), 24: '1'.repeat(17), 21: 'X' })),
    ).toEqual([
      'creditor.name',
      'creditor.city',
      'creditor.country',
      'debtor.address_type',
      'debtor.name',
      'debtor.building',
    ]);
    expect(fieldsOf(payload({ 6: 'Robert 😀 AG' }))).toEqual(['creditor.name']);
    // IG 2.3's extended set: Ș ț and € are fine
    expect(fieldsOf(payload({ 6: 'Ștefan Țară €' }))).toEqual([]);
  });

  it('refuses a used ultimate creditor', () => {
    expect(fieldsOf(payload({ 12: 'S', 13: 'Someone' }))).toEqual(['ultimate_creditor']);
  });

  it('takes an amount of 0.01 to 999999999.99 with two decimals, or none', () => {
    expect(fieldsOf(payload({ 19: '0.01' }))).toEqual([]);
    expect(fieldsOf(payload({ 19: '999999999.99' }))).toEqual([]);
    for (const bad of ['0.00', '1949.7', '1949', '1,949.75', '1949,75', '01.00', '1000000000.00', '-5.00', ' 5.00']) {
      expect(fieldsOf(payload({ 19: bad })), bad).toEqual(['amount']);
    }
  });

  it('takes CHF or EUR', () => {
    expect(fieldsOf(payload({ 20: 'USD' }))).toEqual(['currency']);
    expect(fieldsOf(payload({ 20: 'chf' }))).toEqual(['currency']);
  });

  it("holds QR-IBAN ⇔ QRR and the references' check digits", () => {
    expect(fieldsOf(payload({ 28: 'SCOR', 29: SCOR }))).toEqual(['reference_type']);
    expect(fieldsOf(payload({ 4: IBAN }))).toEqual(['reference_type']);
    expect(fieldsOf(payload({ 29: '210000000003139471430009018' }))).toEqual(['reference']);
    expect(fieldsOf(payload({ 29: '21000000000313947143000901' }))).toEqual(['reference']);
    expect(fieldsOf(payload({ 29: '' }))).toEqual(['reference']);
    expect(fieldsOf(payload({ 4: IBAN, 28: 'SCOR', 29: 'RF19539007547034' }))).toEqual(['reference']);
    expect(fieldsOf(payload({ 4: IBAN, 28: 'NON', 29: SCOR }))).toEqual(['reference']);
    expect(fieldsOf(payload({ 28: 'ESR' }))).toEqual(['reference_type']);
  });

  it('limits the message to 140 characters, together with the bill information', () => {
    expect(fieldsOf(payload({ 30: 'm'.repeat(140) }))).toEqual([]);
    expect(fieldsOf(payload({ 30: 'm'.repeat(141) }))).toEqual(['message']);
    expect(fieldsOf([...lines({ 30: 'm'.repeat(100) }), 'b'.repeat(41)].join('\n'))).toEqual(['bill_information']);
    expect(fieldsOf([...lines(), '', 'a'.repeat(101)].join('\n'))).toEqual(['alternative_schemes.0']);
  });

  it('lists every problem of a payload at once, in line order', () => {
    expect(fieldsOf(payload({ 4: 'CH4531999123000889012', 9: '', 19: '12', 20: 'USD', 29: '1', 31: 'EOD' }))).toEqual([
      'iban',
      'creditor.zip',
      'amount',
      'currency',
      'reference',
      'trailer',
    ]);
  });
});
