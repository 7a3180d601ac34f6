import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ACCT_BIN, sandbox } from '../helpers/cli.js';

describe('shell completions', () => {
  const box = sandbox();
  afterAll(() => box.cleanup());

  /**
   * What bash offers for `line` (the cursor at its end), with acct and npx on PATH running this build on the sandbox's
   * ledger.
   */
  function bashComplete(line: string): string[] {
    const bin = join(box.dataDir, '..', 'bin');
    mkdirSync(bin, { recursive: true });
    for (const [name, run] of [
      ['acct', `exec "${process.execPath}" "${ACCT_BIN}" "$@"`],
      ['npx', `[ "$1" = acct ] && shift; exec "${process.execPath}" "${ACCT_BIN}" "$@"`],
    ]) {
      writeFileSync(join(bin, name), `#!/bin/sh\n${run}\n`);
      chmodSync(join(bin, name), 0o755);
    }
    const words = line.split(' ');
    const script =
      `source completions/acct.bash; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); ` +
      `COMP_CWORD=${words.length - 1}; _${words[0] === 'npx' ? 'acct_npx' : 'acct'}; printf '%s\\n' ` +
      `"\${COMPREPLY[@]}"`;
    const out = execFileSync('bash', ['-c', script], {
      encoding: 'utf8',
      env: box.env({ PATH: `${bin}:${process.env.PATH ?? ''}` }),
    });
    return out.split('\n').filter((l) => l !== '');
  }

  test("bash completes the records of get, update and delete, timer start's projects, also after npx", async () => {
    for (const args of [
      ['tags', 'create', '--name', 'travel', '--color', 'blue'],
      ['tags', 'create', '--name', 'rent', '--color', 'red'],
      ['projects', 'create', '--name', 'Website Relaunch', '--new-customer', 'Muster AG'],
    ]) {
      expect((await box.run(args)).code).toBe(0);
    }
    expect(bashComplete('acct tags get ').sort()).toEqual(['rent', 'travel']);
    expect(bashComplete('acct tags delete tr')).toEqual(['travel']);
    expect(bashComplete('acct tags update travel ')).toEqual([]);
    // a name with a blank comes quoted for the shell
    expect(bashComplete('acct timer start Web')).toEqual(['Website\\ Relaunch']);
    expect(bashComplete('acct projects get ')).toEqual(['Website\\ Relaunch']);
    // customers by number and name
    expect(bashComplete('acct customers get ').sort()).toEqual(['1', 'Muster\\ AG']);
    expect(bashComplete('npx acct tags get t')).toEqual(['travel']);
    expect(bashComplete('npx acct ta')).toEqual(['tags', 'tax-rates', 'tasks']);
  });

  test('bash completes the shells of acct completion', () => {
    expect(bashComplete('acct completion ')).toEqual(['bash', 'zsh', 'fish']);
  });

  test.each(['bash', 'zsh', 'fish'])('completions/acct.%s is what the command tree generates', async (shell) => {
    const result = await box.run(['completion', shell]);
    expect(result.code).toBe(0);
    expect(readFileSync(`completions/acct.${shell}`, 'utf8')).toBe(result.stdout);
  });

  test('bash completes groups, verbs and option values', () => {
    const complete = (line: string) => {
      const words = line.split(' ');
      const script =
        `source completions/acct.bash; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); ` +
        `COMP_CWORD=${words.length - 1}; _acct; printf '%s\\n' "\${COMPREPLY[@]}"`;
      return execFileSync('bash', ['-c', script], { encoding: 'utf8' }).trim().split('\n');
    };
    expect(complete('acct ta')).toEqual(['tags', 'tax-rates', 'tasks']);
    expect(complete('acct tag')).toEqual(['tags']);
    expect(complete('acct tags ')).toEqual(
      expect.arrayContaining(['list', 'get', 'create', 'update', 'delete', 'colors']),
    );
    expect(complete('acct tags list --co')).toEqual(expect.arrayContaining(['--color', '--company']));
    expect(complete('acct tags create --color b')).toEqual(['blue']);
    expect(complete('acct -o ')).toEqual(['table', 'tsv', 'json', 'ndjson', 'csv', 'ledger', 'svg', 'xml']);
  });

  test('unknown shell is a usage error', async () => {
    const result = await box.run(['completion', 'powershell']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "acct: command-argument value 'powershell' is invalid for argument 'shell'. Allowed choices are bash, zsh, " +
        'fish.\n',
    );
  });
});
