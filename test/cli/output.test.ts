// Output formats, --fields, empty lists, single records and paging of `acct tags list`.
import { beforeAll, describe, expect, test } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { lines, tsv } from './support.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';

const COLORS = ['orange', 'blue', 'lime', 'yellow', 'turquoise', 'marine', 'purple', 'pink', 'green', 'red', 'gray'];
const TOTAL = 35;

/** acct against the service: company 1 holds 35 tags, company 2 none. */
const cli = useCliAgainstService();
const { acct } = cli;
/** the tags of company 1 as the service holds them, in id order */
let tags: { id: number; name: string; color: string; created_at: string }[] = [];

beforeAll(async () => {
  expect(addCompany(cli.svc.server.db, 'Leer AG', 1)).toBe(2);
  for (let i = 1; i <= TOTAL; i++) {
    const name = i === 3 ? 'with, comma "quoted"' : i === 4 ? 'tab\there' : `tag-${String(i).padStart(2, '0')}`;
    const res = await cli.svc.call('POST', '/companies/1/tags', { name, color: COLORS[i % COLORS.length] });
    expect(res.status).toBe(200);
    tags.push(res.body.data);
  }
  tags = tags.sort((a, b) => a.id - b.id);
});

const first3 = () => tags.slice(0, 3);

describe.concurrent('every output format of a list', () => {
  test('piped without -o: tsv with a header row, tabs escaped', async () => {
    const r = await acct(['tags', 'list', '--per-page', '4']);
    expect(r.code, r.stderr).toBe(0);
    // the rest of the list is said on stderr only
    expect(r.stderr).toMatch(/^4 of \d+ shown — --all for every row, --per-page N for more\n$/);
    expect(r.stdout).toBe(
      'id\tname\tcolor\n' +
        `${tags[0].id}\ttag-01\t${tags[0].color}\n` +
        `${tags[1].id}\ttag-02\t${tags[1].color}\n` +
        `${tags[2].id}\twith, comma "quoted"\t${tags[2].color}\n` +
        `${tags[3].id}\ttab\\there\t${tags[3].color}\n`,
    );
  });

  test('-o tsv is the same as the piped default', async () => {
    const piped = await acct(['tags', 'list', '--per-page', '3']);
    const explicit = await acct(['tags', 'list', '--per-page', '3', '-o', 'tsv']);
    expect(explicit.code).toBe(0);
    expect(explicit.stdout).toBe(piped.stdout);
  });

  test('-o table: upper-case headers, aligned columns, no borders', async () => {
    const r = await acct(['tags', 'list', '--per-page', '3', '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(4);
    expect(out[0]).toMatch(/^ID\s{2,}NAME\s{2,}COLOR$/);
    expect(out[1]).toMatch(new RegExp(`^\\s*${tags[0].id}\\s{2,}tag-01\\s{2,}${tags[0].color}$`));
    expect(out[3]).toContain('with, comma "quoted"');
    expect(r.stdout).not.toMatch(/[│┌─]/);
    // the columns line up: NAME starts at the same position in every row
    const at = out[0].indexOf('NAME');
    expect(out[1].indexOf('tag-01')).toBe(at);
  });

  test('-o json and --json: an array of the records as the API returns them', async () => {
    for (const flags of [['-o', 'json'], ['--json']]) {
      const r = await acct(['tags', 'list', '--per-page', '3', ...flags]);
      expect(r.code, r.stderr).toBe(0);
      const list = JSON.parse(r.stdout);
      expect(list).toEqual(first3().map((t) => ({ ...t })));
      expect(Object.keys(list[0])).toEqual([
        'id',
        'name',
        'color',
        'company_id',
        'user_id',
        'created_at',
        'updated_at',
      ]);
      expect(r.stdout.startsWith('[\n  {\n    "id": ')).toBe(true);
    }
  });

  test('-o ndjson: one compact record per line', async () => {
    const r = await acct(['tags', 'list', '--per-page', '3', '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout.split('\n');
    expect(out).toHaveLength(4);
    expect(out[3]).toBe('');
    expect(out.slice(0, 3).map((l) => JSON.parse(l))).toEqual(first3());
    expect(out[0]).not.toContain(' ');
  });

  test('-o csv: RFC 4180 with CRLF and quoting', async () => {
    const r = await acct(['tags', 'list', '--per-page', '3', '-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      'id,name,color\r\n' +
        `${tags[0].id},tag-01,${tags[0].color}\r\n` +
        `${tags[1].id},tag-02,${tags[1].color}\r\n` +
        `${tags[2].id},"with, comma ""quoted""",${tags[2].color}\r\n`,
    );
  });

  test('--json together with another -o is a usage error; an unknown -o too', async () => {
    const both = await acct(['tags', 'list', '--json', '-o', 'csv']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--json and --output cannot both be given');
    const bad = await acct(['tags', 'list', '-o', 'yaml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("argument 'yaml' is invalid");
  });
});

describe.concurrent('--fields', () => {
  test('selects and orders the columns in tsv', async () => {
    const r = await acct(['tags', 'list', '--per-page', '2', '--fields', 'color,id']);
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout)).toEqual([
      ['color', 'id'],
      [tags[0].color, String(tags[0].id)],
      [tags[1].color, String(tags[1].id)],
    ]);
  });

  test('offers the columns hidden by default, with spaces around names ignored', async () => {
    const r = await acct(['tags', 'list', '--per-page', '1', '--fields', 'name, company_id ,created_at']);
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout)).toEqual([
      ['name', 'company_id', 'created_at'],
      ['tag-01', '1', tags[0].created_at],
    ]);
  });

  test('selects and orders the columns in csv', async () => {
    const r = await acct(['tags', 'list', '--per-page', '2', '--fields', 'name,id', '-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`name,id\r\ntag-01,${tags[0].id}\r\ntag-02,${tags[1].id}\r\n`);
  });

  test('selects and orders the keys in json and ndjson', async () => {
    const json = await acct(['tags', 'list', '--per-page', '2', '--fields', 'name,id', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const list = JSON.parse(json.stdout);
    expect(list).toEqual([
      { name: 'tag-01', id: tags[0].id },
      { name: 'tag-02', id: tags[1].id },
    ]);
    expect(Object.keys(list[0])).toEqual(['name', 'id']);
    const nd = await acct(['tags', 'list', '--per-page', '1', '--fields', 'color,name', '-o', 'ndjson']);
    expect(nd.stdout).toBe(`{"color":"${tags[0].color}","name":"tag-01"}\n`);
  });

  test('an unknown field is a usage error listing the available ones, before any request', async () => {
    const r = await acct(['tags', 'list', '--fields', 'id,colour', '--debug']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'acct: unknown field "colour" for --fields; available: id, name, color, company_id, user_id, created_at, ' +
        'updated_at',
    );
    // the fields are listed once
    expect(r.stderr.split('\n').filter((l) => l.includes('company_id') && !l.startsWith('UsageError'))).toHaveLength(1);
    // --debug traces every request with a "> GET" line: there is none
    expect(r.stderr).not.toMatch(/^> /m);
    expect(r.stderr).not.toContain('> GET');
    // get checks --fields before looking anything up, too
    const get = await acct(['tags', 'get', '1', '--fields', 'nope', '--debug']);
    expect(get.code).toBe(2);
    expect(get.stderr).not.toContain('> GET');
  });

  test('an empty field name is a usage error', async () => {
    const r = await acct(['tags', 'list', '--fields', 'id,,name']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('empty field name in --fields');
  });
});

describe.concurrent('an empty list exits 0', () => {
  test.each([
    ['tsv', 'id\tname\tcolor\n'],
    ['csv', 'id,name,color\r\n'],
    ['json', '[]\n'],
    ['ndjson', ''],
    ['table', ''],
  ])('-o %s', async (format, expected) => {
    const r = await acct(['tags', 'list', '-o', format], { company: 2 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(expected);
    expect(r.stderr).toBe('');
  });

  test('piped default prints only the header; a filter matching nothing too', async () => {
    expect(await acct(['tags', 'list'], { company: 2 })).toMatchObject({ code: 0, stdout: 'id\tname\tcolor\n' });
    expect(await acct(['tags', 'list', '--name', 'no-such-tag', '--fields', 'name'])).toMatchObject({
      code: 0,
      stdout: 'name\n',
    });
  });
});

describe.concurrent('get renders one record', () => {
  test('tsv, csv and ndjson as a one-row list', async () => {
    const t = tags[4];
    expect(await acct(['tags', 'get', String(t.id)])).toMatchObject({
      code: 0,
      stdout: `id\tname\tcolor\n${t.id}\t${t.name}\t${t.color}\n`,
    });
    expect((await acct(['tags', 'get', String(t.id), '-o', 'csv'])).stdout).toBe(
      `id,name,color\r\n${t.id},${t.name},${t.color}\r\n`,
    );
    expect(JSON.parse((await acct(['tags', 'show', String(t.id), '-o', 'ndjson'])).stdout)).toEqual(t);
  });

  test('json is the object itself, --fields applies', async () => {
    const t = tags[5];
    const r = await acct(['tags', 'get', t.name, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(t);
    const some = await acct(['tags', 'get', String(t.id), '--json', '--fields', 'name,color']);
    expect(some.stdout).toBe(`{\n  "name": "${t.name}",\n  "color": "${t.color}"\n}\n`);
  });

  test('table is a vertical field/value listing', async () => {
    const t = tags[6];
    const r = await acct(['tags', 'get', String(t.id), '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout).map((l) => l.trim().split(/\s{2,}/));
    expect(out).toEqual(
      expect.arrayContaining([
        [expect.stringMatching(/^id$/i), String(t.id)],
        [expect.stringMatching(/^name$/i), t.name],
        [expect.stringMatching(/^color$/i), t.color],
      ]),
    );
  });

  test('by exact name; an unknown name is a usage error with similar names', async () => {
    const r = await acct(['tags', 'get', 'TAG-07', '--fields', 'id']);
    expect(tsv(r.stdout)).toEqual([['id'], [String(tags[6].id)]]);
    const missing = await acct(['tags', 'get', 'tag-0']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no tag named "tag-0"');
    expect(missing.stderr).toContain(`similar: ${tags[0].id} (tag-01)`);
  });
});

describe.concurrent('paging', () => {
  const ids = (stdout: string) =>
    tsv(stdout)
      .slice(1)
      .map(([id]) => Number(id));
  const requests = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('> GET '));

  test('without paging flags: the first page of the service (15)', async () => {
    const r = await acct(['tags', 'list', '--fields', 'id']);
    expect(ids(r.stdout)).toEqual(tags.slice(0, 15).map((t) => t.id));
  });

  test('--all returns all 35 whatever --per-page says', async () => {
    const all = await acct(['tags', 'list', '--all', '--fields', 'id', '--debug']);
    expect(all.code, all.stderr).toBe(0);
    expect(ids(all.stdout)).toEqual(tags.map((t) => t.id));
    expect(requests(all.stderr)).toHaveLength(1);
    expect(requests(all.stderr)[0]).toContain('per_page=100');

    const small = await acct(['tags', 'list', '--all', '--per-page', '10', '--fields', 'id', '--debug']);
    expect(small.code, small.stderr).toBe(0);
    expect(ids(small.stdout)).toEqual(tags.map((t) => t.id));
    expect(requests(small.stderr)).toHaveLength(4); // 10 + 10 + 10 + 5

    const json = await acct(['tags', 'list', '--all', '--per-page', '8', '--json']);
    expect(JSON.parse(json.stdout)).toEqual(tags);
  });

  test('--limit 20 returns 20, following pages as needed', async () => {
    const r = await acct(['tags', 'list', '--limit', '20', '--fields', 'id']);
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r.stdout)).toEqual(tags.slice(0, 20).map((t) => t.id));
    const paged = await acct(['tags', 'list', '--limit', '20', '--per-page', '7', '--fields', 'id', '--debug']);
    expect(ids(paged.stdout)).toEqual(tags.slice(0, 20).map((t) => t.id));
    expect(requests(paged.stderr)).toHaveLength(3);
  });

  test('--page 2 --per-page 10 returns records 11 to 20', async () => {
    const r = await acct(['tags', 'list', '--page', '2', '--per-page', '10', '--fields', 'id,name']);
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout).slice(1)).toEqual(tags.slice(10, 20).map((t) => [String(t.id), t.name]));
  });

  test('--page past the end is an empty list', async () => {
    expect(await acct(['tags', 'list', '--page', '9', '--per-page', '10', '--json'])).toMatchObject({
      code: 0,
      stdout: '[]\n',
    });
  });

  test.each([
    [['--per-page', '101'], '--per-page must be at most 100'],
    [['--per-page', '0'], 'invalid --per-page "0"'],
    [['--page', 'two'], 'invalid --page "two"'],
    [['--limit', '-5'], 'invalid --limit "-5"'],
  ])('%j is a usage error (exit 2)', async (flags, message) => {
    const r = await acct(['tags', 'list', ...flags, '--debug']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toContain('> GET');
  });
});
