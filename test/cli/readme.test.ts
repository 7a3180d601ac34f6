// Every example of README.md runs, in the order the README gives them, against one fresh local ledger,
// so the README cannot drift from what acct does. The examples are the lines of the ```sh blocks and of
// the blocks indented by four spaces; comment lines are left out and a line ending in "\" goes on with
// the next. Each runs in bash (pipefail) from a scratch directory, `acct` being this build as the
// README's set-up links it, and must exit 0, or the code its comment ends with, `(exit 6)` for a
// refusal the README shows. A block right below the marker
//
//     <!-- readme-test: skip (the reason) -->
//
// is not run: it needs a terminal, a hosted account or the reader's shell set-up. The files the examples
// name but do not make (a receipt, a bank statement) are put into the scratch directory first. A line
// that is only `acct` and its words, with nothing for the shell to do (no pipe, redirection, variable,
// glob or continuation), runs in this process instead (runCli, from the scratch directory too): what bash
// would hand the binary is exactly those words, and the binary itself is tested by the lines that need
// the shell, test/cli/both-ways.test.ts and the launcher's tests.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { ACCT_BIN, runInProcess } from '../helpers/cli.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SKIP = /^<!--\s*readme-test:\s*skip\b.*-->$/;

interface Example {
  line: number;
  command: string;
}

/** The examples of a README, in order; blocks under the skip marker left out. */
function readmeExamples(text: string): Example[] {
  const lines = text.split('\n');
  const examples: Example[] = [];
  let skipNext = false;
  let fenced: 'run' | 'skip' | 'other' | undefined;
  let indented: 'run' | 'skip' | undefined;
  let pending: Example | undefined;
  const take = (at: number, raw: string) => {
    const code = raw.trim();
    if (pending) {
      pending.command += `\n${code}`;
    } else {
      if (code === '' || code.startsWith('#')) return;
      pending = { line: at + 1, command: code };
    }
    if (!code.endsWith('\\')) {
      examples.push(pending);
      pending = undefined;
    }
  };
  lines.forEach((line, i) => {
    if (fenced) {
      if (line.startsWith('```')) fenced = undefined;
      else if (fenced === 'run') take(i, line);
      return;
    }
    if (line.startsWith('```')) {
      fenced = line.trim() === '```sh' ? (skipNext ? 'skip' : 'run') : 'other';
      skipNext = false;
      return;
    }
    if (/^ {4}\S/.test(line) && (indented || lines[i - 1].trim() === '' || SKIP.test(lines[i - 1].trim()))) {
      indented ??= skipNext ? 'skip' : 'run';
      skipNext = false;
      if (indented === 'run') take(i, line.slice(4));
      return;
    }
    indented = undefined;
    if (SKIP.test(line.trim())) skipNext = true;
    else if (line.trim() !== '') skipNext = false;
  });
  return examples;
}

test('the examples are sh lines and indented blocks; comments, other and marked blocks are left out', () => {
  const text = [
    'Prose with `acct inline` code.',
    '',
    '```sh',
    'acct tags list   # a comment stays on its line',
    '# a comment line',
    'acct tags create \\',
    '    --name x',
    '```',
    '',
    '```',
    'src/cli/  a file tree',
    '```',
    '',
    '    acct one',
    '    acct two (exit 6)',
    '',
    '<!-- readme-test: skip (a terminal) -->',
    '```sh',
    'acct review',
    '```',
    '',
    '<!-- readme-test: skip (a hosted account) -->',
    '    acct login',
    '',
  ].join('\n');
  expect(readmeExamples(text)).toEqual([
    { line: 4, command: 'acct tags list   # a comment stays on its line' },
    { line: 6, command: 'acct tags create \\\n--name x' },
    { line: 14, command: 'acct one' },
    { line: 15, command: 'acct two (exit 6)' },
  ]);
});

/**
 * The words of a command line bash would pass on as they are: `acct` and its arguments, plain or in
 * quotes, a trailing comment left out; undefined when the shell has more to do.
 */
function plainWords(command: string): string[] | undefined {
  const line = command.replace(/\s+#[^'"]*$/, '');
  if (/[|&;<>$`\\(){}*?[\]~#!\n]/.test(line)) return undefined;
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === ' ' || c === '\t') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end < 0) return undefined;
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words[0] === 'acct' ? words.slice(1) : undefined;
}

test('a line is plain words only when bash has nothing to do with it but split it', () => {
  expect(plainWords(`acct customers create --name "Muster AG" --city 'Zürich' --zip=8001   # a comment`)).toEqual([
    'customers',
    'create',
    '--name',
    'Muster AG',
    '--city',
    'Zürich',
    '--zip=8001',
  ]);
  expect(plainWords('acct tags create --name ""')).toEqual(['tags', 'create', '--name', '']);
  for (const shell of [
    'acct tags list | head -3',
    'acct entries export > out.csv',
    'acct tags get "$ID"',
    'ACCT_COMPANY=2 acct tags list',
    'acct import *.xml',
    'acct tags list && acct tags list',
    'acct tags create \\\n--name x',
    'acct use ~/x',
    'echo acct',
    'acct tags list (exit 6)',
  ]) {
    expect(plainWords(shell), shell).toBeUndefined();
  }
});

/**
 * The PATH of the reader's shell: this one without the node_modules/.bin that npm and npx put first, so
 * `acct` runs on the system's node (handing over to the package's own when it is too old); this test's
 * node only when there is no other.
 */
function readerPath(): string[] {
  const dirs = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((d) => d !== '' && !d.endsWith(join('node_modules', '.bin')));
  return dirs.some((d) => existsSync(join(d, 'node'))) ? dirs : [...dirs, dirname(process.execPath)];
}

const work = mkdtempSync(join(tmpdir(), 'acct-readme-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

test('every README example runs against a fresh local ledger', async () => {
  const examples = readmeExamples(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  expect(examples.length).toBeGreaterThan(100);
  const bin = join(work, 'bin');
  const cwd = join(work, 'cwd');
  mkdirSync(bin);
  mkdirSync(cwd);
  // `acct` as the set-up puts it on the PATH: a link to the launcher, run by the first node on the PATH
  symlinkSync(ACCT_BIN, join(bin, 'acct'));
  // what the examples read that the README does not make: the repository's fixtures, a receipt, a statement
  symlinkSync(join(ROOT, 'test'), join(cwd, 'test'));
  writeFileSync(join(cwd, 'mietvertrag.pdf'), '%PDF-1.4\n% Mietvertrag\n%%EOF\n');
  copyFileSync(join(ROOT, 'test/fixtures/camt/camt054-v04-collective.xml'), join(cwd, 'auszug-2026-03.xml'));
  const env: NodeJS.ProcessEnv = {
    PATH: [bin, ...readerPath()].join(delimiter),
    HOME: work,
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    ACCT_DATA_DIR: join(work, 'data'),
    ACCT_CONFIG_DIR: join(work, 'config'),
  };
  const failures: string[] = [];
  // outside the checkout npx would fetch a stranger's package named acct from the registry
  for (const { line, command } of examples)
    if (/(^|[$(|;&]\s*)npx acct\b/.test(command))
      failures.push(`README.md:${line}: runs npx acct, not acct: ${command}`);
  const home = process.cwd();
  // this test file's own process (the forks pool): the plain lines run from the scratch directory too
  process.chdir(cwd);
  try {
    for (const { line, command } of examples) {
      const expected = Number(/\(exit (\d+)\)\s*$/.exec(command)?.[1] ?? 0);
      const words = plainWords(command);
      const r = words
        ? await runInProcess(words, env, '', 30_000)
        : spawnSync('bash', ['-o', 'pipefail', '-c', command], { cwd, env, encoding: 'utf8', timeout: 30_000 });
      const code = 'code' in r ? r.code : r.status;
      if (code !== expected)
        failures.push(
          `README.md:${line}: exit ${code}, not ${expected}\n  $ ${command}\n` +
            `${`${r.stderr}`.trimEnd().replace(/^/gm, '  ')}`,
        );
    }
  } finally {
    process.chdir(home);
  }
  expect(failures, failures.join('\n')).toEqual([]);
}, 300_000);
