// What only happens on a terminal: prompts for missing values, confirmations, the local-mode notice,
// the table default with colour, under a pty (inTerminal in test/helpers/cli.ts).
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { inTerminal, plain, sandbox, type Sandbox } from '../helpers/cli.js';

describe('on a terminal', () => {
  // a fresh local ledger for every test
  let box: Sandbox;
  beforeEach(() => { box = sandbox(); });
  afterEach(() => box.cleanup());
  const travel = async () => expect((await box.run(['tags', 'create', '--name', 'travel', '--color', 'blue'])).code).toBe(0);

  test('a missing required value is asked for, and local mode says so on stderr', async () => {
    const r = await inTerminal(box, ['tags', 'create', '--color', 'blue'], [{ when: 'tag name', keys: 'travel\r' }]);
    expect(r.code, r.output).toBe(0);
    const text = plain(r.output);
    expect(text).toContain('tag name (stored lower case, unique): travel');
    expect(text).toContain(`Using the local ledger in ${box.dataDir}`);
    // a record on a terminal is a FIELD value listing
    expect(text).toMatch(/NAME\s+travel/);
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
    for (const run of [await inTerminal(box, ['tags', 'list', '--no-color']), await inTerminal(box, ['tags', 'list'], [], { NO_COLOR: '1' })]) {
      expect(run.code).toBe(0);
      expect(run.output).not.toContain('\u001b[1m');
      expect(plain(run.output)).toContain('travel');
    }
  });

  test('delete asks to confirm: the default No cancels (exit 2) and keeps the tag', async () => {
    await travel();
    const r = await inTerminal(box, ['tags', 'delete', 'travel'], [{ when: 'Delete tag travel?', keys: '\r' }]);
    expect(r.code).toBe(2);
    expect(plain(r.output)).toContain('acct: cancelled');
    expect((await box.run(['tags', 'list', '--fields', 'name'])).stdout).toBe('name\ntravel\n');
  });

  test('delete asks to confirm: y deletes', async () => {
    await travel();
    const r = await inTerminal(box, ['tags', 'delete', 'travel'], [{ when: 'Delete tag travel?', keys: 'y\r' }]);
    expect(r.code, r.output).toBe(0);
    expect(plain(r.output)).toContain('Deleted tag');
    expect((await box.run(['tags', 'list', '--fields', 'name'])).stdout).toBe('name\n');
  });

  test('--yes skips the question', async () => {
    await box.run(['tags', 'create', '--name', 'rent', '--color', 'red']);
    const r = await inTerminal(box, ['tags', 'delete', 'rent', '--yes']);
    expect(r.code).toBe(0);
    expect(plain(r.output)).not.toContain('Delete tag rent?');
  });
});
