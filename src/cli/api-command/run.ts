// acct api: any endpoint, for everything without a command of its own (like gh api).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { companyPath, isScopedPath } from '../../api/endpoints/companies.js';
import { paginate } from '../../api/paginate.js';
import type { HttpMethod } from '../../api/http.js';
import { UsageError } from '../../errors.js';
import type { VerbIO } from '../verb.js';
import { currentIO } from '../io.js';

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function splitField(raw: string, flag: string): [string, string] {
  const at = raw.indexOf('=');
  if (at < 1) throw new UsageError(`invalid ${flag} "${raw}": expected key=value`);
  return [raw.slice(0, at), raw.slice(at + 1)];
}

function typed(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (/^-?\d+$/.test(value)) return Number(value);
  // decimals stay strings: no float on the way to the API
  return value;
}

function readFile(path: string, flag: string): Buffer {
  try {
    return path === '-' ? currentIO().stdin.read() : readFileSync(path);
  } catch (err) {
    throw new UsageError(
      `cannot read ${flag} ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}

interface ApiOptions {
  method: string;
  /** below the base URL; relative to the company unless it starts with /companies or /users */
  path: string;
  /** -f key=value (repeatable) */
  field: string[];
  /** -F key=value or key=@file (repeatable) */
  typedField: string[];
  input?: string;
  paginate?: boolean;
  include?: boolean;
}

export default async function api(opts: ApiOptions, io: VerbIO): Promise<void> {
  io.globals(); // the global flags are checked first, before this verb's own
  const method = opts.method.toUpperCase() as HttpMethod;
  if (!METHODS.includes(method))
    throw new UsageError(`invalid method "${opts.method}": use one of ${METHODS.join(', ')}`);
  let path = opts.path.startsWith('/') ? opts.path : `/${opts.path}`;

  const fields: Record<string, unknown> = {};
  const files: [string, Buffer, string][] = [];
  for (const raw of opts.field) {
    const [key, value] = splitField(raw, '-f');
    fields[key] = value;
  }
  for (const raw of opts.typedField) {
    const [key, value] = splitField(raw, '-F');
    if (value.startsWith('@'))
      files.push([key, readFile(value.slice(1), '-F'), value === '@-' ? 'stdin' : basename(value.slice(1))]);
    else fields[key] = typed(value);
  }
  let body: unknown;
  if (opts.input !== undefined) {
    if (Object.keys(fields).length || files.length) throw new UsageError('--input cannot be combined with -f/-F');
    const text = readFile(opts.input, '--input').toString('utf8');
    try {
      body = JSON.parse(text);
    } catch (err) {
      throw new UsageError(`--input is not valid JSON: ${(err as Error).message}`);
    }
  }
  if (opts.paginate && method !== 'GET') throw new UsageError('--paginate works with GET only');

  await io.withRuntime(async (rt) => {
    if (!isScopedPath(path)) path = companyPath(await rt.company(), path);
    const [pathOnly, search] = path.split('?', 2);
    const query: Record<string, string | number | boolean | null> = Object.fromEntries(
      new URLSearchParams(search ?? ''),
    );
    if (opts.paginate) {
      Object.assign(query, fields);
      const records: unknown[] = [];
      // a per_page given in the path or with -f/-F is the page size (paginate would otherwise replace it with 100)
      const perPage = /^[1-9]\d*$/.test(String(query.per_page)) ? Number(query.per_page) : undefined;
      delete query.per_page;
      for await (const page of paginate(rt.client, pathOnly, {
        query: query as Record<string, string>,
        all: true,
        perPage,
      }))
        records.push(...page);
      io.out.write(`${JSON.stringify(records, null, 2)}\n`);
      return;
    }
    let form: FormData | undefined;
    if (files.length) {
      form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
      for (const [key, bytes, name] of files) form.append(key, new Blob([new Uint8Array(bytes)]), name);
    } else if (method === 'GET' || (method === 'DELETE' && body === undefined && Object.keys(fields).length === 0)) {
      Object.assign(query, fields);
    } else if (body === undefined) {
      body = fields;
    }
    const res = await rt.client.request(method, pathOnly, {
      query: query as Record<string, string>,
      json: form ? undefined : body,
      form,
    });
    if (opts.include) {
      io.err.write(
        `HTTP ${res.status}\n${Object.entries(res.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n')}\n\n`,
      );
    }
    if (res.data === null || res.data === undefined) return;
    io.out.write(typeof res.data === 'string' ? `${res.data}\n` : `${JSON.stringify(res.data, null, 2)}\n`);
  });
}
