// Amounts as typed, one grammar in every command (src/cli/shared/numbers.ts).
import { describe, expect, test } from 'vitest';
import { amountForms, amountProblem, parseAmount, typedDecimal } from '../../src/cli/shared/numbers.js';
import { UsageError } from '../../src/errors.js';

describe('typedDecimal', () => {
  test.each([
    ['1000.50', '1000.50'],
    ["1'000.50", '1000.50'],
    ['1’000.50', '1000.50'],
    ['1000,50', '1000.50'],
    ["1'000,5", '1000.5'],
    ['1000.5', '1000.5'],
    ['120', '120'],
    ["1'234'567.89", '1234567.89'],
    ['-12.5', '-12.5'],
    ['.5', '0.5'],
    ['12.', '12'],
    ['10.500', '10.500'],
    [' 7 ', '7'],
  ])('%j → %j', (raw, text) => {
    expect(typedDecimal(raw, 2)).toBe(text);
  });

  test.each(['10.005', "1'00.50", '1.000,50', '1,000.50', 'abc', '', '1e3', '.', '-', '--1', "'1000"])(
    'rejects %j',
    (raw) => {
      expect(typedDecimal(raw, 2)).toBeUndefined();
    },
  );

  test('quantities hold thousandths; negative only where allowed', () => {
    expect(typedDecimal('2.125', 3)).toBe('2.125');
    expect(typedDecimal('-1', 2, false)).toBeUndefined();
  });
});

describe('parseAmount', () => {
  test('more than two decimals is a usage error naming the flag, never a rounding', () => {
    expect(() => parseAmount('10.005', 'sum')).toThrow(
      new UsageError('invalid --sum "10.005": at most 2 decimals (1000.50, 1\'000.50 or 1000,50)'),
    );
  });

  test('text that is no number names the flag and the forms', () => {
    expect(() => parseAmount('zehn', 'hourly-rate')).toThrow(
      new UsageError('invalid --hourly-rate "zehn": expected a number like 1000.50, 1\'000.50 or 1000,50'),
    );
  });
});

describe('amountProblem: every error lists the forms accepted', () => {
  test('too many decimals, or no number at all', () => {
    expect(amountProblem('1.234', 2)).toBe("at most 2 decimals (1000.50, 1'000.50 or 1000,50)");
    expect(amountProblem('zwölf', 2)).toBe("expected a number like 1000.50, 1'000.50 or 1000,50");
    expect(amountProblem('2.1255', 3)).toBe("at most 3 decimals (2.5, 2,5 or 1'000.5)");
    expect(amountForms(3)).toBe("2.5, 2,5 or 1'000.5");
  });
});
