// --version, and --help of the root and of every command found by walking the help output itself.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sandbox, type RunResult, type Sandbox } from '../helpers/cli.js';

let box: Sandbox;
const VERSION = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version as string;

/** The subcommand names listed under "Commands:" (aliases and the implicit `help` left out). */
function subcommands(help: string): string[] {
  const section = /\nCommands:\n([\s\S]*?)(?:\n\n|$)/.exec(help);
  if (!section) return [];
  return section[1]
    .split('\n')
    .map((line) => /^ {2}([a-z][\w-]*)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'help');
}

/** Every command path reachable from the root, with its --help output. */
const walked = new Map<string, RunResult>();

// at most 4 processes at a time: the tree has dozens of commands
let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= 4) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

async function walk(path: string[]): Promise<void> {
  const r = await limited(() => box.run([...path, '--help']));
  walked.set(path.join(' '), r);
  await Promise.all(subcommands(r.stdout).map((name) => walk([...path, name])));
}

beforeAll(async () => {
  box = sandbox();
  await walk([]);
}, 60_000);

afterAll(() => box?.cleanup());

describe('acct --version', () => {
  test("-V and --version print package.json's version (the launcher answers them; commander too)", async () => {
    for (const flag of ['--version', '-V']) {
      expect(await box.spawn([flag])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
      expect(await box.run([flag])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    }
  });
});

describe('acct --help', () => {
  test('the walk reaches every command of the tree', () => {
    const paths = [...walked.keys()];
    // (more resource groups may join; these must all be there)
    expect(paths).toEqual(
      expect.arrayContaining([
        '',
        'api',
        'archive',
        'auth',
        'auth status',
        'companies',
        'companies list',
        'completion',
        'config',
        'config get',
        'config list',
        'config set',
        'login',
        'logout',
        'profiles',
        'profiles list',
        'profiles remove',
        'profiles use',
        'server',
        'server companies',
        'server companies add',
        'server companies set',
        'server start',
        'server users',
        'server users add',
        'tags',
        'tags colors',
        'tags create',
        'tags delete',
        'tags get',
        'tags list',
        'tags update',
        'use',
      ]),
    );
    expect(new Set(paths).size).toBe(paths.length);
  });

  test('every --help exits 0, prints usage and an Examples section on stdout', () => {
    const missing: string[] = [];
    for (const [path, r] of walked) {
      expect(r.code, `acct ${path} --help`).toBe(0);
      expect(r.stderr, `acct ${path} --help`).toBe('');
      expect(r.stdout, `acct ${path} --help`).toMatch(new RegExp(`^Usage: acct${path ? ` ${path}` : ''}[ |]`));
      if (!/\nExamples:\n {2}\$ acct /.test(r.stdout)) missing.push(path || '(root)');
    }
    expect(missing).toEqual([]);
  });

  test('the examples of a command run that command', () => {
    for (const [path, r] of walked) {
      const examples = /\nExamples:\n((?: {2}\$ .*\n?)+)/
        .exec(r.stdout)![1]
        .trim()
        .split('\n')
        .map((l) => l.trim().slice(2));
      expect(examples.length, `acct ${path} --help`).toBeGreaterThan(0);
      // the root and groups show examples of their subcommands; a leaf shows its own
      for (const example of examples)
        expect(example, `acct ${path} --help`).toMatch(/(^|\| |\$\(?)acct |^[A-Z_]+=\S* /);
      if (path !== '' && subcommands(r.stdout).length === 0) {
        expect(
          examples.some((e) => e.includes(`acct ${path}`)),
          `acct ${path} --help: ${examples.join(' / ')}`,
        ).toBe(true);
      }
    }
  });

  test('the root help lists global options and the exit codes', () => {
    const root = walked.get('')!.stdout;
    for (const option of [
      '--profile <name>',
      '--company <id>',
      '-o, --output <format>',
      '--json',
      '--fields <list>',
      '--no-color',
      '--no-input',
      '-y, --yes',
      '--debug',
    ]) {
      expect(root).toContain(option);
    }
    expect(root).toContain(
      'Exit codes: 0 ok, 1 failure, 2 usage, 3 validation, 4 auth, 5 not found, 6 conflict, 7 rate limited, 8 ' +
        'books need work (check, verify, reconcile), 130 interrupted.',
    );
  });

  test('-h, help <command> and a group without a verb show the same help', async () => {
    const tags = walked.get('tags')!.stdout;
    expect((await box.run(['tags', '-h'])).stdout).toBe(tags);
    const viaHelp = await box.run(['help', 'tags']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(tags);
    const list = walked.get('tags list')!.stdout;
    expect((await box.run(['tags', 'help', 'list'])).stdout).toBe(list);
    expect(list).toContain('--all');
    expect(list).toContain('--per-page <n>');
  });

  test('no command, or a group without a verb, prints the help on stderr (like gh: exit 0)', async () => {
    const root = await box.run([]);
    expect(root.code).toBe(0);
    expect(root.stdout).toBe('');
    expect(root.stderr).toBe(walked.get('')!.stdout);
    const group = await box.run(['server', 'users']);
    expect(group.code).toBe(0);
    expect(group.stdout).toBe('');
    expect(group.stderr).toBe(walked.get('server users')!.stdout);
  });
});

describe('the prebuilt root help', () => {
  test('piped --help and -h print exactly what commander renders for "acct help"', async () => {
    const box = sandbox();
    try {
      const live = await box.run(['help']);
      expect(live.code).toBe(0);
      expect(live.stdout).toContain('Commands:');
      for (const flag of ['--help', '-h']) {
        // the launcher's answer, from dist/help.txt
        const fast = await box.spawn([flag]);
        expect(fast.code).toBe(0);
        expect(fast.stdout).toBe(live.stdout);
      }
    } finally {
      box.cleanup();
    }
  });
});
