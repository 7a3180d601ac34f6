// The Swiss VAT rates by period (src/domain/vat-rates.ts): the box of a rate on a date, the rate a
// percentage or a name of another period stands for on a booking's date, and that the tax rates every
// company is seeded with agree with the periods.
import { describe, expect, test } from 'vitest';
import {
  acquisitionBoxOn,
  holdsOn,
  outputBoxOn,
  parseRatePercentage,
  rateOfItsTime,
  ratesByPercentage,
  rateStem,
  validities,
  vatPeriodOn,
  vatTierOf,
  type RateCandidate,
} from '../../src/domain/vat-rates.js';
import { DEFAULT_TAX_RATES, EARLIER_TAX_RATES } from '../../src/server/domain/chart.js';

const SEEDED = [...DEFAULT_TAX_RATES, ...EARLIER_TAX_RATES];
/** The seeded rates as the CLI sees them (ids in seeding order; 1xxx accounts are input tax). */
const RATES: RateCandidate[] = SEEDED.map((t, i) => ({
  id: i + 1,
  name: t.name,
  rate: t.rate,
  validity: { from: t.validFrom, until: t.validUntil },
  archived: false,
  isAcquisitionTax: t.acquisitionAccountNumber !== undefined,
  side: t.accountNumber < 2000 ? 'input' : 'output',
}));
const named = (name: string) => RATES.find((r) => r.name === name)!;
const names = (found: RateCandidate[]) => found.map((r) => r.name);

describe('periods and boxes', () => {
  test('the period of a day, and each percentage is one tier only', () => {
    expect(vatPeriodOn('2010-12-31')).toBeUndefined();
    expect(vatPeriodOn('2011-01-01')?.rates.normal).toBe(800);
    expect(vatPeriodOn('2017-12-31')?.rates.normal).toBe(800);
    expect(vatPeriodOn('2018-01-01')?.rates.normal).toBe(770);
    expect(vatPeriodOn('2023-12-31')?.rates.accommodation).toBe(370);
    expect(vatPeriodOn('2024-01-01')?.rates.reduced).toBe(260);
    expect(vatPeriodOn('2099-06-30')?.rates.normal).toBe(810);
    expect([800, 770, 810].map(vatTierOf)).toEqual(['normal', 'normal', 'normal']);
    expect([250, 260].map(vatTierOf)).toEqual(['reduced', 'reduced']);
    expect([380, 370].map(vatTierOf)).toEqual(['accommodation', 'accommodation']);
    expect(vatTierOf(550)).toBeUndefined();
  });

  test('output and acquisition boxes by the booking date: 30x1 until 2017, 30x2 until 2023, 30x3 from 2024', () => {
    expect(outputBoxOn(800, '2016-04-29')).toBe(301);
    expect(outputBoxOn(250, '2016-04-29')).toBe(311);
    expect(outputBoxOn(380, '2017-12-31')).toBe(341);
    expect(outputBoxOn(250, '2018-01-01')).toBe(312);
    expect(outputBoxOn(380, '2020-01-01')).toBeUndefined();
    expect(outputBoxOn(380, '2024-01-01')).toBe(343);
    expect(outputBoxOn(800, '2010-06-30')).toBeUndefined();
    expect(['2016-01-01', '2020-01-01', '2024-01-01'].map(acquisitionBoxOn)).toEqual([381, 382, 383]);
  });

  test("a seeded rate holds while its percentage is Swiss, in that period's box; one VAT-owed rate per tier", () => {
    const days = [
      '2011-01-01',
      '2015-06-30',
      '2017-12-31',
      '2018-01-01',
      '2020-06-30',
      '2023-12-31',
      '2024-01-01',
      '2030-01-01',
    ];
    for (const date of days) {
      const p = vatPeriodOn(date)!;
      const owed = SEEDED.filter(
        (t) =>
          t.accountNumber === 2200 &&
          t.acquisitionAccountNumber === undefined &&
          holdsOn([{ from: t.validFrom, until: t.validUntil }], date),
      );
      expect(owed.map((t) => t.rate).sort(), date).toEqual(Object.values(p.rates).sort());
    }
    for (const t of SEEDED) {
      for (const date of days) {
        const p = vatPeriodOn(date)!;
        const holds = holdsOn([{ from: t.validFrom, until: t.validUntil }], date);
        if (!holds) continue;
        expect(Object.values(p.rates), `${t.name} on ${date}`).toContain(t.rate);
        if (t.acquisitionAccountNumber !== undefined) expect(t.fieldNumber, t.name).toBe(p.boxes.acquisition);
        else if (t.accountNumber === 2200) expect(t.fieldNumber, t.name).toBe(outputBoxOn(t.rate, date));
        else expect([400, 405], t.name).toContain(t.fieldNumber);
      }
    }
    // no two seeded rates share a name
    expect(new Set(SEEDED.map((t) => t.name)).size).toBe(SEEDED.length);
  });

  test('a rate without a validity of its own holds while its percentage is a Swiss rate; any other always', () => {
    expect(validities(770)).toEqual([{ from: '2018-01-01', until: '2023-12-31' }]);
    expect(validities(380)).toEqual([
      { from: '2011-01-01', until: '2017-12-31' },
      { from: '2024-01-01', until: null },
    ]);
    expect(validities(0)).toEqual([{ from: null, until: null }]);
    expect(validities(770, { from: '2019-01-01', until: null })).toEqual([{ from: '2019-01-01', until: null }]);
    expect(holdsOn(validities(380), '2020-05-01')).toBe(false);
    expect(holdsOn(validities(380), '2025-05-01')).toBe(true);
  });
});

describe("the rate of a booking's date", () => {
  test('a percentage: 7.7, "8.1 %", "8,0", "8%" (digits alone are an id)', () => {
    expect(['7.7', '8.1 %', '8,0', '8%', '2.5%', '0.0'].map(parseRatePercentage)).toEqual([770, 810, 800, 800, 250, 0]);
    expect(['8', '12', 'MWST 8.1 %', '8.125', '101%', ''].map(parseRatePercentage)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  test("another period's percentage is its tier's rate of the date; the booking's side tells owed from input", () => {
    expect(names(ratesByPercentage(810, RATES, '2016-04-29', 'output'))).toEqual(['MWST 8.0 %']);
    expect(names(ratesByPercentage(810, RATES, '2020-03-15', 'output'))).toEqual(['MWST 7.7 %']);
    expect(names(ratesByPercentage(770, RATES, '2025-01-10', 'output'))).toEqual(['MWST 8.1 %']);
    expect(names(ratesByPercentage(380, RATES, '2015-01-10', 'output'))).toEqual(['MWST 3.8 % (bis 2017)']);
    expect(names(ratesByPercentage(380, RATES, '2025-01-10', 'output'))).toEqual(['MWST 3.8 %']);
    expect(names(ratesByPercentage(260, RATES, '2015-01-10', 'input'))).toEqual(['Vorsteuer 2.5 %']);
    // input tax at the normal rate: material and services, or investments — the booking does not tell
    expect(names(ratesByPercentage(770, RATES, '2020-03-15', 'input'))).toEqual([
      'Vorsteuer 7.7 %',
      'Vorsteuer Investitionen 7.7 %',
    ]);
    // no side: every rate of the percentage but acquisition tax
    expect(names(ratesByPercentage(810, RATES, '2025-01-10'))).toEqual([
      'MWST 8.1 %',
      'Vorsteuer 8.1 %',
      'Vorsteuer Investitionen 8.1 %',
    ]);
    expect(ratesByPercentage(550, RATES, '2025-01-10')).toEqual([]);
    expect(ratesByPercentage(810, RATES, '2009-01-10')).toEqual([]);
  });

  test('a name of another period becomes the rate of the same kind that holds on the date', () => {
    expect(rateOfItsTime(named('MWST 8.1 %'), RATES, '2025-01-10')).toBeUndefined();
    expect(rateOfItsTime(named('MWST 8.1 %'), RATES, '2020-03-15')?.name).toBe('MWST 7.7 %');
    expect(rateOfItsTime(named('MWST 8.1 %'), RATES, '2016-04-29')?.name).toBe('MWST 8.0 %');
    expect(rateOfItsTime(named('MWST 2.5 %'), RATES, '2016-04-29')?.name).toBe('MWST 2.5 % (bis 2017)');
    expect(rateOfItsTime(named('MWST 3.7 %'), RATES, '2024-02-01')?.name).toBe('MWST 3.8 %');
    expect(rateOfItsTime(named('Vorsteuer Investitionen 8.1 %'), RATES, '2019-02-01')?.name).toBe(
      'Vorsteuer Investitionen 7.7 %',
    );
    expect(rateOfItsTime(named('Vorsteuer 2.6 %'), RATES, '2012-02-01')?.name).toBe('Vorsteuer 2.5 %');
    expect(rateOfItsTime(named('Bezugsteuer 8.1 %'), RATES, '2021-02-01')?.name).toBe('Bezugsteuer 7.7 %');
    // before 2011 nothing is known: the rate named stays
    expect(rateOfItsTime(named('MWST 8.1 %'), RATES, '2009-02-01')).toBeUndefined();
    expect(rateStem('Vorsteuer Investitionen 8.1 %')).toBe('vorsteuer investitionen');
    expect(rateStem('MWST 2.5 % (bis 2017)')).toBe('mwst');
  });
});
