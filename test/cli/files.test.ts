// Files are not overwritten by surprise: every command that writes a file (export --out, -o ledger
// --out, report chart -o svg --out, import --write-ids, proposals|invoices pdf --out) refuses an existing
// one with exit 6 and leaves it as it was, and replaces it with --force.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';

let box: Sandbox;
let dir: string;

beforeAll(async () => {
  // the local ledger: a tag, a customer, a booking and a proposal to write out
  box = sandbox();
  dir = join(box.dataDir, '..', 'files');
  for (const args of [
    ['tags', 'create', '--name', 'travel', '--color', 'blue'],
    ['customers', 'create', '--name', 'Muster AG', '--number', '1001'],
    [
      'entries',
      'create',
      '--date',
      '2026-03-02',
      '--debit',
      '1020',
      '--credit',
      '3400',
      '--sum',
      '100',
      '--description',
      'Beratung',
    ],
    ['proposals', 'create', '--customer', '1001', '--date', '2026-03-02', '--position', 'Beratung;1;100'],
  ])
    expect((await box.run(args)).code, args.join(' ')).toBe(0);
  const { mkdirSync } = await import('node:fs');
  mkdirSync(dir);
  writeFileSync(join(dir, 'neu.csv'), 'name,color\nrent,red\n');
});

afterAll(() => box?.cleanup());

const MINE = 'my own file\n';

describe.each([
  ['customers export --out', (out: string) => ['customers', 'export', '--excel', '--out', out]],
  ['entries export -o ledger --out', (out: string) => ['entries', 'export', '-o', 'ledger', '--out', out]],
  ['report chart -o svg --out', (out: string) => ['report', 'chart', '--period', '2026', '-o', 'svg', '--out', out]],
  ['proposals pdf --out', (out: string) => ['proposals', 'pdf', 'O-2026-001', '--out', out]],
  ['tags import --write-ids', (out: string) => ['tags', 'import', join(dir, 'neu.csv'), '--write-ids', out]],
])('%s', (_name, command) => {
  test('refuses an existing file (exit 6) and leaves it as it was; --force replaces it', async () => {
    const out = join(dir, `${_name.replace(/\W+/g, '-')}.out`);
    writeFileSync(out, MINE);
    const refused = await box.run(command(out));
    expect(refused.code, refused.stderr).toBe(6);
    expect(refused.stderr).toBe(`acct: ${out} exists; --force overwrites it\n`);
    expect(readFileSync(out, 'utf8')).toBe(MINE);
    // nothing half-written is left beside it
    expect(readdirSync(dir).filter((f) => f.includes('.partial-'))).toEqual([]);
    const forced = await box.run([...command(out), '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).not.toBe(MINE);
  });
});

test('a file that does not exist is written without --force', async () => {
  const out = join(dir, 'kunden.csv');
  const r = await box.run(['customers', 'export', '--out', out]);
  expect(r.code, r.stderr).toBe(0);
  expect(existsSync(out)).toBe(true);
  expect(readFileSync(out, 'utf8')).toMatch(/^id,number,name,/);
});
