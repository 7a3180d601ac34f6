// Local mode: no profile and no ACCT_* variables, the embedded service on the local ledger.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { wallClock } from '../../src/domain/clock.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { readPdf } from '../helpers/pdf.js';
import { tsv } from './support.js';

let box: Sandbox;

// Every test starts on a fresh local ledger of its own and makes what it needs there.
beforeEach(() => {
  box = sandbox();
});

afterEach(() => box?.cleanup());

describe('a fresh local ledger', () => {
  test('tags list exits 0 with an empty list and seeds the data directory', async () => {
    expect(existsSync(box.dataDir)).toBe(false);
    const r = await box.run(['tags', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('id\tname\tcolor\n');
    // not a terminal: no notice about local mode
    expect(r.stderr).toBe('');
  });

  test('the data directory holds acct.sqlite and local-token (0600), the directory is 0700', async () => {
    expect((await box.run(['tags', 'list'])).code).toBe(0);
    expect(existsSync(join(box.dataDir, 'acct.sqlite'))).toBe(true);
    const tokenFile = join(box.dataDir, 'local-token');
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(tokenFile, 'utf8')).toMatch(/^\S{16,}\n$/);
    expect(statSync(box.dataDir).mode & 0o777).toBe(0o700);
    // local mode writes no profile
    expect(existsSync(box.configDir)).toBe(false);
  });

  test('tags create works and persists across runs', async () => {
    const created = await box.run(['tags', 'create', '--name', 'Miete', '--color', 'red']);
    expect(created.code, created.stderr).toBe(0);
    expect(tsv(created.stdout)).toEqual([
      ['id', 'name', 'color'],
      ['1', 'miete', 'red'],
    ]);
    const second = await box.run(['tags', 'create', '--name', 'reisen', '--color', 'blue', '--json']);
    expect(JSON.parse(second.stdout)).toMatchObject({ id: 2, name: 'reisen', company_id: 1 });

    const listed = await box.run(['tags', 'list', '--fields', 'name,color']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(tsv(listed.stdout)).toEqual([
      ['name', 'color'],
      ['miete', 'red'],
      ['reisen', 'blue'],
    ]);

    const updated = await box.run(['tags', 'update', 'reisen', '--color', 'green', '--fields', 'color']);
    expect(tsv(updated.stdout)).toEqual([['color'], ['green']]);
    const deleted = await box.run(['tags', 'delete', 'miete', '--yes']);
    expect(deleted).toMatchObject({ code: 0, stderr: 'Deleted tag 1.\n' });
    expect(tsv((await box.run(['tags', 'list', '--fields', 'id,name,color'])).stdout)).toEqual([
      ['id', 'name', 'color'],
      ['2', 'reisen', 'green'],
    ]);
  });

  test('the local token is kept between runs', async () => {
    expect((await box.run(['tags', 'list'])).code).toBe(0);
    const before = readFileSync(join(box.dataDir, 'local-token'), 'utf8');
    expect((await box.run(['tags', 'colors', '--json'])).code).toBe(0);
    expect(readFileSync(join(box.dataDir, 'local-token'), 'utf8')).toBe(before);
  });

  test('auth status --json says mode local', async () => {
    const r = await box.run(['auth', 'status', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const status = JSON.parse(r.stdout);
    expect(status).toMatchObject({
      mode: 'local',
      profile: null,
      base_url_source: 'local',
      token_source: 'local',
      user: 'Owner',
      email: 'owner@localhost',
      company: 1,
      company_source: 'auto',
      companies: '1 Demo AG (owner)',
    });
    // the ledger's directory, as the README promises; no URL of a service gone once the command ends
    expect(status).toMatchObject({ ledger: box.dataDir, base_url: null });
    const token = readFileSync(join(box.dataDir, 'local-token'), 'utf8').trim();
    expect(r.stdout + r.stderr).not.toContain(token);
  });

  test('the first company, looked up once, is remembered as automatic: later commands ask nothing more', async () => {
    const first = await box.run(['tags', 'list', '--debug']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/GET \S+\/users\/me/);
    expect(JSON.parse(readFileSync(join(box.dataDir, 'local.json'), 'utf8'))).toEqual({ company: 1, auto: true });
    const second = await box.run(['tags', 'list', '--debug']);
    expect(second.stderr).not.toMatch(/\/users\/me/);
    expect(second.stderr).toMatch(/GET \S+\/companies\/1\/tags/);
    expect(JSON.parse((await box.run(['auth', 'status', '--json'])).stdout)).toMatchObject({
      company: 1,
      company_source: 'auto',
    });
  });

  test('acct use switches the local company after server companies add', async () => {
    expect((await box.run(['tags', 'create', '--name', 'reisen', '--color', 'green'])).code).toBe(0);
    const add = await box.run(['server', 'companies', 'add', '--data', box.dataDir, '--name', 'X', '--owner', '1']);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toBe('2\n');

    const use = await box.run(['use', '2']);
    expect(use.code, use.stderr).toBe(0);
    expect(use.stderr).toBe('Default company: 2 (X).\n');
    expect(JSON.parse(readFileSync(join(box.dataDir, 'local.json'), 'utf8'))).toEqual({ company: 2 });

    // company 2 has no tags yet; a tag made now lands there
    expect((await box.run(['tags', 'list'])).stdout).toBe('id\tname\tcolor\n');
    expect((await box.run(['tags', 'create', '--name', 'x-tag', '--color', 'gray', '--json'])).stdout).toContain(
      '"company_id": 2',
    );
    const companies = await box.run(['companies', 'list']);
    expect(tsv(companies.stdout)).toEqual([
      ['id', 'name', 'role', 'current'],
      ['1', 'Demo AG', 'owner', 'false'],
      ['2', 'X', 'owner', 'true'],
    ]);
    expect(JSON.parse((await box.run(['auth', 'status', '--json'])).stdout)).toMatchObject({
      company: 2,
      company_source: 'local',
    });

    // --company still wins for one command; by name switches back
    expect(tsv((await box.run(['tags', 'list', '--company', '1', '--fields', 'name'])).stdout)).toEqual([
      ['name'],
      ['reisen'],
    ]);
    expect((await box.run(['use', 'demo ag'])).stderr).toBe('Default company: 1 (Demo AG).\n');
    expect(tsv((await box.run(['tags', 'list', '--fields', 'name'])).stdout)).toEqual([['name'], ['reisen']]);

    const unknown = await box.run(['use', '9']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('acct: no company "9" among yours\ncompanies: 1 (Demo AG), 2 (X)\n');
  });

  test('acct api works on the local ledger', async () => {
    expect((await box.run(['tags', 'list'])).code).toBe(0);
    expect(
      (await box.run(['server', 'companies', 'add', '--data', box.dataDir, '--name', 'X', '--owner', '1'])).code,
    ).toBe(0);
    const r = await box.run(['api', 'GET', '/users/me']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data.companies).toHaveLength(2);
  });

  test('errors keep their exit codes locally', async () => {
    expect((await box.run(['tags', 'create', '--name', 'reisen', '--color', 'green'])).code).toBe(0);
    expect((await box.run(['tags', 'get', '999'])).code).toBe(5);
    expect((await box.run(['tags', 'create', '--name', 'reisen', '--color', 'red'])).code).toBe(3);
  });

  test("the recurring invoices' pass runs on the first local command of a day, not on every command", async () => {
    expect((await box.run(['customers', 'create', '--name', 'Abo AG'])).code).toBe(0);
    expect((await box.run(['server', 'companies', 'set', '1', '--data', box.dataDir, '--plan', 'business'])).code).toBe(
      0,
    );
    // dated 45 days back, monthly: one copy is due (a month on), the next is not yet
    const made = await box.run([
      'invoices',
      'create',
      '--customer',
      'Abo AG',
      '--position',
      'Hosting;1;49',
      '--date',
      '-45d',
      '--repeat',
      'monthly',
      '--json',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const template = JSON.parse(made.stdout).id;
    const db = () => new DatabaseSync(join(box.dataDir, 'acct.sqlite'));
    const read = (sql: string): any[] => {
      const d = db();
      try {
        return d.prepare(sql).all();
      } finally {
        d.close();
      }
    };
    const copies = () =>
      read(`SELECT id FROM invoices WHERE recurring_template_id = ${template}`).map((r) => Number(r.id));

    // the next command makes the copy and records the day
    expect((await box.run(['tags', 'list'])).code).toBe(0);
    const [copy] = copies();
    expect(copies()).toEqual([copy]);
    const today = wallClock(new Date()).date;
    expect(read("SELECT value FROM meta WHERE key = 'recurring_day'")).toEqual([{ value: today }]);

    // the copy deleted: later commands of the day do not make it again
    const deleted = await box.run(['invoices', 'delete', `id:${copy}`, '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect((await box.run(['tags', 'list'])).code).toBe(0);
    expect(copies()).toEqual([]);

    // on the next day's first command (the recorded day an earlier one) the pass runs again
    const d = db();
    d.prepare("UPDATE meta SET value = '2000-01-01' WHERE key = 'recurring_day'").run();
    d.close();
    expect((await box.run(['tags', 'list'])).code).toBe(0);
    expect(copies()).toHaveLength(1);
    expect(read("SELECT value FROM meta WHERE key = 'recurring_day'")).toEqual([{ value: today }]);
  });

  test('proposals pdf writes the PDF, and the command then ends', async () => {
    expect((await box.run(['customers', 'create', '--name', 'Muster AG'])).code).toBe(0);
    const made = await box.run([
      'proposals',
      'create',
      '--customer',
      'Muster AG',
      '--position',
      'Beratung;2;150',
      '--json',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const { number } = JSON.parse(made.stdout);
    const out = join(box.dataDir, '..', 'offerte.pdf');
    // (local mode draws on its own thread; a PDF worker left holding the process open would run into
    // the 20 s timeout of box.run)
    const r = await box.run(['proposals', 'pdf', number, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const text = readPdf(readFileSync(out)).text[0];
    expect(text).toContain(number);
    expect(text).toContain('Beratung');
  });
});
