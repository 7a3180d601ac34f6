// zod loads on demand (src/server/validation.ts): `z` refuses to be read before loadZod(), and a lazy
// schema is built once, on its first use.
import { describe, expect, test, vi } from 'vitest';

type Validation = typeof import('../../src/server/validation.js');

/** A fresh instance of validation.ts, with zod not yet loaded by it. */
async function freshValidation(): Promise<Validation> {
  vi.resetModules();
  return import('../../src/server/validation.js');
}

describe('zod on demand', () => {
  test('z and the builders throw a clear error before loadZod()', async () => {
    const v = await freshValidation();
    expect(() => v.z.object).toThrow('zod is used before loadZod()');
    expect(() => v.rules.string()).toThrow('zod is used before loadZod()');
    expect(() => v.required(undefined as never)).toThrow('zod is used before loadZod()');
  });

  test('the zod-free helpers work without loading zod', async () => {
    const v = await freshValidation();
    expect(v.toBoolean('1')).toBe(true);
    expect(v.trimToNull('  ')).toBe(null);
    expect(v.isValidDate('2025-02-30')).toBe(false);
    const f = v.failures(['name']);
    f.fail('name', 'The :attribute field is required.');
    expect(f.failed('name')).toBe(true);
    expect(() => v.z.string).toThrow('zod is used before loadZod()'); // still not loaded
  });

  test('after loadZod() z is zod and the builders validate', async () => {
    const v = await freshValidation();
    await v.loadZod();
    await v.loadZod(); // again: a no-op
    const zod = await import('zod');
    expect(v.z.object).toBe(zod.object);
    const schema = v.z.object({ name: v.required(v.rules.string(3)) });
    expect(v.validate(schema, { name: 'abc' })).toEqual({ name: 'abc' });
    expect(() => v.validate(schema, { name: 'abcd' })).toThrow('The name field must not be greater than 3 characters.');
  });

  test('lazy builds on the first call only, then returns the same schema', async () => {
    const v = await freshValidation();
    await v.loadZod();
    const build = vi.fn(() => v.z.object({ name: v.rules.string() }));
    const schema = v.lazy(build);
    expect(build).not.toHaveBeenCalled();
    const first = schema();
    expect(schema()).toBe(first);
    expect(schema()).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
  });

  test('lazy does not build before its first use, so a module may declare schemas before zod is loaded', async () => {
    const v = await freshValidation();
    const schema = v.lazy(() => v.z.object({}));
    expect(() => schema()).toThrow('zod is used before loadZod()');
    await v.loadZod();
    expect(schema()).toBe(schema());
  });
});
