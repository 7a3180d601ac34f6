// acct api: any endpoint, relative to the company unless the path starts with /companies or /users.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';

const cli = useCliAgainstService();
const { acct } = cli;
let dir: string;

const tagsOf = async (company: number) =>
  (await cli.svc.call('GET', `/companies/${company}/tags?per_page=100`)).body.data as {
    id: number;
    name: string;
    color: string;
  }[];

beforeAll(async () => {
  dir = join(cli.box.dataDir, '..');
  // company 2 holds 35 tags for --paginate
  expect(addCompany(cli.svc.server.db, 'Viele Tags AG', 1)).toBe(2);
  for (let i = 1; i <= 35; i++) {
    expect(
      (await cli.svc.call('POST', '/companies/2/tags', { name: `p-${String(i).padStart(2, '0')}`, color: 'blue' }))
        .status,
    ).toBe(200);
  }
  expect((await cli.svc.call('POST', '/companies/1/tags', { name: 'erster', color: 'orange' })).status).toBe(200);
  expect(addCompany(cli.svc.server.db, 'Schreib AG', 1)).toBe(3);
});

describe.concurrent('acct api GET', () => {
  test('a path relative to the company', async () => {
    const r = await acct(['api', 'GET', '/tags']);
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.data.map((t: { name: string }) => t.name)).toEqual(['erster']);
    expect(body.meta).toMatchObject({ current_page: 1, total: 1, path: `${cli.svc.url}/companies/1/tags` });
    // the same without the leading slash, and with --company
    expect(JSON.parse((await acct(['api', 'get', 'tags'])).stdout)).toEqual(body);
    expect(JSON.parse((await acct(['api', 'GET', '/tags', '--company', '2'])).stdout).meta.total).toBe(35);
  });

  test('/users/me is not relative to the company', async () => {
    const r = await acct(['api', 'GET', '/users/me']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      data: {
        id: 1,
        name: 'Owner',
        email: 'owner@localhost',
        companies: [
          { id: 1, name: 'Demo AG', role: 'owner' },
          { id: 2, name: 'Viele Tags AG', role: 'owner' },
          { id: 3, name: 'Schreib AG', role: 'owner' },
        ],
      },
    });
  });

  test('an absolute /companies path, with a query string', async () => {
    const r = await acct(['api', 'GET', '/companies/2/tags?per_page=5&page=2']);
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.data.map((t: { name: string }) => t.name)).toEqual(['p-06', 'p-07', 'p-08', 'p-09', 'p-10']);
  });

  test('-f and -F go to the query string for GET', async () => {
    const r = await acct([
      'api',
      'GET',
      '/tags',
      '--company',
      '2',
      '-f',
      'filter[name]=p-3',
      '-F',
      'per_page=2',
      '--debug',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.data.map((t: { name: string }) => t.name)).toEqual(['p-30', 'p-31']);
    expect(body.meta).toMatchObject({ per_page: 2, total: 6 });
    expect(r.stderr).toContain('/companies/2/tags?filter[name]=p-3&per_page=2');
  });

  test('--paginate follows every page into one JSON array', async () => {
    const r = await acct(['api', 'GET', '/companies/2/tags', '--paginate', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    const records = JSON.parse(r.stdout);
    expect(Array.isArray(records)).toBe(true);
    expect(records).toHaveLength(35);
    expect(records.map((t: { name: string }) => t.name)).toEqual(
      Array.from({ length: 35 }, (_, i) => `p-${String(i + 1).padStart(2, '0')}`),
    );
    expect(records[0]).toMatchObject({ company_id: 2, color: 'blue' });
    expect(r.stderr.match(/^> GET /gm)).toHaveLength(1); // 100 a page
    // with a smaller page size from the query it takes several requests, same result
    const small = await acct(['api', 'GET', '/companies/2/tags?per_page=10', '--paginate', '--debug']);
    expect(JSON.parse(small.stdout)).toEqual(records);
    expect(small.stderr.match(/^> GET /gm)).toHaveLength(4);
  });

  test('--include prints the status line and headers on stderr; stdout stays JSON', async () => {
    const r = await acct(['api', 'GET', '/users/me', '--include']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^HTTP 200\n/);
    expect(r.stderr).toMatch(/^content-type: application\/json/m);
    expect(JSON.parse(r.stdout).data.id).toBe(1);
  });

  test('a non-2xx status maps to the exit code', async () => {
    const r = await acct(['api', 'GET', '/tags/99999', '--include']);
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('acct: Tag not found.\n');
  });
});

describe.concurrent('acct api with a body', () => {
  // writes go to company 3, so that the reads of company 1 in the concurrent tests above stay exact
  const write = (args: string[], opts: { input?: string } = {}) => acct(args, { ...opts, company: 3 });

  test('POST with -f string fields', async () => {
    const r = await write(['api', 'POST', '/tags', '-f', 'name=x', '-f', 'color=blue']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({ name: 'x', color: 'blue', company_id: 3 });
    expect((await tagsOf(3)).map((t) => t.name)).toContain('x');
  });

  test('-F sends typed values: integers, true/false/null; -f keeps strings', async () => {
    const typed = await write(['api', 'POST', '/tags', '-F', 'name=123', '-F', 'color=blue', '--debug']);
    expect(typed.code).toBe(3);
    expect(typed.stderr).toContain('> {"name":123,"color":"blue"}');
    expect(typed.stderr).toContain('acct: name: The name field must be a string.');
    const nulls = await write(['api', 'POST', '/tags', '-F', 'name=null', '-F', 'color=true', '--debug']);
    expect(nulls.code).toBe(3);
    expect(nulls.stderr).toContain('> {"name":null,"color":true}');
    const decimal = await write(['api', 'POST', '/tags', '-F', 'name=12.50', '-f', 'color=lime']);
    expect(decimal.code, decimal.stderr).toBe(0);
    expect(JSON.parse(decimal.stdout).data.name).toBe('12.50');
    const text = await write(['api', 'POST', '/tags', '-f', 'name=123', '-f', 'color=lime']);
    expect(text.code, text.stderr).toBe(0);
    expect(JSON.parse(text.stdout).data.name).toBe('123');
  });

  test('-F key=@file makes the request multipart', async () => {
    const file = join(dir, 'note.txt');
    writeFileSync(file, 'an attachment\n');
    const r = await write([
      'api',
      'POST',
      '/tags',
      '-F',
      'name=aus-formular',
      '-F',
      'color=pink',
      '-F',
      `attachment=@${file}`,
      '--debug',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/> Content-Type: multipart\/form-data; boundary=/);
    expect(r.stderr).toMatch(/> \(multipart body, \d+ bytes, fields: name, color, attachment\)/);
    expect(JSON.parse(r.stdout).data).toMatchObject({ name: 'aus-formular', color: 'pink' });
  });

  test('--input file sends its JSON as the body', async () => {
    const file = join(dir, 'tag.json');
    writeFileSync(file, JSON.stringify({ name: 'aus-datei', color: 'marine' }));
    const r = await write(['api', 'POST', '/tags', '--input', file]);
    expect(r.code, r.stderr).toBe(0);
    const tag = JSON.parse(r.stdout).data;
    expect(tag).toMatchObject({ name: 'aus-datei', color: 'marine' });

    writeFileSync(file, JSON.stringify({ name: 'aus-datei', color: 'green' }));
    const put = await write(['api', 'PUT', `/tags/${tag.id}`, '--input', file]);
    expect(put.code, put.stderr).toBe(0);
    expect((await tagsOf(3)).find((t) => t.id === tag.id)?.color).toBe('green');
  });

  test('--input - reads the body from stdin', async () => {
    const r = await write(['api', 'POST', '/tags', '--input', '-'], { input: '{"name":"von-stdin","color":"red"}' });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({ name: 'von-stdin', color: 'red' });
  });

  test('DELETE answers 204: nothing on stdout, exit 0', async () => {
    const id = (await cli.svc.call('POST', '/companies/3/tags', { name: 'weg', color: 'gray' })).body.data.id;
    const r = await write(['api', 'DELETE', `/tags/${id}`]);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    // (by name: SQLite hands a deleted highest id to the next insert, and the tests around insert concurrently)
    expect((await tagsOf(3)).map((t) => t.name)).not.toContain('weg');
  });
});

describe.concurrent('usage errors of acct api (exit 2, no request)', () => {
  test.each([
    [['api', 'FETCH', '/tags'], 'invalid method "FETCH": use one of GET, POST, PUT, PATCH, DELETE'],
    [['api', 'POST', '/tags', '--paginate'], '--paginate works with GET only'],
    [['api', 'POST', '/tags', '-f', 'novalue'], 'invalid -f "novalue": expected key=value'],
    [['api', 'POST', '/tags', '-F', '=x'], 'invalid -F "=x": expected key=value'],
    [
      ['api', 'POST', '/tags', '--input', '/nonexistent/body.json'],
      'cannot read --input /nonexistent/body.json: ENOENT',
    ],
    [['api', 'POST', '/tags', '--input', '-', '-f', 'a=b'], '--input cannot be combined with -f/-F'],
    [['api', 'GET'], "missing required argument 'path'"],
  ])('%j', async (args, message) => {
    const r = await acct([...args, '--debug']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toMatch(/^> (GET|POST)/m);
  });

  test('--input with invalid JSON', async () => {
    const r = await acct(['api', 'POST', '/tags', '--input', '-'], { input: '{"name": nope}' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--input is not valid JSON');
  });
});
