// normaliseInput: Laravel's TrimStrings and ConvertEmptyStringsToNull at any depth, without recursion,
// keeping key order and own `__proto__` keys, and refusing a body nested deeper than MAX_INPUT_DEPTH.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/server/http-error.js';
import { MAX_INPUT_DEPTH, normaliseInput } from '../../src/server/request.js';

describe('normaliseInput', () => {
  it('trims strings and turns empty ones into null at every depth, keeping the order of keys', () => {
    const file = new File(['x'], 'a.txt');
    const out = normaliseInput({
      b: '  zwei ',
      a: [' ', { c: ' drei', d: [[' vier ']] }],
      n: 1,
      t: true,
      z: null,
      f: file,
    });
    expect(out).toEqual({ b: 'zwei', a: [null, { c: 'drei', d: [['vier']] }], n: 1, t: true, z: null, f: file });
    expect(Object.keys(out as object)).toEqual(['b', 'a', 'n', 't', 'z', 'f']);
    expect((out as { f: File }).f).toBe(file);
  });

  it('keeps an own __proto__ key as data, without touching the prototype', () => {
    const out = normaliseInput(JSON.parse('{"__proto__":{"admin":" yes "}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect((out as { admin?: unknown }).admin).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ admin: 'yes' });
  });

  it('takes MAX_INPUT_DEPTH levels and refuses one more with a 400, at any depth without overflowing', () => {
    const nest = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels));
    expect(MAX_INPUT_DEPTH).toBe(512);
    expect(() => normaliseInput(nest(512))).not.toThrow();
    for (const levels of [513, 3_000, 1_000_000]) {
      let caught: unknown;
      try {
        normaliseInput(nest(levels));
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(HttpError);
      expect(caught).toMatchObject({
        status: 400,
        message: 'The request body is nested too deeply (at most 512 levels).',
      });
    }
  });
});
