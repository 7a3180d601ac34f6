import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { sandbox } from '../helpers/cli.js';

describe('shell completions', () => {
  const box = sandbox();

  test.each(['bash', 'zsh', 'fish'])('completions/acct.%s is what the command tree generates', async (shell) => {
    const result = await box.run(['completion', shell]);
    expect(result.code).toBe(0);
    expect(readFileSync(`completions/acct.${shell}`, 'utf8')).toBe(result.stdout);
  });

  test('bash completes groups, verbs and option values', () => {
    const complete = (line: string) => {
      const words = line.split(' ');
      const script = `source completions/acct.bash; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _acct; printf '%s\\n' "\${COMPREPLY[@]}"`;
      return execFileSync('bash', ['-c', script], { encoding: 'utf8' }).trim().split('\n');
    };
    expect(complete('acct ta')).toEqual(['tags', 'tax-rates', 'tasks']);
    expect(complete('acct tag')).toEqual(['tags']);
    expect(complete('acct tags ')).toEqual(expect.arrayContaining(['list', 'get', 'create', 'update', 'delete', 'colors']));
    expect(complete('acct tags list --co')).toEqual(expect.arrayContaining(['--color', '--company']));
    expect(complete('acct tags create --color b')).toEqual(['blue']);
    expect(complete('acct -o ')).toEqual(['table', 'tsv', 'json', 'ndjson', 'csv', 'ledger']);
  });

  test('unknown shell is a usage error', async () => {
    const result = await box.run(['completion', 'powershell']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown shell "powershell"');
  });
});
