// Laravel-style request validation on zod: schemas stay plain zod beside their routes, and this module
// turns zod's issues into the `{ message, errors: { field: [..] } }` the hosted service answers with.
//
// zod loads on demand, not with this module: a command that only reads (acct tags list in local mode)
// never evaluates it. loadZod() imports it (the request that may validate awaits it first: app.ts for
// every method but GET and HEAD, and each GET handler that validates), `z` reads the loaded module, and
// route modules build their schemas on first use with lazy(). What other modules import from here
// without validating (toBoolean, trimToNull, failures, isValidDate) needs no zod.
import type * as Zod from 'zod';
import type * as ZodApi from './zod.js';
import { validationError, type FieldErrors } from './http-error.js';
import { toPercentHundredths, toRappen, toScaled } from './domain/money.js';
import { isCalendarDate } from '../domain/calendar.js';
import { parseDate, parseHm } from './domain/time.js';

let zod: typeof ZodApi | undefined;
let loading: Promise<void> | undefined;

/** Loads zod (once); call and await it before building or running a schema. */
export async function loadZod(): Promise<void> {
  if (zod) return;
  loading ??= import('./zod.js').then(
    (m) => {
      zod = m;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  await loading;
}

/** zod, once loadZod() has loaded it; reading it before then throws. */
export const z: typeof ZodApi = new Proxy({} as typeof ZodApi, {
  get(_, key) {
    if (!zod) throw new Error('zod is used before loadZod()');
    return zod[key as keyof typeof ZodApi];
  },
});

/**
 * A schema built on its first use (after loadZod) and the same one afterwards: schemas are costly to build, cheap to
 * run.
 */
export function lazy<S>(build: () => S): () => S {
  let built = false;
  let schema: S;
  return () => {
    if (!built) {
      schema = build();
      built = true;
    }
    return schema;
  };
}

const attribute = (field: string) => field.replace(/_/g, ' ').replace(/\.(\d+)/g, '.$1');

type Issue = Zod.core.$ZodIssue & { input?: unknown };

function messageFor(issue: Issue, field: string): string {
  const attr = attribute(field);
  switch (issue.code) {
    case 'invalid_type': {
      // required() turns null and '' into undefined, so only a missing value reads as "required" here;
      // a null sent to a non-nullable field is a type error, as in Laravel.
      if (issue.input === undefined) return `The ${attr} field is required.`;
      if (issue.message.includes(':attribute')) return issue.message.replace(/:attribute/g, attr);
      const expected = issue.expected as string;
      if (expected === 'string') return `The ${attr} field must be a string.`;
      if (expected === 'int') return `The ${attr} field must be an integer.`;
      if (expected === 'number') return `The ${attr} field must be a number.`;
      if (expected === 'boolean') return `The ${attr} field must be true or false.`;
      if (expected === 'array') return `The ${attr} field must be an array.`;
      return `The ${attr} field is invalid.`;
    }
    case 'too_big': {
      if (issue.origin === 'string') return `The ${attr} field must not be greater than ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `The ${attr} field must not have more than ${issue.maximum} items.`;
      return `The ${attr} field must not be greater than ${issue.maximum}.`;
    }
    case 'too_small': {
      if (issue.origin === 'string')
        return issue.minimum === 1
          ? `The ${attr} field is required.`
          : `The ${attr} field must be at least ${issue.minimum} characters.`;
      if (issue.origin === 'array') return `The ${attr} field must have at least ${issue.minimum} items.`;
      return `The ${attr} field must be at least ${issue.minimum}.`;
    }
    case 'invalid_value':
      // an enum rule sees a missing value as just another invalid option; Laravel's required says so first
      if (issue.input === undefined || issue.input === null || issue.input === '')
        return `The ${attr} field is required.`;
      return `The selected ${attr} is invalid.`;
    case 'invalid_format':
      if (issue.format === 'email') return `The ${attr} field must be a valid email address.`;
      if (issue.format === 'url') return `The ${attr} field must be a valid URL.`;
      return `The ${attr} field format is invalid.`;
    case 'custom':
      return issue.message.replace(/:attribute/g, attr);
    default:
      return `The ${attr} field is invalid.`;
  }
}

function collect(issues: readonly Zod.core.$ZodIssue[], prefix: PropertyKey[], errors: FieldErrors): void {
  for (const issue of issues as Issue[]) {
    const field = [...prefix, ...issue.path].map(String).join('.') || 'body';
    (errors[field] ??= []).push(messageFor(issue, field));
  }
}

/** Validates `input` against `schema`; on failure throws a 422 HttpError listing every field. */
export function validate<S extends Zod.ZodType>(schema: S, input: unknown): Zod.output<S> {
  const result = schema.safeParse(input ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  collect(result.error.issues, [], errors);
  throw validationError(errors);
}

/** Failures of a body collected rather than thrown, so rules that need the database can join them in one 422. */
export interface Failures {
  errors: FieldErrors;
  /** adds the message of a rule the schema cannot check (one that needs the database); `:attribute` names the field */
  fail(field: string, message: string): void;
  /** did the field, or an item of it (`tag_ids.1`), fail? */
  failed(field: string): boolean;
  /** throws one 422 with every message, the fields in the schema's order (an item such as `ids.1` with its field) */
  throwIfAny(): void;
}

export interface Checked<T> extends Failures {
  /** the fields that passed their rules (absent ones are left out) */
  data: Partial<T>;
}

/** An empty collection of failures whose 422 lists the fields in `order` (others after them, as they came). */
export function failures(order: readonly string[] = []): Failures {
  const errors: FieldErrors = {};
  const rank = (key: string) => {
    const i = order.indexOf(key.split('.')[0]);
    return i < 0 ? order.length : i;
  };
  return {
    errors,
    fail: (field, message) => {
      (errors[field] ??= []).push(message.replace(/:attribute/g, attribute(field)));
    },
    failed: (field) => Object.keys(errors).some((key) => key === field || key.startsWith(`${field}.`)),
    throwIfAny: () => {
      if (Object.keys(errors).length === 0) return;
      // a stable sort: the keys of one field (`tag_ids`, `tag_ids.1`) stay in the order they came
      const keys = Object.keys(errors).sort((a, b) => rank(a) - rank(b));
      throw validationError(Object.fromEntries(keys.map((key) => [key, errors[key]])));
    },
  };
}

/**
 * validate() for bodies that also have rules needing the database, which Laravel reports in the same
 * 422: each field of the object schema is checked on its own, so the route reads what passed, adds
 * its own messages (database rules, rules across fields) with `fail` and then calls `throwIfAny`.
 */
export function check<S extends Zod.ZodObject>(schema: S, input: Record<string, unknown>): Checked<Zod.output<S>> {
  const data: Record<string, unknown> = {};
  const collected = failures(Object.keys(schema.shape));
  for (const [key, rule] of Object.entries(schema.shape)) {
    const result = (rule as Zod.ZodType).safeParse(input[key], { reportInput: true });
    if (!result.success) collect(result.error.issues, [key], collected.errors);
    else if (result.data !== undefined) data[key] = result.data;
  }
  return { ...collected, data: data as Partial<Zod.output<S>> };
}

// Builders for the rule vocabulary of the spec (required, nullable, string, integer, numeric, boolean,
// date, email, url, min, max, H:i times, dates in any format). Form and query values arrive as strings,
// so scalars are coerced the way Laravel reads them before zod checks them.

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const blankToNull = (v: unknown) => (v === '' ? null : v);

function toNumber(v: unknown): unknown {
  if (typeof v === 'string' && v.trim() !== '' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(v.trim())) return Number(v.trim());
  return v;
}

export function toBoolean(v: unknown): unknown {
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false') return false;
  return v;
}

/** YYYY-MM-DD of a real day from 1000-01-01 to 9999-12-31 (domain/calendar.ts). */
export const isValidDate = isCalendarDate;

const INTEGER = 'The :attribute field must be an integer.';
const TIME = 'The :attribute field must match the format H:i.';
const DATE = 'The :attribute field must be a valid date.';
/** a type error in the rule's own words, except for a missing value, which messageFor calls required */
function unlessMissing(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? undefined : message);
}

export const rules = {
  string: (max = 255) => z.string().max(max),
  integer: () => z.preprocess(toNumber, z.int({ error: unlessMissing(INTEGER) })),
  numeric: () => z.preprocess(toNumber, z.number()),
  boolean: () => z.preprocess(toBoolean, z.boolean()),
  date: () => z.string().refine(isValidDate, { message: DATE }),
  email: () => z.email().max(255),
  url: () => z.url().max(255),
  in: <T extends string>(values: readonly [T, ...T[]]) => z.enum(values),
  /** a decimal amount within [min, max] (CHF), delivered as integer Rappen */
  money: (min = 0, max = 999999.99) =>
    z.preprocess(toNumber, z.number().min(min).max(max)).transform((v) => toRappen(v)!),
  /** the `ids` of the /multiple endpoints: required, each a positive integer (errors name `ids.N`) */
  ids: (max = 1000) =>
    required(
      z.preprocess(splitIds, z.array(z.preprocess(toNumber, z.int({ error: unlessMissing(INTEGER) }).min(1))).max(max)),
    ),
  /** a percentage within [min, max], delivered in hundredths of a percent */
  percent: (min = 0, max = 100) =>
    z.preprocess(toNumber, z.number().min(min).max(max)).transform((v) => toPercentHundredths(v)!),
  /** a decimal quantity within [min, max], delivered in thousandths (planned hours, amounts) */
  quantity: (min = 0, max = 999999.999) =>
    z.preprocess(toNumber, z.number().min(min).max(max)).transform((v) => toScaled(v, 3)!),
  /**
   * Laravel's `integer|min:…|max:…` read as PHP's FILTER_VALIDATE_INT does: a JSON integer or a string of
   * up to 15 digits with an optional sign; '1.0', 1.5 or true "must be an integer"; one message per value.
   */
  integerIn: (min: number, max: number) =>
    z.preprocess(
      (v) => (typeof v === 'string' && /^[+-]?\d{1,15}$/.test(v) ? Number(v) : v),
      z
        .number({ error: unlessMissing(INTEGER) })
        .refine(Number.isInteger, { message: INTEGER, abort: true })
        .min(min)
        .max(max),
    ),
  /** a record id: integerIn(1, MAX_SAFE_INTEGER); whether the record exists is the route's (database) rule */
  id: () => rules.integerIn(1, Number.MAX_SAFE_INTEGER),
  /** Laravel's `date_format:H:i` (two-digit hours 00-23, see parseHm); any other value is refused with that message */
  time: () => z.string({ error: unlessMissing(TIME) }).refine((v) => parseHm(v) !== undefined, { message: TIME }),
  /**
   * a date in "any valid date format" (parseDate: `10.03.2025`, `10 March 2025`, `today` as of `today` …), delivered as
   * YYYY-MM-DD
   */
  anyDate: (today: string) =>
    z
      .string({ error: unlessMissing(DATE) })
      .refine((v) => parseDate(v, today) !== undefined, { message: DATE })
      .transform((v) => parseDate(v, today)!),
};

/**
 * A schema that reads dates as of a day (`rules.anyDate(today)`), built once for each new day: zod
 * schemas are costly to build and cheap to run (a CSV import checks thousands of rows with one).
 */
export function daily<S>(build: (today: string) => S): (today: string) => S {
  let day: string | undefined;
  let schema: S;
  return (today) => {
    if (today !== day) {
      day = today;
      schema = build(today);
    }
    return schema;
  };
}

/** Laravel `ids`: an array of ids, a single id, or a comma-separated string of ids; [] counts as missing. */
const splitIds = (v: unknown): unknown => {
  if (typeof v === 'number') return [v];
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  return Array.isArray(v) && v.length === 0 ? undefined : v;
};

/** required: absent, null and '' all count as missing. */
export const required = <S extends Zod.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema);
/** nullable and optional ('' becomes null). */
export const nullable = <S extends Zod.ZodType>(schema: S) => z.preprocess(blankToNull, schema.nullable().optional());
/** sometimes: validated only when present; null is rejected like Laravel's non-nullable rules. */
export const sometimes = <S extends Zod.ZodType>(schema: S) => schema.optional();

// Field rules that trim and read integers themselves, as the customer and contact bodies have them.

/** Laravel's TrimStrings + ConvertEmptyStringsToNull. */
export const trimToNull = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v);
const intLike = (v: unknown) => (typeof v === 'string' && /^[+-]?\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v);

/** A nullable text field: trimmed, blank → null, at most `max` characters. */
export const text = (max = 255) => z.preprocess(trimToNull, rules.string(max).nullable().optional());
/** A boolean that may be absent but not null (Laravel's `boolean` without `nullable`). */
export const presentBoolean = () => z.preprocess((v) => (v === null ? 'null' : toBoolean(v)), z.boolean()).optional();

/**
 * An integer field in Laravel's words ("must be an integer", "must be at least 1"); integer strings are
 * read as numbers. null and absent pass unless `present` is set (then null is not an integer).
 */
export function integerField(min: number, max: number, present = false) {
  return z.preprocess(
    (v) => intLike(present ? v : trimToNull(v)),
    z
      .unknown()
      .superRefine((v, ctx) => {
        if (!present && (v === null || v === undefined)) return;
        if (typeof v !== 'number' || !Number.isInteger(v))
          ctx.addIssue({ code: 'custom', message: 'The :attribute field must be an integer.' });
        else if (v < min) ctx.addIssue({ code: 'custom', message: `The :attribute field must be at least ${min}.` });
        else if (v > max)
          ctx.addIssue({ code: 'custom', message: `The :attribute field must not be greater than ${max}.` });
      })
      .transform((v) => v as number | null | undefined),
  );
}
