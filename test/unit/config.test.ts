import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import {
  CONFIG_KEYS,
  DEFAULT_BASE_URL,
  configDir,
  dataDir,
  getConfigValue,
  openConfig,
  parseCompanyId,
  resolveContext,
  setConfigValue,
  validateBaseUrl,
  type ConfigStore,
} from '../../src/config/index.js';

const TOKEN = 'tok_SECRET_abc123';
const OTHER_TOKEN = 'tok_OTHER_xyz789';

let tmp: string;
let env: NodeJS.ProcessEnv;
let store: ConfigStore;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'acct-config-'));
  // Only the temp dirs: the real environment (and home) is never consulted.
  env = {
    ACCT_CONFIG_DIR: path.join(tmp, 'config'),
    ACCT_DATA_DIR: path.join(tmp, 'data'),
    HOME: path.join(tmp, 'home'),
  };
  store = openConfig(env);
});

afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

function usageError(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(2);
    return error as UsageError;
  }
  throw new Error('expected a UsageError');
}

function fullText(error: UsageError): string {
  return [error.message, ...error.details].join('\n');
}

function mode(p: string): number {
  return fs.statSync(p).mode & 0o777;
}

describe('directories', () => {
  it('uses ACCT_CONFIG_DIR / ACCT_DATA_DIR first', () => {
    const e = {
      ACCT_CONFIG_DIR: '/x/conf',
      ACCT_DATA_DIR: '/x/data',
      XDG_CONFIG_HOME: '/xdg/c',
      XDG_DATA_HOME: '/xdg/d',
      HOME: '/h',
    };
    expect(configDir(e)).toBe('/x/conf');
    expect(dataDir(e)).toBe('/x/data');
  });

  it('falls back to XDG dirs, then to the home dir', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/xdg/c', HOME: '/h' })).toBe(path.join('/xdg/c', 'acct'));
    expect(dataDir({ XDG_DATA_HOME: '/xdg/d', HOME: '/h' })).toBe(path.join('/xdg/d', 'acct'));
    expect(configDir({ HOME: '/h' })).toBe(path.join('/h', '.config', 'acct'));
    expect(dataDir({ HOME: '/h' })).toBe(path.join('/h', '.local', 'share', 'acct'));
  });

  it('ignores empty and relative XDG values', () => {
    expect(configDir({ ACCT_CONFIG_DIR: '', XDG_CONFIG_HOME: '', HOME: '/h' })).toBe(
      path.join('/h', '.config', 'acct'),
    );
    expect(configDir({ XDG_CONFIG_HOME: 'relative/dir', HOME: '/h' })).toBe(path.join('/h', '.config', 'acct'));
    expect(dataDir({ XDG_DATA_HOME: 'rel', HOME: '/h' })).toBe(path.join('/h', '.local', 'share', 'acct'));
  });

  it('puts config.json in the config dir', () => {
    expect(store.path).toBe(path.join(tmp, 'config', 'config.json'));
  });

  it('creates nothing until something is written', () => {
    expect(store.listProfiles()).toEqual([]);
    expect(store.currentProfileName()).toBeUndefined();
    resolveContext({}, env, store);
    expect(fs.existsSync(path.join(tmp, 'config'))).toBe(false);
  });
});

describe('file permissions', () => {
  it('writes config.json with mode 0600 in a 0700 directory, also after rewrites', () => {
    store.setProfile('work', { baseUrl: 'https://api.example.ch', token: TOKEN });
    expect(mode(path.join(tmp, 'config'))).toBe(0o700);
    expect(mode(store.path)).toBe(0o600);

    store.updateProfile('work', { company: 3 });
    expect(mode(store.path)).toBe(0o600);
    store.useProfile('work');
    expect(mode(store.path)).toBe(0o600);

    // A fresh store instance rewriting an existing file keeps it private.
    const again = openConfig(env);
    again.setProfile('other', { baseUrl: 'https://other.example.ch' });
    expect(mode(store.path)).toBe(0o600);
    expect(mode(path.join(tmp, 'config'))).toBe(0o700);
  });

  it('tightens a config file that was created with a looser mode', () => {
    fs.mkdirSync(path.join(tmp, 'config'), { recursive: true });
    fs.writeFileSync(store.path, JSON.stringify({ profiles: {} }), { mode: 0o644 });
    fs.chmodSync(store.path, 0o644);
    store.setProfile('a', { baseUrl: 'https://a.example.ch' });
    expect(mode(store.path)).toBe(0o600);
  });

  it('creates nested config directories', () => {
    const nested = { ...env, ACCT_CONFIG_DIR: path.join(tmp, 'deep', 'er', 'config') };
    const s = openConfig(nested);
    s.setProfile('a', { baseUrl: 'https://a.example.ch' });
    expect(mode(path.join(tmp, 'deep', 'er', 'config'))).toBe(0o700);
    expect(mode(s.path)).toBe(0o600);
  });
});

describe('profiles', () => {
  it('creates, reads, replaces and lists profiles', () => {
    store.setProfile('work', { baseUrl: 'https://API.example.ch/api/v2/', token: TOKEN, company: 7, output: 'json' });
    expect(store.getProfile('work')).toEqual({
      baseUrl: 'https://api.example.ch/api/v2',
      token: TOKEN,
      company: 7,
      output: 'json',
    });
    store.setProfile('work', { baseUrl: 'https://api.example.ch' });
    expect(store.getProfile('work')).toEqual({ baseUrl: 'https://api.example.ch' });
    store.setProfile('home', { baseUrl: 'http://127.0.0.1:8787' });
    expect(store.listProfiles().map((p) => [p.name, p.current])).toEqual([
      ['home', false],
      ['work', false],
    ]);
    expect(store.getProfile('nope')).toBeUndefined();
  });

  it('persists to disk in plain JSON readable by a new store', () => {
    store.setProfile('work', { baseUrl: 'https://api.example.ch', token: TOKEN, company: 2 });
    store.useProfile('work');
    const raw = JSON.parse(fs.readFileSync(store.path, 'utf8'));
    expect(raw).toEqual({
      current: 'work',
      profiles: { work: { baseUrl: 'https://api.example.ch', token: TOKEN, company: 2 } },
    });
    const again = openConfig(env);
    expect(again.currentProfileName()).toBe('work');
    expect(again.getProfile('work')?.token).toBe(TOKEN);
  });

  it('updates a profile, and rejects updating a missing one', () => {
    store.setProfile('work', { baseUrl: 'https://api.example.ch', token: TOKEN });
    const updated = store.updateProfile('work', { company: 9, output: 'csv' });
    expect(updated).toEqual({ baseUrl: 'https://api.example.ch', token: TOKEN, company: 9, output: 'csv' });
    expect(store.getProfile('work')).toEqual(updated);
    // An explicit undefined clears an optional value.
    store.updateProfile('work', { token: undefined });
    expect(store.getProfile('work')).toEqual({ baseUrl: 'https://api.example.ch', company: 9, output: 'csv' });

    const err = usageError(() => store.updateProfile('ghost', { company: 1 }));
    expect(fullText(err)).toContain('ghost');
    expect(fullText(err)).toContain('work');
  });

  it('validates profile values', () => {
    usageError(() => store.setProfile('x', { baseUrl: 'http://example.com' }));
    usageError(() => store.setProfile('x', { baseUrl: 'https://a.example.ch', company: 0 }));
    usageError(() => store.setProfile('x', { baseUrl: 'https://a.example.ch', output: 'xml' as never }));
    usageError(() => store.setProfile('bad name', { baseUrl: 'https://a.example.ch' }));
    usageError(() => store.setProfile('__proto__', { baseUrl: 'https://a.example.ch' }));
    store.setProfile('x', { baseUrl: 'https://a.example.ch' });
    usageError(() => store.updateProfile('x', { baseUrl: 'ftp://a.example.ch' }));
    expect(store.getProfile('x')).toEqual({ baseUrl: 'https://a.example.ch' });
  });

  it('uses a profile, and lists existing names when it is absent', () => {
    store.setProfile('a', { baseUrl: 'https://a.example.ch' });
    store.setProfile('b', { baseUrl: 'https://b.example.ch' });
    store.useProfile('b');
    expect(store.currentProfileName()).toBe('b');
    expect(store.listProfiles().find((p) => p.current)?.name).toBe('b');

    const err = usageError(() => store.useProfile('c'));
    expect(fullText(err)).toContain('"c"');
    expect(fullText(err)).toContain('a, b');
    expect(store.currentProfileName()).toBe('b');
  });

  it('says so when no profiles exist', () => {
    const err = usageError(() => store.useProfile('x'));
    expect(fullText(err)).toMatch(/no profiles/);
  });

  it('removes profiles and clears the current one', () => {
    store.setProfile('a', { baseUrl: 'https://a.example.ch' });
    store.setProfile('b', { baseUrl: 'https://b.example.ch' });
    store.useProfile('a');
    expect(store.removeProfile('b')).toBe(true);
    expect(store.currentProfileName()).toBe('a');
    expect(store.removeProfile('a')).toBe(true);
    expect(store.currentProfileName()).toBeUndefined();
    expect(store.removeProfile('a')).toBe(false);
    expect(store.listProfiles()).toEqual([]);
    expect(openConfig(env).currentProfileName()).toBeUndefined();
  });

  it('reports a corrupt config file as a usage error with its path', () => {
    fs.mkdirSync(path.join(tmp, 'config'), { recursive: true });
    fs.writeFileSync(store.path, '{ not json');
    const err = usageError(() => store.listProfiles());
    expect(err.message).toContain(store.path);
  });

  it('never prints tokens of profiles', () => {
    store.setProfile('work', { baseUrl: 'https://api.example.ch', token: TOKEN });
    const p = store.getProfile('work')!;
    expect(p.token).toBe(TOKEN);
    expect(JSON.stringify(p)).not.toContain(TOKEN);
    expect(String(p)).not.toContain(TOKEN);
    expect(inspect(p)).not.toContain(TOKEN);
    expect(JSON.stringify(store.listProfiles())).not.toContain(TOKEN);
    // ...but a spread copy still carries the token, and a rewrite keeps it on disk.
    store.setProfile('copy', { ...p });
    expect(store.getProfile('copy')?.token).toBe(TOKEN);
    store.setProfile('same', p);
    expect(JSON.parse(fs.readFileSync(store.path, 'utf8')).profiles.same.token).toBe(TOKEN);
  });

  it('keeps tokens out of error messages', () => {
    const e1 = usageError(() => store.setProfile('x', { baseUrl: 'https://a.example.ch', token: `bad ${TOKEN}` }));
    expect(fullText(e1)).not.toContain(TOKEN);
    const e2 = usageError(() => resolveContext({}, { ...env, ACCT_TOKEN: `${TOKEN} x` }, store));
    expect(fullText(e2)).not.toContain(TOKEN);
    const e3 = usageError(() => validateBaseUrl(`https://user:${TOKEN}@api.example.ch`));
    expect(fullText(e3)).not.toContain(TOKEN);
  });
});

describe('validateBaseUrl', () => {
  it.each([
    ['https://app.milkee.ch/api/v2', 'https://app.milkee.ch/api/v2'],
    ['https://app.milkee.ch/api/v2/', 'https://app.milkee.ch/api/v2'],
    ['https://APP.milkee.ch:443/api/v2//', 'https://app.milkee.ch/api/v2'],
    ['https://example.com', 'https://example.com'],
    ['https://example.com/', 'https://example.com'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://127.3.2.1/api/', 'http://127.3.2.1/api'],
    ['http://localhost', 'http://localhost'],
    ['http://LOCALHOST:3000/api/v2', 'http://localhost:3000/api/v2'],
    ['http://[::1]:1', 'http://[::1]:1'],
  ])('accepts %s', (input, expected) => {
    expect(validateBaseUrl(input)).toBe(expected);
  });

  it.each([
    'http://example.com',
    'http://128.0.0.1',
    'http://10.0.0.1:8787',
    'http://localhost.example.com',
    'http://[::2]',
    'ftp://example.com',
    'file:///etc/passwd',
    'garbage',
    'app.milkee.ch/api/v2',
    '',
    'https://',
    'https://example.com/api?x=1',
    'https://example.com/api#frag',
  ])('rejects %s', (input) => {
    usageError(() => validateBaseUrl(input));
  });

  it('names the source in the error', () => {
    expect(usageError(() => validateBaseUrl('http://example.com', 'ACCT_BASE_URL')).message).toContain('ACCT_BASE_URL');
  });
});

describe('parseCompanyId', () => {
  it('accepts positive integers', () => {
    expect(parseCompanyId('42', '--company')).toBe(42);
    expect(parseCompanyId(' 7 ', '--company')).toBe(7);
    expect(parseCompanyId(3, '--company')).toBe(3);
  });

  it.each(['0', '-1', '1.5', '1e3', 'abc', '', '0x10', '99999999999999999999'])(
    'rejects %j and names the source',
    (v) => {
      expect(usageError(() => parseCompanyId(v, 'ACCT_COMPANY')).message).toContain('ACCT_COMPANY');
    },
  );

  it('rejects non-integer numbers', () => {
    usageError(() => parseCompanyId(1.5, '--company'));
    usageError(() => parseCompanyId(0, '--company'));
    usageError(() => parseCompanyId(Number.NaN, '--company'));
  });
});

describe('resolveContext', () => {
  function withProfiles(): void {
    store.setProfile('work', { baseUrl: 'https://work.example.ch/api', token: TOKEN, company: 5, output: 'json' });
    store.setProfile('bare', { baseUrl: 'https://bare.example.ch' });
  }

  describe('local vs remote', () => {
    it('is local with no profile and no base URL / token', () => {
      const ctx = resolveContext({}, env, store);
      expect(ctx).toMatchObject({
        mode: 'local',
        baseUrl: undefined,
        baseUrlSource: 'local',
        token: undefined,
        tokenSource: 'local',
        company: undefined,
        companySource: 'none',
        output: undefined,
        dataDir: path.join(tmp, 'data'),
      });
      expect(ctx.profileName).toBeUndefined();
    });

    it('is local even when profiles exist but none is current', () => {
      withProfiles();
      expect(resolveContext({}, env, store).mode).toBe('local');
    });

    it('honours --company / ACCT_COMPANY / output in local mode', () => {
      expect(resolveContext({ company: '3' }, env, store)).toMatchObject({
        mode: 'local',
        company: 3,
        companySource: 'flag',
      });
      expect(resolveContext({}, { ...env, ACCT_COMPANY: '4', ACCT_OUTPUT: 'tsv' }, store)).toMatchObject({
        mode: 'local',
        company: 4,
        companySource: 'env',
        output: 'tsv',
        outputSource: 'env',
      });
    });

    it('is remote with a token from env, using the default base URL', () => {
      const ctx = resolveContext({}, { ...env, ACCT_TOKEN: TOKEN }, store);
      expect(ctx).toMatchObject({
        mode: 'remote',
        baseUrl: DEFAULT_BASE_URL,
        baseUrlSource: 'default',
        token: TOKEN,
        tokenSource: 'env',
        companySource: 'none',
      });
    });

    it('is remote with a base URL but no token (tokenSource none, no throw)', () => {
      expect(resolveContext({}, { ...env, ACCT_BASE_URL: 'http://127.0.0.1:8787/' }, store)).toMatchObject({
        mode: 'remote',
        baseUrl: 'http://127.0.0.1:8787',
        baseUrlSource: 'env',
        token: undefined,
        tokenSource: 'none',
      });
      expect(resolveContext({ baseUrl: 'https://x.example.ch' }, env, store)).toMatchObject({
        mode: 'remote',
        baseUrl: 'https://x.example.ch',
        baseUrlSource: 'flag',
        tokenSource: 'none',
      });
    });

    it('is remote when a profile is in effect', () => {
      withProfiles();
      store.useProfile('bare');
      expect(resolveContext({}, env, store)).toMatchObject({
        mode: 'remote',
        profileName: 'bare',
        profileSource: 'profile',
        baseUrl: 'https://bare.example.ch',
        baseUrlSource: 'profile',
        tokenSource: 'none',
      });
    });

    it('treats empty environment values as unset', () => {
      const ctx = resolveContext(
        {},
        { ...env, ACCT_TOKEN: '', ACCT_BASE_URL: '', ACCT_PROFILE: '', ACCT_COMPANY: '' },
        store,
      );
      expect(ctx.mode).toBe('local');
    });
  });

  describe('precedence', () => {
    beforeEach(() => {
      withProfiles();
      store.setProfile('other', { baseUrl: 'https://other.example.ch', token: OTHER_TOKEN, company: 8, output: 'csv' });
    });

    it('selects the profile: flag > ACCT_PROFILE > current', () => {
      store.useProfile('bare');
      expect(resolveContext({}, env, store)).toMatchObject({ profileName: 'bare', profileSource: 'profile' });
      expect(resolveContext({}, { ...env, ACCT_PROFILE: 'other' }, store)).toMatchObject({
        profileName: 'other',
        profileSource: 'env',
      });
      expect(resolveContext({ profile: 'work' }, { ...env, ACCT_PROFILE: 'other' }, store)).toMatchObject({
        profileName: 'work',
        profileSource: 'flag',
      });
    });

    it('takes every value from the profile when nothing overrides it', () => {
      expect(resolveContext({ profile: 'work' }, env, store)).toMatchObject({
        mode: 'remote',
        baseUrl: 'https://work.example.ch/api',
        baseUrlSource: 'profile',
        token: TOKEN,
        tokenSource: 'profile',
        company: 5,
        companySource: 'profile',
        output: 'json',
        outputSource: 'profile',
      });
    });

    it('env beats the profile', () => {
      const e = {
        ...env,
        ACCT_BASE_URL: 'https://env.example.ch',
        ACCT_TOKEN: OTHER_TOKEN,
        ACCT_COMPANY: '11',
        ACCT_OUTPUT: 'ndjson',
      };
      expect(resolveContext({ profile: 'work' }, e, store)).toMatchObject({
        baseUrl: 'https://env.example.ch',
        baseUrlSource: 'env',
        token: OTHER_TOKEN,
        tokenSource: 'env',
        company: 11,
        companySource: 'env',
        output: 'ndjson',
        outputSource: 'env',
      });
    });

    it('flags beat env and the profile', () => {
      const e = { ...env, ACCT_BASE_URL: 'https://env.example.ch', ACCT_COMPANY: '11', ACCT_OUTPUT: 'ndjson' };
      expect(
        resolveContext(
          { profile: 'work', baseUrl: 'https://flag.example.ch/', company: 12, output: 'table' },
          e,
          store,
        ),
      ).toMatchObject({
        baseUrl: 'https://flag.example.ch',
        baseUrlSource: 'flag',
        token: TOKEN,
        tokenSource: 'profile',
        company: 12,
        companySource: 'flag',
        output: 'table',
        outputSource: 'flag',
      });
      expect(resolveContext({ company: '13' }, { ...env, ACCT_TOKEN: TOKEN, ACCT_COMPANY: '11' }, store)).toMatchObject(
        {
          company: 13,
          companySource: 'flag',
        },
      );
    });

    it('each value falls through independently', () => {
      // company from flag, output from env, base URL and token from the current profile
      store.useProfile('work');
      expect(resolveContext({ company: 2 }, { ...env, ACCT_OUTPUT: 'csv' }, store)).toMatchObject({
        profileName: 'work',
        baseUrlSource: 'profile',
        tokenSource: 'profile',
        company: 2,
        companySource: 'flag',
        output: 'csv',
        outputSource: 'env',
      });
      // bare has no token or company: env supplies the token, company stays unset
      expect(resolveContext({ profile: 'bare' }, { ...env, ACCT_TOKEN: TOKEN }, store)).toMatchObject({
        baseUrl: 'https://bare.example.ch',
        token: TOKEN,
        tokenSource: 'env',
        company: undefined,
        companySource: 'none',
        output: undefined,
        outputSource: 'none',
      });
    });
  });

  describe('errors', () => {
    it('rejects a missing profile named by flag or env, listing existing ones', () => {
      withProfiles();
      const e1 = usageError(() => resolveContext({ profile: 'ghost' }, env, store));
      expect(fullText(e1)).toContain('ghost');
      expect(fullText(e1)).toContain('--profile');
      expect(fullText(e1)).toContain('bare, work');
      const e2 = usageError(() => resolveContext({}, { ...env, ACCT_PROFILE: 'ghost' }, store));
      expect(fullText(e2)).toContain('ACCT_PROFILE');
      expect(fullText(e2)).toContain('bare, work');
    });

    it('rejects a missing profile when none exist', () => {
      expect(fullText(usageError(() => resolveContext({ profile: 'x' }, env, store)))).toMatch(/no profiles/);
    });

    it('rejects a current profile that vanished from the file', () => {
      fs.mkdirSync(path.join(tmp, 'config'), { recursive: true });
      fs.writeFileSync(store.path, JSON.stringify({ current: 'gone', profiles: {} }));
      expect(usageError(() => resolveContext({}, env, store)).message).toContain('gone');
    });

    it('validates the base URL from every source', () => {
      expect(usageError(() => resolveContext({ baseUrl: 'http://example.com' }, env, store)).message).toContain(
        '--base-url',
      );
      expect(usageError(() => resolveContext({}, { ...env, ACCT_BASE_URL: 'nonsense' }, store)).message).toContain(
        'ACCT_BASE_URL',
      );
      fs.mkdirSync(path.join(tmp, 'config'), { recursive: true });
      fs.writeFileSync(
        store.path,
        JSON.stringify({ current: 'p', profiles: { p: { baseUrl: 'http://evil.example.com' } } }),
      );
      expect(usageError(() => resolveContext({}, env, openConfig(env))).message).toContain('profile "p"');
    });

    it('validates the company from flag and env, naming the source', () => {
      expect(usageError(() => resolveContext({ company: 'abc' }, env, store)).message).toContain('--company');
      expect(usageError(() => resolveContext({ company: 0 }, env, store)).message).toContain('--company');
      expect(usageError(() => resolveContext({}, { ...env, ACCT_COMPANY: '-3' }, store)).message).toContain(
        'ACCT_COMPANY',
      );
    });

    it('validates ACCT_OUTPUT', () => {
      expect(usageError(() => resolveContext({}, { ...env, ACCT_OUTPUT: 'xml' }, store)).message).toContain(
        'ACCT_OUTPUT',
      );
    });
  });

  it('never prints the token', () => {
    withProfiles();
    const ctx = resolveContext({ profile: 'work' }, env, store);
    expect(ctx.token).toBe(TOKEN);
    expect(JSON.stringify(ctx)).not.toContain(TOKEN);
    expect(String(ctx)).not.toContain(TOKEN);
    expect(`${ctx}`).not.toContain(TOKEN);
    expect(inspect(ctx)).not.toContain(TOKEN);
    expect(inspect({ nested: ctx })).not.toContain(TOKEN);
  });
});

describe('config keys', () => {
  beforeEach(() => {
    store.setProfile('work', { baseUrl: 'https://work.example.ch', token: TOKEN });
  });

  it('lists the known keys', () => {
    expect(CONFIG_KEYS).toEqual(['base_url', 'company', 'output']);
  });

  it('gets and sets values', () => {
    expect(getConfigValue(store, 'work', 'base_url')).toBe('https://work.example.ch');
    expect(getConfigValue(store, 'work', 'company')).toBeUndefined();
    expect(getConfigValue(store, 'work', 'output')).toBeUndefined();

    setConfigValue(store, 'work', 'base_url', 'http://localhost:8787/api/v2/');
    setConfigValue(store, 'work', 'company', '42');
    setConfigValue(store, 'work', 'output', 'ndjson');
    expect(getConfigValue(store, 'work', 'base_url')).toBe('http://localhost:8787/api/v2');
    expect(getConfigValue(store, 'work', 'company')).toBe('42');
    expect(getConfigValue(store, 'work', 'output')).toBe('ndjson');
    // The token survives config writes, and the file stays private.
    expect(store.getProfile('work')?.token).toBe(TOKEN);
    expect(mode(store.path)).toBe(0o600);
  });

  it('validates values', () => {
    usageError(() => setConfigValue(store, 'work', 'base_url', 'http://example.com'));
    usageError(() => setConfigValue(store, 'work', 'base_url', 'garbage'));
    usageError(() => setConfigValue(store, 'work', 'company', 'abc'));
    usageError(() => setConfigValue(store, 'work', 'company', '0'));
    usageError(() => setConfigValue(store, 'work', 'output', 'xml'));
    expect(store.getProfile('work')).toEqual({ baseUrl: 'https://work.example.ch', token: TOKEN });
  });

  it('rejects unknown keys, listing the known ones', () => {
    for (const fn of [
      () => getConfigValue(store, 'work', 'token'),
      () => setConfigValue(store, 'work', 'token', 'x'),
    ]) {
      const err = usageError(fn);
      expect(fullText(err)).toContain('base_url, company, output');
    }
  });

  it('rejects a missing profile', () => {
    expect(fullText(usageError(() => getConfigValue(store, 'ghost', 'company')))).toContain('work');
    usageError(() => setConfigValue(store, 'ghost', 'company', '1'));
  });
});
