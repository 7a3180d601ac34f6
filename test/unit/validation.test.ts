import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../src/server/http-error.js';
import { isValidDate, loadZod, nullable, required, rules, sometimes, validate } from '../../src/server/validation.js';

// the builders use the zod that loadZod() loads (the service awaits it before a request validates)
await loadZod();

function errorsOf(schema: z.ZodType, input: unknown): { message: string; errors: Record<string, string[]> } {
  try {
    validate(schema, input);
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    const e = err as HttpError;
    expect(e.status).toBe(422);
    return { message: e.message, errors: e.errors! };
  }
  throw new Error('expected a validation error');
}

describe('Laravel-style messages', () => {
  const one = (rule: z.ZodType, value: unknown) =>
    errorsOf(z.object({ unit_price: rule }), { unit_price: value }).errors.unit_price[0];

  test.each([
    [required(rules.string(5)), undefined, 'The unit price field is required.'],
    [required(rules.string(5)), null, 'The unit price field is required.'],
    [required(rules.string(5)), '', 'The unit price field is required.'],
    [required(rules.string(5)), 42, 'The unit price field must be a string.'],
    [required(rules.string(5)), 'abcdef', 'The unit price field must not be greater than 5 characters.'],
    [sometimes(rules.integer()), 'abc', 'The unit price field must be an integer.'],
    [sometimes(rules.integer()), 1.5, 'The unit price field must be an integer.'],
    [sometimes(rules.numeric()), 'x', 'The unit price field must be a number.'],
    [sometimes(rules.boolean()), null, 'The unit price field must be true or false.'],
    [sometimes(rules.boolean()), 'yes', 'The unit price field must be true or false.'],
    [sometimes(rules.in(['a', 'b'])), 'c', 'The selected unit price is invalid.'],
    [sometimes(rules.email()), 'nope', 'The unit price field must be a valid email address.'],
    [sometimes(rules.url()), 'nope', 'The unit price field must be a valid URL.'],
    [sometimes(rules.date()), '2025-02-30', 'The unit price field must be a valid date.'],
    [sometimes(rules.money(0, 100)), 100.01, 'The unit price field must not be greater than 100.'],
    [sometimes(rules.money(0, 100)), -1, 'The unit price field must be at least 0.'],
  ])('%#: %j → %s', (rule, value, message) => {
    expect(one(rule as z.ZodType, value)).toBe(message);
  });

  test('the 422 message is the first field message and every field is listed', () => {
    const schema = z.object({ name: required(rules.string()), color: required(rules.in(['blue'])) });
    const { message, errors } = errorsOf(schema, { color: 'red' });
    expect(message).toBe('The name field is required.');
    expect(Object.keys(errors)).toEqual(['name', 'color']);
  });

  test('values are coerced the way form and query input arrive', () => {
    const schema = z.object({
      n: sometimes(rules.integer()),
      b: sometimes(rules.boolean()),
      m: sometimes(rules.money()),
      p: sometimes(rules.percent()),
      x: nullable(rules.string()),
    });
    expect(validate(schema, { n: '42', b: '0', m: '1234.505', p: '8.1', x: '' })).toEqual({
      n: 42,
      b: false,
      m: 123451,
      p: 810,
      x: null,
    });
  });
});

describe('isValidDate', () => {
  test.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2025-13-01', false],
    ['2025-1-01', false],
    ['2025-12-31', true],
    ['1000-01-01', true],
    ['9999-12-31', true],
    ['0999-12-31', false],
    ['0100-01-01', false],
    ['10000-01-01', false],
    ['+010000-01-01', false],
  ])('%s', (d, ok) => {
    expect(isValidDate(d)).toBe(ok);
  });
});
