// Laravel-style request validation on zod: schemas stay plain zod beside their routes, and this module
// turns zod's issues into the `{ message, errors: { field: [..] } }` the hosted service answers with.
import { z } from 'zod';
import { validationError, type FieldErrors } from './http-error.js';
import { toPercentHundredths, toRappen } from './domain/money.js';

const attribute = (field: string) => field.replace(/_/g, ' ').replace(/\.(\d+)/g, '.$1');

type Issue = z.core.$ZodIssue & { input?: unknown };

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
      if (issue.origin === 'string') return issue.minimum === 1 ? `The ${attr} field is required.` : `The ${attr} field must be at least ${issue.minimum} characters.`;
      if (issue.origin === 'array') return `The ${attr} field must have at least ${issue.minimum} items.`;
      return `The ${attr} field must be at least ${issue.minimum}.`;
    }
    case 'invalid_value':
      // an enum rule sees a missing value as just another invalid option; Laravel's required says so first
      if (issue.input === undefined || issue.input === null || issue.input === '') return `The ${attr} field is required.`;
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

/** Validates `input` against `schema`; on failure throws a 422 HttpError listing every field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues as Issue[]) {
    const field = issue.path.map(String).join('.') || 'body';
    (errors[field] ??= []).push(messageFor(issue, field));
  }
  throw validationError(errors);
}

// Builders for the rule vocabulary of the spec (required, nullable, string, integer, numeric, boolean,
// date, email, url, min, max). Form and query values arrive as strings, so scalars are coerced the way
// Laravel reads them before zod checks them.

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

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isValidDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

export const rules = {
  string: (max = 255) => z.string().max(max),
  integer: () => z.preprocess(toNumber, z.int({ error: (iss) => (iss.input === undefined ? undefined : 'The :attribute field must be an integer.') })),
  numeric: () => z.preprocess(toNumber, z.number()),
  boolean: () => z.preprocess(toBoolean, z.boolean()),
  date: () => z.string().refine(isValidDate, { message: 'The :attribute field must be a valid date.' }),
  email: () => z.email().max(255),
  url: () => z.url().max(255),
  in: <T extends string>(values: readonly [T, ...T[]]) => z.enum(values),
  /** a decimal amount within [min, max] (CHF), delivered as integer Rappen */
  money: (min = 0, max = 999999.99) => z.preprocess(toNumber, z.number().min(min).max(max)).transform((v) => toRappen(v)!),
  /** the `ids` of the /multiple endpoints: required, each a positive integer (errors name `ids.N`) */
  ids: (max = 1000) => required(z.preprocess(splitIds, z.array(z.preprocess(toNumber, z.int({ error: (iss) => (iss.input === undefined ? undefined : 'The :attribute field must be an integer.') }).min(1))).max(max))),
  /** a percentage within [min, max], delivered in hundredths of a percent */
  percent: (min = 0, max = 100) => z.preprocess(toNumber, z.number().min(min).max(max)).transform((v) => toPercentHundredths(v)!),
};

/** Laravel `ids`: an array of ids, a single id, or a comma-separated string of ids; [] counts as missing. */
const splitIds = (v: unknown): unknown => {
  if (typeof v === 'number') return [v];
  if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter((s) => s !== '');
  return Array.isArray(v) && v.length === 0 ? undefined : v;
};

/** required: absent, null and '' all count as missing. */
export const required = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema);
/** nullable and optional ('' becomes null). */
export const nullable = <S extends z.ZodType>(schema: S) => z.preprocess(blankToNull, schema.nullable().optional());
/** sometimes: validated only when present; null is rejected like Laravel's non-nullable rules. */
export const sometimes = <S extends z.ZodType>(schema: S) => schema.optional();
