import fc from 'fast-check';
import { composeIBAN } from 'ibantools';
import { describe, expect, test } from 'vitest';
import { isQrIban, isSwissIban, isValidIban, normaliseIban } from '../../src/domain/iban.js';
import {
  buildQrPayload,
  chooseReference,
  QrBillError,
  qrFields,
  qrMessage,
  validateQrInput,
  type QrAddress,
  type QrBillInput,
  type QrContext,
} from '../../src/domain/qr-bill.js';
import {
  invoiceReferences,
  isValidQrr,
  isValidScor,
  makeQrr,
  makeScor,
  normaliseReference,
  qrrCheckDigit,
  referenceBreakField,
  referenceRuleBreaks,
  scorCheckDigits,
} from '../../src/domain/qr-reference.js';
import { parseQrPayload, QrPayloadError } from '../helpers/qr-payload.js';

/**
 * A reference as printed: a QRR in blocks of five from the right ("21 00000 00003 13947 14300 09017"),
 * a SCOR in groups of four from the left ("RF18 5390 0754 7034"); normaliseReference must read it back.
 */
// The SIX examples: a QR-IBAN and an ordinary IBAN of the same account
const QR_IBAN = 'CH4431999123000889012';
const IBAN = 'CH5800791123000889012';

const companyId = fc.integer({ min: 1, max: 999_999_999 });
const invoiceId = fc.integer({ min: 1, max: 999_999_999_999 });
const digit = fc.integer({ min: 0, max: 9 });

/** Every string that differs from `text` in one character at `index`, drawn from `alphabet`. */
const oneChanged = (text: string, alphabet: string): string[] =>
  [...text].flatMap((ch, i) =>
    alphabet.includes(ch)
      ? [...alphabet].filter((c) => c !== ch).map((c) => text.slice(0, i) + c + text.slice(i + 1))
      : [],
  );
const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('QR reference (QRR, mod 10 recursive)', () => {
  test('the check digits of the known examples', () => {
    expect(qrrCheckDigit('21000000000313947143000901')).toBe(7);
    expect(qrrCheckDigit('53911542977382531197147745')).toBe(3);
    expect(qrrCheckDigit('0'.repeat(26))).toBe(0);
    // the table 0,9,4,6,8,2,7,1,3,5 read off one digit after zeros: carry T[d], check (10 − carry) % 10
    const expected = [0, 1, 6, 4, 2, 8, 3, 9, 7, 5];
    for (let d = 0; d <= 9; d++) expect(qrrCheckDigit(`${'0'.repeat(25)}${d}`)).toBe(expected[d]);
  });

  test('known examples validate; their neighbours and malformed ones do not', () => {
    expect(isValidQrr('210000000003139471430009017')).toBe(true);
    expect(isValidQrr('539115429773825311971477453')).toBe(true);
    expect(isValidQrr('210000000003139471430009016')).toBe(false);
    expect(isValidQrr('21000000000313947143000901')).toBe(false);
    expect(isValidQrr('21 00000 00003 13947 14300 09017')).toBe(false);
    expect(isValidQrr('2100000000031394714300090170')).toBe(false);
    expect(() => qrrCheckDigit('123')).toThrow(RangeError);
  });

  test('the layout: five zeros, company id (9 digits), invoice id (12 digits), check digit', () => {
    expect(makeQrr(1, 42)).toBe('000000000000010000000000429');
    expect(makeQrr(999_999_999, 999_999_999_999)).toBe(
      `00000${'9'.repeat(21)}${qrrCheckDigit(`00000${'9'.repeat(21)}`)}`,
    );
    for (const [c, i] of [
      [0, 1],
      [1, 0],
      [1_000_000_000, 1],
      [1, 1_000_000_000_000],
      [1.5, 1],
      [-1, 1],
    ]) {
      expect(() => makeQrr(c, i)).toThrow(RangeError);
    }
  });

  test('every QRR the module makes validates; changing any one digit fails it', () => {
    fc.assert(
      fc.property(companyId, invoiceId, (c, i) => {
        const qrr = makeQrr(c, i);
        expect(qrr).toMatch(/^\d{27}$/);
        expect(isValidQrr(qrr)).toBe(true);
        for (const changed of oneChanged(qrr, DIGITS)) expect(isValidQrr(changed)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  test('any 26 digits with their check digit validate; one changed digit fails', () => {
    fc.assert(
      fc.property(fc.array(digit, { minLength: 26, maxLength: 26 }), (digits) => {
        const body = digits.join('');
        const qrr = body + qrrCheckDigit(body);
        expect(isValidQrr(qrr)).toBe(true);
        for (const changed of oneChanged(qrr, DIGITS)) expect(isValidQrr(changed)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('creditor reference (SCOR, ISO 11649)', () => {
  test('known examples validate', () => {
    expect(isValidScor('RF18539007547034')).toBe(true);
    expect(isValidScor('RF38000000000000000000552')).toBe(true);
    expect(scorCheckDigits('539007547034')).toBe('18');
    expect(scorCheckDigits('000000000000000000552')).toBe('38');
  });

  test('malformed ones do not', () => {
    for (const bad of [
      'RF19539007547034',
      'RF18539007547035',
      'rf18539007547034',
      'RF18 5390 0754 7034',
      'RF18',
      'XX18539007547034',
      'RF3800000000000000000000552',
      'RF18539007547034!',
    ]) {
      expect(isValidScor(bad), bad).toBe(false);
    }
    // check digits 00, 01 and 99 never come out of the algorithm (97 ≡ 0 and 98 ≡ 1 mod 97 would pass otherwise)
    const body = '539007547034';
    for (const cd of ['00', '01', '99']) expect(isValidScor(`RF${cd}${body}`)).toBe(false);
  });

  test('the layout: RF, check digits, company id (9 digits), invoice id (12 digits)', () => {
    expect(makeScor(1, 42)).toBe('RF42000000001000000000042');
    expect(() => makeScor(1, 0)).toThrow(RangeError);
  });

  test('every SCOR the module makes validates; changing any one digit or letter fails it', () => {
    fc.assert(
      fc.property(companyId, invoiceId, (c, i) => {
        const scor = makeScor(c, i);
        expect(scor).toMatch(/^RF\d{23}$/);
        expect(isValidScor(scor)).toBe(true);
        for (const changed of [...oneChanged(scor, DIGITS), ...oneChanged(scor, LETTERS)])
          expect(isValidScor(changed)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  test('any body of 1 to 21 letters and digits with its check digits validates; one changed character fails', () => {
    const body = fc
      .array(fc.constantFrom(...DIGITS, ...LETTERS), { minLength: 1, maxLength: 21 })
      .map((cs) => cs.join(''));
    fc.assert(
      fc.property(body, (b) => {
        const scor = `RF${scorCheckDigits(b)}${b}`;
        expect(isValidScor(scor)).toBe(true);
        for (const changed of [...oneChanged(scor, DIGITS), ...oneChanged(scor, LETTERS)])
          expect(isValidScor(changed)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  test('references are unique per company and invoice', () => {
    fc.assert(
      fc.property(companyId, invoiceId, companyId, invoiceId, (c1, i1, c2, i2) => {
        fc.pre(c1 !== c2 || i1 !== i2);
        expect(makeQrr(c1, i1)).not.toBe(makeQrr(c2, i2));
        expect(makeScor(c1, i1)).not.toBe(makeScor(c2, i2));
      }),
    );
    // neighbours whose digits would run together without fixed widths
    expect(makeScor(1, 23)).not.toBe(makeScor(12, 3));
    expect(makeQrr(1, 23)).not.toBe(makeQrr(12, 3));
  });
});

describe('references of an invoice and their print form', () => {
  test('a QR-IBAN gets a QRR, any other IBAN (or none) a SCOR', () => {
    expect(invoiceReferences(QR_IBAN, 7, 9)).toEqual({ qr_reference: makeQrr(7, 9), reference: null });
    expect(invoiceReferences('CH44 3199 9123 0008 8901 2', 7, 9)).toEqual({
      qr_reference: makeQrr(7, 9),
      reference: null,
    });
    expect(invoiceReferences(IBAN, 7, 9)).toEqual({ qr_reference: null, reference: makeScor(7, 9) });
    expect(invoiceReferences(null, 7, 9)).toEqual({ qr_reference: null, reference: makeScor(7, 9) });
  });

  test('a reference in its printed groups (QRR in fives, SCOR in fours) reads back as the electronic one', () => {
    // the printed (grouped) forms read back as the electronic ones
    expect(normaliseReference('21 00000 00003 13947 14300 09017')).toBe('210000000003139471430009017');
    expect(normaliseReference('RF38 0000 0000 0000 0000 0055 2')).toBe('RF38000000000000000000552');
    expect(normaliseReference(' rf18 5390 0754 7034 ')).toBe('RF18539007547034');
  });
});

describe('IBAN rules', () => {
  test('normalised, checked, CH or LI, QR-IBAN by institution id 30000-31999', () => {
    expect(normaliseIban(' ch44 3199-9123 0008 8901 2 ')).toBe(QR_IBAN);
    expect(isValidIban(QR_IBAN)).toBe(true);
    expect(isValidIban('CH4431999123000889013')).toBe(false);
    expect(isSwissIban('CH93 0076 2011 6238 5295 7')).toBe(true);
    expect(isSwissIban('LI21 0881 0000 2324 013A A')).toBe(true);
    expect(isSwissIban('DE89 3704 0044 0532 0130 00')).toBe(false);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isQrIban(QR_IBAN)).toBe(true);
    expect(isQrIban(IBAN)).toBe(false);
    const ch = (institution: string): string =>
      composeIBAN({ countryCode: 'CH', bban: `${institution}123000889012` }) as string;
    expect([ch('29999'), ch('30000'), ch('31999'), ch('32000')].map(isQrIban)).toEqual([false, true, true, false]);
  });
});

// ---- the payload ----------------------------------------------------------------------------------

const creditor = {
  iban: QR_IBAN,
  name: 'Robert Schneider AG',
  street: 'Rue du Lac',
  building: '1268',
  zip: '2501',
  city: 'Biel',
  country: 'CH',
};
const debtor: QrAddress = {
  name: 'Pia-Maria Rutschmann-Schnyder',
  street: 'Grosse Marktgasse',
  building: '28',
  zip: '9400',
  city: 'Rorschach',
  country: 'CH',
};
const input = (over: Partial<QrBillInput> = {}): QrBillInput => ({
  creditor,
  debtor,
  amountRappen: 194975,
  currency: 'CHF',
  references: { qrReference: '210000000003139471430009017', reference: null },
  message: 'Auftrag vom 15.06.2020',
  ...over,
});
const context: QrContext = { companyId: 1, invoiceNumber: 'R-2026-001', customer: 1003, bankAccount: 1020 };

describe('the payload (SIG QR-bill 2.3)', () => {
  test('the SIX example, line by line', () => {
    const payload = buildQrPayload(input(), context);
    expect(payload.split('\n')).toEqual([
      'SPC',
      '0200',
      '1', // QR type, version, coding
      'CH4431999123000889012', // IBAN
      'S',
      'Robert Schneider AG',
      'Rue du Lac',
      '1268',
      '2501',
      'Biel',
      'CH', // creditor
      '',
      '',
      '',
      '',
      '',
      '',
      '', // ultimate creditor
      '1949.75',
      'CHF',
      'S',
      'Pia-Maria Rutschmann-Schnyder',
      'Grosse Marktgasse',
      '28',
      '9400',
      'Rorschach',
      'CH', // ultimate debtor
      'QRR',
      '210000000003139471430009017',
      'Auftrag vom 15.06.2020',
      'EPD',
    ]);
    expect(payload.endsWith('\nEPD')).toBe(true);
    expect(payload).not.toMatch(/\r/);
  });

  test('without debtor, an ordinary IBAN with a SCOR, EUR', () => {
    const payload = buildQrPayload(
      input({
        creditor: { ...creditor, iban: 'CH58 0079 1123 0008 8901 2' },
        debtor: null,
        amountRappen: 5,
        currency: 'EUR',
        references: { qrReference: null, reference: 'RF18539007547034' },
        message: 'R-2026-002 Beratung',
      }),
      context,
    );
    expect(payload).toBe(
      [
        'SPC',
        '0200',
        '1',
        IBAN,
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
        '0.05',
        'EUR',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        'SCOR',
        'RF18539007547034',
        'R-2026-002 Beratung',
        'EPD',
      ].join('\n'),
    );
  });

  test('an ordinary IBAN without a reference goes out as NON; no amount leaves the line empty', () => {
    const lines = buildQrPayload(
      input({
        creditor: { ...creditor, iban: IBAN },
        references: { qrReference: null, reference: null },
        amountRappen: null,
      }),
    ).split('\n');
    expect(lines.slice(27, 29)).toEqual(['NON', '']);
    expect(lines[18]).toBe('');
  });

  test('the reference follows the IBAN', () => {
    const refs = { qrReference: makeQrr(1, 5), reference: makeScor(1, 5) };
    expect(chooseReference(QR_IBAN, refs)).toEqual({ referenceType: 'QRR', reference: refs.qrReference });
    expect(chooseReference(IBAN, refs)).toEqual({ referenceType: 'SCOR', reference: refs.reference });
    expect(chooseReference(IBAN, { qrReference: null, reference: null })).toEqual({
      referenceType: 'NON',
      reference: '',
    });
  });

  test('texts are trimmed, the IBAN and the country normalised', () => {
    const lines = buildQrPayload(
      input({
        creditor: { ...creditor, iban: 'ch44 3199 9123 0008 8901 2', name: '  Robert Schneider AG ' },
        debtor: { ...debtor, country: 'ch' },
      }),
    ).split('\n');
    expect([lines[3], lines[5], lines[26]]).toEqual([QR_IBAN, 'Robert Schneider AG', 'CH']);
  });

  test('amounts from 0.01 to 999999999.99 in Rappen, two decimals', () => {
    const amountLine = (rappen: number): string => buildQrPayload(input({ amountRappen: rappen })).split('\n')[18];
    expect([1, 10, 100, 123450, 99_999_999_999].map(amountLine)).toEqual([
      '0.01',
      '0.10',
      '1.00',
      '1234.50',
      '999999999.99',
    ]);
  });

  test('an invalid input is refused with every problem', () => {
    const bad = input({ creditor: { ...creditor, street: '' }, debtor: { ...debtor, zip: '' } });
    expect(() => buildQrPayload(bad, context)).toThrow(QrBillError);
    try {
      buildQrPayload(bad, context);
    } catch (e) {
      expect((e as QrBillError).problems.map((p) => p.field)).toEqual(['creditor.street', 'debtor.zip']);
      expect((e as Error).message).toBe(
        'creditor street missing: acct server companies set 1 --creditor-street …\ncustomer 1003 has no zip: acct ' +
          'customers update 1003 --zip …',
      );
    }
  });
});

describe('the message', () => {
  test('number and title, cut at 140 characters with the number kept', () => {
    expect(qrMessage('R-2026-001', 'Website relaunch')).toBe('R-2026-001 Website relaunch');
    expect(qrMessage('R-2026-001', null)).toBe('R-2026-001');
    const long = qrMessage('R-2026-001', 'Beratung '.repeat(30));
    expect([...long].length).toBeLessThanOrEqual(140);
    expect(long.startsWith('R-2026-001 Beratung')).toBe(true);
    expect(qrMessage('R-1', 'x'.repeat(300))).toBe(`R-1 ${'x'.repeat(136)}`);
    expect(qrMessage('R-1', 'äöü€'.repeat(100))).toHaveLength(140);
  });

  test('line breaks and characters a QR-bill cannot carry do not survive', () => {
    expect(qrMessage('R-1', 'Zeile eins\nZeile\tzwei 🚀 Ω')).toBe('R-1 Zeile eins Zeile zwei');
    expect(validateQrInput(input({ message: qrMessage('R-1', 'A 🚀\r\nB') }))).toEqual([]);
  });
});

describe('validation', () => {
  const problems = (over: Partial<QrBillInput>): { field: string; message: string }[] =>
    validateQrInput(input(over), context);
  const one = (over: Partial<QrBillInput>) => {
    const found = problems(over);
    expect(found).toHaveLength(1);
    return found[0];
  };

  test('a valid input has no problems', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ debtor: null })).toEqual([]);
    expect(problems({ debtor: { ...debtor, street: '', building: '' } })).toEqual([]);
    expect(problems({ creditor: { ...creditor, building: '' } })).toEqual([]);
  });

  test.each([
    ['creditor', 'name', 'creditor name missing: acct server companies set 1 --creditor-name …'],
    ['creditor', 'street', 'creditor street missing: acct server companies set 1 --creditor-street …'],
    ['creditor', 'zip', 'creditor zip missing: acct server companies set 1 --creditor-zip …'],
    ['creditor', 'city', 'creditor city missing: acct server companies set 1 --creditor-city …'],
    ['creditor', 'country', 'creditor country missing: acct server companies set 1 --creditor-country CH'],
    ['debtor', 'name', 'customer 1003 has no name: acct customers update 1003 --name …'],
    ['debtor', 'zip', 'customer 1003 has no zip: acct customers update 1003 --zip …'],
    ['debtor', 'city', 'customer 1003 has no city: acct customers update 1003 --city …'],
    ['debtor', 'country', 'customer 1003 has no country: acct customers update 1003 --country CH'],
  ] as const)('%s %s missing (blank counts as missing)', (key, part, message) => {
    const over =
      key === 'creditor' ? { creditor: { ...creditor, [part]: '  ' } } : { debtor: { ...debtor, [part]: '' } };
    expect(one(over)).toEqual({ field: `${key}.${part}`, message });
  });

  test.each([
    ['name', 70],
    ['street', 70],
    ['building', 16],
    ['zip', 16],
    ['city', 35],
  ] as const)('%s: %i characters pass, one more does not', (part, limit) => {
    expect(
      problems({
        creditor: { ...creditor, [part]: 'ä'.repeat(limit) },
        debtor: { ...debtor, [part]: 'é'.repeat(limit) },
      }),
    ).toEqual([]);
    const found = problems({
      creditor: { ...creditor, [part]: 'ä'.repeat(limit + 1) },
      debtor: { ...debtor, [part]: 'é'.repeat(limit + 1) },
    });
    expect(found.map((p) => p.field)).toEqual([`creditor.${part}`, `debtor.${part}`]);
    expect(found[0].message).toMatch(
      new RegExp(`^creditor .* is longer than ${limit} characters: acct server companies set 1 --creditor-${part} …$`),
    );
    expect(found[1].message).toMatch(
      new RegExp(`^customer 1003 .* is longer than ${limit} characters: acct customers update 1003 --`),
    );
  });

  test('country is two capital letters (lower case is raised)', () => {
    expect(one({ creditor: { ...creditor, country: 'Schweiz' } })).toEqual({
      field: 'creditor.country',
      message: 'creditor country "SCHWEIZ" is not a two-letter code: acct server companies set 1 --creditor-country CH',
    });
    expect(one({ debtor: { ...debtor, country: 'C1' } }).field).toBe('debtor.country');
    expect(problems({ debtor: { ...debtor, country: 'li' } })).toEqual([]);
  });

  test('characters outside the Latin set are named', () => {
    expect(one({ debtor: { ...debtor, name: 'Γιάννης AG' } })).toEqual({
      field: 'debtor.name',
      message: 'customer 1003 name has characters a QR-bill cannot carry (Γιάνης): acct customers update 1003 --name …',
    });
    expect(one({ creditor: { ...creditor, city: 'Biel\nBienne' } }).field).toBe('creditor.city');
    expect(problems({ debtor: { ...debtor, name: 'Ștefan Łukasz Ærø € & Co.' } })).toEqual([]);
  });

  test('a customer named, not numbered, is quoted in the command', () => {
    expect(
      validateQrInput(input({ debtor: { ...debtor, zip: '' } }), { ...context, customer: 'Muster AG' })[0].message,
    ).toBe('customer Muster AG has no zip: acct customers update "Muster AG" --zip …');
  });

  test('IBAN: none, bad checksum, not CH or LI; no bank account at all', () => {
    expect(one({ creditor: { ...creditor, iban: '' } })).toEqual({
      field: 'bank_account.iban',
      message: 'bank account 1020 has no IBAN: acct accounts update 1020 --iban …',
    });
    expect(one({ creditor: { ...creditor, iban: 'CH4431999123000889013' } })).toEqual({
      field: 'bank_account.iban',
      message:
        'bank account 1020 IBAN CH4431999123000889013 is not a valid IBAN (format or check digits): acct accounts ' +
        'update 1020 --iban …',
    });
    expect(one({ creditor: { ...creditor, iban: 'DE89 3704 0044 0532 0130 00' } })).toEqual({
      field: 'bank_account.iban',
      message:
        'bank account 1020 IBAN DE89370400440532013000 is not from Switzerland or Liechtenstein, which a QR-bill ' +
        'needs: acct invoices update R-2026-001 --bank-account … or acct accounts update 1020 --iban …',
    });
    expect(validateQrInput(input({ creditor: { ...creditor, iban: '' } }), { ...context, bankAccount: null })).toEqual([
      {
        field: 'bank_account.iban',
        message: 'invoice R-2026-001 has no bank account: acct invoices update R-2026-001 --bank-account …',
      },
    ]);
  });

  test('a QR-IBAN requires a valid QRR', () => {
    expect(one({ references: { qrReference: null, reference: makeScor(1, 1) } })).toEqual({
      field: 'reference',
      message:
        'invoice R-2026-001 has no QR reference, which the QR-IBAN of bank account 1020 requires: set its bank ' +
        'account again (acct invoices update R-2026-001 --bank-account 1020)',
    });
    expect(one({ references: { qrReference: '210000000003139471430009016', reference: null } }).message).toBe(
      'invoice R-2026-001 QR reference 210000000003139471430009016 fails its check digit: set its bank account ' +
        'again (acct invoices update R-2026-001 --bank-account 1020)',
    );
    expect(problems({ references: { qrReference: '21 00000 00003 13947 14300 09017', reference: null } })).toEqual([]);
  });

  test('an ordinary IBAN must not carry a QRR; its SCOR must be valid', () => {
    const ordinary = { ...creditor, iban: IBAN };
    expect(one({ creditor: ordinary })).toEqual({
      field: 'reference',
      message:
        'invoice R-2026-001 carries a QR reference, which only a QR-IBAN takes (bank account 1020 has none): set ' +
        'its bank account again (acct invoices update R-2026-001 --bank-account 1020)',
    });
    expect(one({ creditor: ordinary, references: { qrReference: null, reference: 'RF19539007547034' } }).message).toBe(
      'invoice R-2026-001 reference RF19539007547034 is not a valid ISO 11649 creditor reference (RF…): set its ' +
        'bank account again (acct invoices update R-2026-001 --bank-account 1020)',
    );
    expect(
      problems({ creditor: ordinary, references: { qrReference: null, reference: 'rf18 5390 0754 7034' } }),
    ).toEqual([]);
  });

  test("amount from 0.01 to 999'999'999.99 in whole Rappen", () => {
    expect(one({ amountRappen: 0 })).toEqual({
      field: 'amount',
      message: "invoice R-2026-001 amount 0.00 is outside what a QR-bill takes (0.01 to 999'999'999.99)",
    });
    expect(one({ amountRappen: -500 }).message).toContain('amount -5.00 is outside');
    expect(one({ amountRappen: 100_000_000_000 }).message).toContain("amount 1'000'000'000.00 is outside");
    expect(one({ amountRappen: 1.5 }).field).toBe('amount');
    expect(problems({ amountRappen: 1 })).toEqual([]);
    expect(problems({ amountRappen: 99_999_999_999 })).toEqual([]);
  });

  test('currency CHF or EUR', () => {
    expect(one({ currency: 'USD' })).toEqual({
      field: 'currency',
      message:
        'invoice R-2026-001 is in USD; a QR-bill takes CHF or EUR: acct invoices update R-2026-001 --currency CHF',
    });
    expect(problems({ currency: 'EUR' })).toEqual([]);
  });

  test('message at most 140 characters of the Latin set', () => {
    expect(problems({ message: 'x'.repeat(140) })).toEqual([]);
    expect(one({ message: 'x'.repeat(141) }).field).toBe('message');
    expect(one({ message: 'a\nb' }).field).toBe('message');
  });

  test('every problem at once, in the order creditor, IBAN/reference, amount, currency, debtor', () => {
    const found = problems({
      creditor: { ...creditor, name: '', iban: 'XX00' },
      debtor: { ...debtor, city: '' },
      amountRappen: 0,
      currency: 'GBP',
    });
    expect(found.map((p) => p.field)).toEqual([
      'creditor.name',
      'bank_account.iban',
      'amount',
      'currency',
      'debtor.city',
    ]);
  });
});

// ---- round trip ---------------------------------------------------------------------------------

const LATIN = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-/&'()+äöüÄÖÜéèàçñßæœšžłŁȘșȚț€«»"];
const text = (max: number): fc.Arbitrary<string> =>
  fc
    .array(fc.constantFrom(...LATIN), { minLength: 1, maxLength: max })
    .map((cs) => cs.join('').trim())
    .filter((s) => s !== '');
const optionalText = (max: number): fc.Arbitrary<string> => fc.oneof(fc.constant(''), text(max));
const country = fc.constantFrom('CH', 'LI', 'DE', 'AT', 'FR', 'IT');
const address = (streetRequired: boolean): fc.Arbitrary<QrAddress> =>
  fc.record({
    name: text(70),
    street: streetRequired ? text(70) : optionalText(70),
    building: optionalText(16),
    zip: text(16),
    city: text(35),
    country,
  });
const swissIban = fc
  .record({
    countryCode: fc.constantFrom('CH', 'LI'),
    institution: fc.oneof(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 30_000, max: 31_999 })),
    account: fc.array(fc.constantFrom(...DIGITS, ...LETTERS), { minLength: 12, maxLength: 12 }),
  })
  .map(
    ({ countryCode, institution, account }) =>
      composeIBAN({ countryCode, bban: `${String(institution).padStart(5, '0')}${account.join('')}` }) as string,
  );

const validInput: fc.Arbitrary<QrBillInput> = fc
  .record({
    iban: swissIban,
    creditor: address(true),
    debtor: fc.option(address(false), { nil: null }),
    amountRappen: fc.integer({ min: 1, max: 99_999_999_999 }),
    currency: fc.constantFrom('CHF', 'EUR'),
    companyId,
    invoiceId,
    withScor: fc.boolean(),
    number: fc.integer({ min: 1, max: 999 }).map((n) => `R-2026-${String(n).padStart(3, '0')}`),
    title: fc.option(fc.string({ unit: 'binary', maxLength: 200 }), { nil: null }),
  })
  .map(
    ({
      iban,
      creditor: c,
      debtor: d,
      amountRappen,
      currency,
      companyId: cid,
      invoiceId: iid,
      withScor,
      number,
      title,
    }) => {
      const refs = invoiceReferences(iban, cid, iid);
      return {
        creditor: { iban, ...c },
        debtor: d,
        amountRappen,
        currency,
        references: { qrReference: refs.qr_reference, reference: withScor ? refs.reference : null },
        message: qrMessage(number, title),
      };
    },
  );

describe('build and parse', () => {
  test('random valid invoices pass validation, and their payloads parse back to the same fields', () => {
    fc.assert(
      fc.property(validInput, (i) => {
        expect(validateQrInput(i, context)).toEqual([]);
        const parsed = parseQrPayload(buildQrPayload(i, context));
        expect(parsed).toEqual(qrFields(i));
        expect(parsed.creditor).toEqual(i.creditor);
        expect(parsed.debtor).toEqual(i.debtor);
        expect(parsed.amountRappen).toBe(i.amountRappen);
        expect(parsed.currency).toBe(i.currency);
        expect(parsed.message).toBe(i.message);
        expect(parsed.referenceType).toBe(isQrIban(i.creditor.iban) ? 'QRR' : i.references.reference ? 'SCOR' : 'NON');
        expect(parsed.reference).toBe(i.references.qrReference ?? i.references.reference ?? '');
      }),
      { numRuns: 300 },
    );
  });

  test('CRLF separators and optional billing information and alternative schemes are read over', () => {
    const payload = buildQrPayload(input());
    expect(parseQrPayload(payload.replace(/\n/g, '\r\n'))).toEqual(qrFields(input()));
    expect(parseQrPayload(`${payload}\n//S1/10/10201409\neBill/B/x@example.ch`)).toEqual(qrFields(input()));
  });

  const lines = buildQrPayload(input()).split('\n');
  const withLine = (index: number, value: string): string => lines.map((l, i) => (i === index ? value : l)).join('\n');

  test.each([
    ['a trailing separator', `${lines.join('\n')}\n`],
    ['too few lines', lines.slice(0, 30).join('\n')],
    ['QR type', withLine(0, 'SPX')],
    ['version', withLine(1, '0100')],
    ['coding', withLine(2, '2')],
    ['IBAN checksum', withLine(3, 'CH4431999123000889013')],
    ['IBAN with spaces', withLine(3, 'CH44 3199 9123 0008 8901 2')],
    ['IBAN of Germany', withLine(3, 'DE89370400440532013000')],
    ['combined address (K)', withLine(4, 'K')],
    ['creditor without name', withLine(5, '')],
    ['creditor town too long', withLine(9, 'x'.repeat(36))],
    ['ultimate creditor used', withLine(12, 'Somebody')],
    ['amount with one decimal', withLine(18, '1949.7')],
    ['amount zero', withLine(18, '0.00')],
    ['amount with a leading zero', withLine(18, '01949.75')],
    ['amount too large', withLine(18, '1000000000.00')],
    ['currency', withLine(19, 'USD')],
    ['debtor without type', withLine(20, '')],
    ['debtor without zip', withLine(24, '')],
    ['NON with a QR-IBAN', withLine(27, 'NON')],
    ['QRR check digit', withLine(28, '210000000003139471430009016')],
    ['message too long', withLine(29, 'x'.repeat(141))],
    ['trailer', withLine(30, 'END')],
  ])('rejects %s', (_, payload) => {
    expect(() => parseQrPayload(payload)).toThrow(QrPayloadError);
  });

  test('rejects a QRR on an ordinary IBAN and a bad SCOR', () => {
    const ordinary = buildQrPayload(
      input({
        creditor: { ...creditor, iban: IBAN },
        references: { qrReference: null, reference: 'RF18539007547034' },
      }),
    ).split('\n');
    expect(() =>
      parseQrPayload(
        ordinary.map((l, i) => (i === 27 ? 'QRR' : i === 28 ? '210000000003139471430009017' : l)).join('\n'),
      ),
    ).toThrow(QrPayloadError);
    expect(() => parseQrPayload(ordinary.map((l, i) => (i === 28 ? 'RF19539007547034' : l)).join('\n'))).toThrow(
      QrPayloadError,
    );
    expect(() => parseQrPayload(ordinary.map((l, i) => (i === 27 ? 'NON' : l)).join('\n'))).toThrow(QrPayloadError);
  });
});

describe('referenceRuleBreaks: the reference rules a bill and a payload share', () => {
  const QR_IBAN = 'CH4431999123000889012';
  const IBAN = 'CH3709000000304442225';
  const QRR = '210000000003139471430009017';
  test.each([
    [QR_IBAN, 'QRR', QRR, []],
    [IBAN, 'SCOR', 'RF18539007547034', []],
    [IBAN, 'NON', '', []],
    [QR_IBAN, 'SCOR', 'RF18539007547034', ['qr-iban-needs-qrr']],
    [QR_IBAN, 'NON', '', ['qr-iban-needs-qrr']],
    [IBAN, 'QRR', QRR, ['qrr-needs-qr-iban']],
    [IBAN, 'NON', 'RF18539007547034', ['non-takes-none']],
    [IBAN, 'SCOR', '', ['missing']],
    [QR_IBAN, 'QRR', '210000000003139471430009018', ['bad-qrr']],
    [IBAN, 'SCOR', 'RF19539007547034', ['bad-scor']],
    [IBAN, 'QRR', '123', ['qrr-needs-qr-iban', 'bad-qrr']],
  ] as const)('%s %s %j → %j', (iban, type, reference, breaks) => {
    expect(referenceRuleBreaks(iban, type, reference)).toEqual(breaks);
  });

  test('without an IBAN the pairing is left out; each break names its field', () => {
    expect(referenceRuleBreaks(undefined, 'QRR', QRR)).toEqual([]);
    expect(referenceBreakField('qrr-needs-qr-iban')).toBe('reference_type');
    expect(referenceBreakField('qr-iban-needs-qrr')).toBe('reference_type');
    expect(referenceBreakField('bad-scor')).toBe('reference');
  });
});
