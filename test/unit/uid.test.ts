// The UID (eCH-0097) a VAT invoice carries: the mod-11 check digit over the eight digits before it
// (weights 5 4 3 2 7 6 5 4; 11 − sum mod 11, 11 → 0, 10 no UID), the forms a person types, and the
// suffix by the document's language.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseUid, uidCheckDigit, vatNumberText } from '../../src/domain/uid.js';

describe('the UID check digit', () => {
  test('as eCH-0097 computes it', () => {
    expect(uidCheckDigit('12345678')).toBe(8);
    expect(uidCheckDigit('10932255')).toBe(1);
    // 11 − (sum mod 11) = 11 → 0
    expect(uidCheckDigit('11628171')).toBe(0);
    expect(uidCheckDigit('00000000')).toBe(0);
  });

  test('a remainder of 1 (check 10) gives no UID at all', () => {
    const eight = [...Array(100_000).keys()]
      .map((n) => String(n).padStart(8, '0'))
      .find((e) => uidCheckDigit(e) === undefined)!;
    expect(eight).toBeDefined();
    for (let d = 0; d <= 9; d++) expect(parseUid(`CHE${eight}${d}`)).toEqual({ problem: 'check' });
  });

  test('exactly one last digit is right for every eight digits that have one', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), (eight) => {
        const check = uidCheckDigit(eight);
        const valid = [...Array(10).keys()].filter((d) => 'uid' in parseUid(`CHE-${eight}${d}`));
        expect(valid).toEqual(check === undefined ? [] : [check]);
      }),
    );
  });
});

describe('a UID as typed', () => {
  test.each([
    'CHE-123.456.788',
    'CHE123456788',
    'che 123 456 788',
    'CHE-123.456.788 MWST',
    'CHE-123.456.788 TVA',
    'CHE-123.456.788 IVA',
    ' CHE-123456788 vat ',
  ])('%s → CHE-123.456.788', (typed) => {
    expect(parseUid(typed)).toEqual({ uid: 'CHE-123.456.788' });
  });

  test.each(['CHE-123.456.78', 'CHE-123.456.7890', 'DE-123.456.788', '123.456.788', 'CHE-123.456.788 HRB', ''])(
    '%s is not one',
    (typed) => {
      expect(parseUid(typed)).toEqual({ problem: 'format' });
    },
  );

  test('a wrong check digit is said as such', () => {
    expect(parseUid('CHE-123.456.789')).toEqual({ problem: 'check' });
  });

  test("on a document it carries the VAT register's word in the document's language", () => {
    expect(['de', 'fr', 'it', 'en'].map((lang) => vatNumberText('CHE-123.456.788', lang))).toEqual([
      'CHE-123.456.788 MWST',
      'CHE-123.456.788 TVA',
      'CHE-123.456.788 IVA',
      'CHE-123.456.788 VAT',
    ]);
  });
});
