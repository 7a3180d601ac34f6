// What only happens on a terminal: prompts for missing values, confirmations, the local-mode notice,
// the table default with colour, under a pty (inTerminal in test/helpers/cli.ts).
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { inTerminal, plain, sandbox, type Sandbox } from '../helpers/cli.js';

const NOTIFICATION = resolve(import.meta.dirname, '../fixtures/camt/camt054-v04-example.xml');

describe('on a terminal', () => {
  // a fresh local ledger for every test
  let box: Sandbox;
  beforeEach(() => {
    box = sandbox();
  });
  afterEach(() => box.cleanup());
  const travel = async () =>
    expect((await box.run(['tags', 'create', '--name', 'travel', '--color', 'blue'])).code).toBe(0);

  test('a missing required value is asked for, and local mode says so on stderr', async () => {
    const r = await inTerminal(box, ['tags', 'create', '--color', 'blue'], [{ when: 'tag name', keys: 'travel\r' }]);
    expect(r.code, r.output).toBe(0);
    const text = plain(r.output);
    expect(text).toContain('tag name (stored lower case, unique): travel');
    expect(text).toContain(`Using the local ledger in ${box.dataDir}`);
    // a record on a terminal is a FIELD value listing
    expect(text).toMatch(/NAME\s+travel/);
  });

  test('the local ledger is announced once per data directory; auth status says where it is every time', async () => {
    const first = plain((await inTerminal(box, ['tags', 'list'])).output);
    expect(first).toContain(
      `Using the local ledger in ${box.dataDir} (run "acct login" to use a hosted account; "acct auth status" ` +
        `shows this again).`,
    );
    for (const args of [
      ['tags', 'list'],
      ['tax-rates', 'get', '1'],
    ]) {
      const again = await inTerminal(box, args);
      expect(again.code).toBe(0);
      expect(plain(again.output)).not.toContain('Using the local ledger');
    }
    expect(plain((await inTerminal(box, ['auth', 'status'])).output)).toContain(box.dataDir);
    // acct use keeps the note
    expect((await box.run(['use', '1'])).code).toBe(0);
    expect(plain((await inTerminal(box, ['tags', 'list'])).output)).not.toContain('Using the local ledger');
    // another data directory is announced again
    const other = sandbox();
    try {
      expect(plain((await inTerminal(other, ['tags', 'list'])).output)).toContain(
        `Using the local ledger in ${other.dataDir}`,
      );
    } finally {
      other.cleanup();
    }
  });

  test('entries create asks for each value a booking needs, the sum too, and again after a bad answer', async () => {
    const r = await inTerminal(
      box,
      ['entries', 'create', '--description', 'Beratung'],
      [
        // a day the calendar lacks, then the date as tables print it
        { when: 'booking date', keys: '31.02.2026\r' },
        { when: 'invalid --date "31.02.2026"', keys: '\u0015' },
        { when: 'booking date', keys: '31.12.2026\r' },
        // an account the chart lacks, then one it has
        { when: 'debit account', keys: '9999\r' },
        { when: 'no account "9999"', keys: '\u0015' },
        { when: 'debit account', keys: '1020\r' },
        { when: 'credit account', keys: '3400\r' },
        // more decimals than Rappen, then an amount with an apostrophe
        { when: 'gross amount', keys: '1081.005\r' },
        { when: 'at most 2 decimals', keys: '\u0015' },
        { when: 'gross amount', keys: "1'081.00\r" },
      ],
    );
    expect(r.code, r.output).toBe(0);
    const text = plain(r.output);
    expect(text).toMatch(/DATE\s+31\.12\.2026\n/);
    expect(text).toMatch(/DEBIT\s+1020\n/);
    expect(text).toMatch(/SUM\s+1'081\.00\n/);
    expect((await box.run(['entries', 'list', '--fields', 'date,sum'])).stdout).toBe('date\tsum\n2026-12-31\t1081\n');
  });

  test('a list fits 80 columns: free text and name shorten, the type stays whole, headers on one line', async () => {
    for (const [name, customer] of [
      ['Muster AG Website Relaunch 2026', 'Muster Informatik AG, Zürich'],
      ['Intern', 'Eigene Firma'],
    ]) {
      expect(
        (
          await box.run([
            'projects',
            'create',
            '--name',
            name,
            '--new-customer',
            customer,
            '--budget',
            '12000',
            '--hourly-rate',
            '150',
          ])
        ).code,
      ).toBe(0);
    }
    const r = await inTerminal(box, ['projects', 'list'], [], {}, { cols: 80 });
    expect(r.code, r.output).toBe(0);
    const lines = plain(r.output)
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('Using the local ledger'));
    for (const line of lines.slice(0, -1)) expect([...line].length, line).toBeLessThanOrEqual(80);
    expect(lines[0]).toMatch(/^ID\s+NAME\s+CUSTOMER\s/);
    // the name keeps 16 characters before a column is left out; the customer shortens first
    expect(lines[1]).toMatch(/^ 1 +Muster AG Websi… +Muster … +byHour +150\.00 /);
    expect(lines[2]).toMatch(/^ 2 +Intern +Eigene … +byHour /);
    // what did not fit is said, not silently dropped
    expect(lines.at(-1)).toMatch(/^\(left out to fit the terminal: .+; --fields chooses the columns\)$/);
  });

  test('long output on a terminal goes through $PAGER; not if it fits, not with --no-pager, not piped', async () => {
    for (let i = 1; i <= 8; i++)
      expect((await box.run(['tags', 'create', '--name', `tag${i}`, '--color', 'red'])).code).toBe(0);
    // a pager that marks every line it shows
    const env = { PAGER: "sed 's/^/paged: /'" };
    const paged = plain((await inTerminal(box, ['tags', 'list', '--no-color'], [], env, { cols: 80, rows: 5 })).output);
    expect(paged).toMatch(/^paged: ID\s+NAME\s+COLOR\n/m);
    expect(paged).toMatch(/^paged: +8 +tag8 +red$/m);
    const fits = plain((await inTerminal(box, ['tags', 'list', '--no-color'], [], env, { cols: 80, rows: 40 })).output);
    expect(fits).toMatch(/^ID\s+NAME\s+COLOR\n/m);
    expect(fits).not.toContain('paged:');
    const off = plain(
      (await inTerminal(box, ['tags', 'list', '--no-color', '--no-pager'], [], env, { cols: 80, rows: 5 })).output,
    );
    expect(off).toMatch(/^ +8 +tag8 +red$/m);
    expect(off).not.toContain('paged:');
    const piped = await box.run(['tags', 'list'], { env });
    expect(piped.stdout).not.toContain('paged:');
  });

  test('--no-input never prompts: the missing value is a usage error', async () => {
    const r = await inTerminal(box, ['tags', 'create', '--color', 'blue', '--no-input']);
    expect(r.code).toBe(2);
    expect(plain(r.output)).toContain('acct: missing required --name');
  });

  test('a list is a table with bold headers; --no-color and NO_COLOR drop the colour', async () => {
    await travel();
    const coloured = await inTerminal(box, ['tags', 'list']);
    expect(coloured.code).toBe(0);
    expect(coloured.output).toContain('\u001b[1mID');
    expect(plain(coloured.output)).toMatch(/ID\s+NAME\s+COLOR\n\s*\d+\s+travel\s+blue/);
    for (const run of [
      await inTerminal(box, ['tags', 'list', '--no-color']),
      await inTerminal(box, ['tags', 'list'], [], { NO_COLOR: '1' }),
    ]) {
      expect(run.code).toBe(0);
      expect(run.output).not.toContain('\u001b[1m');
      expect(plain(run.output)).toContain('travel');
    }
  });

  test('delete asks to confirm, naming the record: the default No cancels (exit 2) and keeps the tag', async () => {
    await travel();
    const r = await inTerminal(
      box,
      ['tags', 'delete', 'travel'],
      [{ when: 'Delete tag 1 travel (blue)?', keys: '\r' }],
    );
    expect(r.code).toBe(2);
    expect(plain(r.output)).toContain('acct: cancelled');
    expect((await box.run(['tags', 'list', '--fields', 'name'])).stdout).toBe('name\ntravel\n');
  });

  test('delete asks to confirm: y deletes', async () => {
    await travel();
    const r = await inTerminal(
      box,
      ['tags', 'delete', 'travel'],
      [{ when: 'Delete tag 1 travel (blue)?', keys: 'y\r' }],
    );
    expect(r.code, r.output).toBe(0);
    expect(plain(r.output)).toContain('Deleted tag');
    expect((await box.run(['tags', 'list', '--fields', 'name'])).stdout).toBe('name\n');
  });

  test('--yes skips the question', async () => {
    await box.run(['tags', 'create', '--name', 'rent', '--color', 'red']);
    const r = await inTerminal(box, ['tags', 'delete', 'rent', '--yes']);
    expect(r.code).toBe(0);
    expect(plain(r.output)).not.toContain('Delete tag');
  });

  test('delete looks the record up before asking: an unknown one is said at once, without a question', async () => {
    await travel();
    const byName = await inTerminal(box, ['tags', 'delete', 'nosuch']);
    expect(byName.code).toBe(2);
    expect(plain(byName.output)).toContain('acct: no tag named "nosuch"');
    expect(plain(byName.output)).not.toContain('Delete tag');
    const byId = await inTerminal(box, ['tags', 'delete', '999']);
    expect(byId.code).toBe(5);
    expect(plain(byId.output)).toContain('acct: no tag with id 999');
    expect(plain(byId.output)).not.toContain('Delete tag');
  });

  test('import delete names the bank transactions it asks about', async () => {
    expect((await box.run(['import', 'upload-camt', NOTIFICATION, '--bank-account', '1020'])).code).toBe(0);
    const [id] = (await box.run(['import', 'list', '--search', 'Bernasconi', '--fields', 'id', '-o', 'csv'])).stdout
      .trim()
      .split('\r\n')
      .slice(1);
    const r = await inTerminal(
      box,
      ['import', 'delete', id],
      [{ when: `Delete 1 import entry (${id} Bernasconi Maria (10.04.2016, 6.00))?`, keys: 'y\r' }],
    );
    expect(r.code, r.output).toBe(0);
    expect(plain(r.output)).toContain('Deleted 1 import entry.');
  });

  test('bulk-delete names every record in its one question', async () => {
    for (const name of ['Website', 'Intern'])
      expect((await box.run(['projects', 'create', '--name', name, '--new-customer', `${name} AG`])).code).toBe(0);
    const r = await inTerminal(
      box,
      ['projects', 'bulk-delete', 'Website', '2'],
      [{ when: 'Delete 2 projects (1 Website, 2 Intern)?', keys: 'y\r' }],
    );
    expect(r.code, r.output).toBe(0);
    expect(plain(r.output)).toContain('Deleted 2 of 2 projects.');
  });
});
