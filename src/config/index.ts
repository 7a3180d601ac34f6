// Profiles (kept in a `conf` file) and the resolution of the effective connection context:
// flags > environment > profile > defaults.
//
// Start-up cost matters: every command resolves its context, but importing `conf` costs ~80 ms
// (it pulls in ajv, semver, ...). Reads therefore parse config.json directly (it is the plain
// JSON that conf writes), and `conf` itself is loaded synchronously, on the first write only.
// No schema is given to conf; values are validated here instead.

import type ConfClass from 'conf';
import { UsageError } from '../errors.js';

// Builtins through getBuiltinModule: an ESM import of node:fs synthesises its whole namespace (loading
// fs/promises and more), a few milliseconds on every command.
const fs = process.getBuiltinModule('node:fs');
const os = process.getBuiltinModule('node:os');
const path = process.getBuiltinModule('node:path');
const { createRequire } = process.getBuiltinModule('node:module');

export type OutputFormat = 'table' | 'tsv' | 'json' | 'ndjson' | 'csv';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['table', 'tsv', 'json', 'ndjson', 'csv'];

export const DEFAULT_BASE_URL = 'https://app.milkee.ch/api/v2';

export interface Profile {
  baseUrl: string;
  token?: string;
  company?: number;
  output?: OutputFormat;
}

export interface ConfigStore {
  /** The config file path. */
  readonly path: string;
  /** The profile `acct profiles use` selected. */
  currentProfileName(): string | undefined;
  getProfile(name: string): Profile | undefined;
  /** Creates or replaces a profile (values are validated and normalised). */
  setProfile(name: string, profile: Profile): void;
  /** UsageError if the profile does not exist. Returns the updated profile. */
  updateProfile(name: string, patch: Partial<Profile>): Profile;
  /** Also clears the current profile if it was the current one. */
  removeProfile(name: string): boolean;
  /** UsageError (listing existing names) if absent. */
  useProfile(name: string): void;
  listProfiles(): { name: string; profile: Profile; current: boolean }[];
}

// ---------------------------------------------------------------------------------------------
// Directories

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function homeDir(env: NodeJS.ProcessEnv): string {
  return nonEmpty(env.HOME) ?? (process.platform === 'win32' ? nonEmpty(env.USERPROFILE) : undefined) ?? os.homedir();
}

/** An XDG base directory variable counts only when it holds an absolute path (XDG spec). */
function xdgDir(value: string | undefined): string | undefined {
  const dir = nonEmpty(value);
  return dir !== undefined && path.isAbsolute(dir) ? dir : undefined;
}

/** The directory ACCT_<kind>_DIR names, else $XDG_<kind>_HOME/acct, else ~/<home>/acct. */
function baseDir(env: NodeJS.ProcessEnv, kind: 'CONFIG' | 'DATA' | 'STATE', home: string[]): string {
  const explicit = nonEmpty(env[`ACCT_${kind}_DIR`]);
  if (explicit !== undefined) return path.resolve(explicit);
  const xdg = xdgDir(env[`XDG_${kind}_HOME`]);
  if (xdg !== undefined) return path.join(xdg, 'acct');
  return path.join(homeDir(env), ...home, 'acct');
}

/** ACCT_CONFIG_DIR, else $XDG_CONFIG_HOME/acct, else ~/.config/acct. */
export const configDir = (env: NodeJS.ProcessEnv): string => baseDir(env, 'CONFIG', ['.config']);

/** ACCT_DATA_DIR, else $XDG_DATA_HOME/acct, else ~/.local/share/acct. */
export const dataDir = (env: NodeJS.ProcessEnv): string => baseDir(env, 'DATA', ['.local', 'share']);

/** ACCT_STATE_DIR, else $XDG_STATE_HOME/acct, else ~/.local/state/acct (the journals of CSV imports). */
export const stateDir = (env: NodeJS.ProcessEnv): string => baseDir(env, 'STATE', ['.local', 'state']);

// ---------------------------------------------------------------------------------------------
// Validation

function quote(value: string): string {
  const shown = value.length > 80 ? `${value.slice(0, 77)}...` : value;
  return JSON.stringify(shown);
}

function fromSource(source: string | undefined): string {
  return source ? ` (from ${source})` : '';
}

function isLoopbackHost(hostname: string): boolean {
  // WHATWG URL parsing has already normalised IPv4 forms (e.g. 2130706433 → 127.0.0.1) and case.
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Checks an API base URL and returns it normalised (lower-case host, no default port, no trailing
 * slash). Only https is accepted, or plain http on a loopback host (127.0.0.0/8, localhost, [::1]).
 * `source` (e.g. `--base-url`, `ACCT_BASE_URL`, `profile "work"`) is named in the error.
 */
export function validateBaseUrl(url: string, source?: string): string {
  const where = fromSource(source);
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new UsageError(`invalid base URL ${quote(url)}${where}: not an absolute URL`, [
      `expected something like ${DEFAULT_BASE_URL}`,
    ]);
  }
  if (parsed.username !== '' || parsed.password !== '') {
    // Do not echo the URL: it carries credentials.
    throw new UsageError(`invalid base URL${where}: credentials in the URL are not allowed; use a token instead`);
  }
  if (parsed.protocol === 'http:') {
    if (!isLoopbackHost(parsed.hostname)) {
      throw new UsageError(`invalid base URL ${quote(url)}${where}: plain http is only allowed for loopback hosts`, [
        'use https, or http://127.0.0.1, http://localhost or http://[::1] for a local service',
      ]);
    }
  } else if (parsed.protocol !== 'https:') {
    throw new UsageError(`invalid base URL ${quote(url)}${where}: the scheme must be https`);
  }
  if (parsed.search !== '' || parsed.hash !== '') {
    throw new UsageError(`invalid base URL ${quote(url)}${where}: it must not contain a query or fragment`);
  }
  return parsed.origin + parsed.pathname.replace(/\/+$/, '');
}

/** A positive integer company id, or a UsageError naming where the value came from. */
export function parseCompanyId(value: string | number, source: string): number {
  let n: number;
  if (typeof value === 'number') {
    n = value;
  } else {
    const trimmed = value.trim();
    n = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  }
  if (!Number.isSafeInteger(n) || n <= 0) {
    throw new UsageError(`invalid company id ${quote(String(value))} from ${source}: expected a positive integer`);
  }
  return n;
}

/** One of OUTPUT_FORMATS, or a UsageError naming where the value came from. */
export function parseOutputFormat(value: string, source: string): OutputFormat {
  const v = value.trim().toLowerCase();
  if ((OUTPUT_FORMATS as readonly string[]).includes(v)) return v as OutputFormat;
  throw new UsageError(
    `invalid output format ${quote(value)} from ${source}: expected one of ${OUTPUT_FORMATS.join(', ')}`,
  );
}

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

function checkProfileName(name: string): string {
  if (!PROFILE_NAME.test(name)) {
    throw new UsageError(`invalid profile name ${quote(name)}`, [
      'use up to 64 letters, digits, ".", "_" or "-", starting with a letter or digit',
    ]);
  }
  return name;
}

function checkToken(token: string, source: string): string {
  const t = token.trim();
  // Never echo the token itself.
  if (t === '' || /\s/.test(t))
    throw new UsageError(`invalid token from ${source}: it must be non-empty and contain no whitespace`);
  return t;
}

/** Validates a profile and returns a fresh plain copy (never the caller's object). */
function normaliseProfile(p: Profile, source: string): Profile {
  if (p === null || typeof p !== 'object') throw new UsageError(`invalid ${source}: not an object`);
  if (typeof p.baseUrl !== 'string') throw new UsageError(`invalid ${source}: base URL is missing`);
  const out: Profile = { baseUrl: validateBaseUrl(p.baseUrl, source) };
  if (p.token !== undefined && p.token !== null) {
    if (typeof p.token !== 'string') throw new UsageError(`invalid ${source}: token must be a string`);
    out.token = checkToken(p.token, source);
  }
  if (p.company !== undefined && p.company !== null) {
    if (typeof p.company !== 'number' && typeof p.company !== 'string') {
      throw new UsageError(`invalid company id from ${source}: expected a positive integer`);
    }
    out.company = parseCompanyId(p.company, source);
  }
  if (p.output !== undefined && p.output !== null) {
    if (typeof p.output !== 'string') throw new UsageError(`invalid output format from ${source}: expected a string`);
    out.output = parseOutputFormat(p.output, source);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Secret redaction: objects handed out that carry a token print without it.

const REDACTED = '[redacted]';
const inspectCustom = Symbol.for('nodejs.util.inspect.custom');

/** Adds non-enumerable toJSON / toString / util.inspect hooks that hide `token`. */
function withRedaction<T extends { token?: string }>(value: T, label: string): T {
  const redacted = (): Record<string, unknown> => {
    const copy: Record<string, unknown> = { ...value };
    if (copy.token !== undefined) copy.token = REDACTED;
    return copy;
  };
  Object.defineProperties(value, {
    toJSON: { value: redacted, enumerable: false, configurable: true, writable: true },
    toString: {
      value: () => `${label} ${JSON.stringify(redacted())}`,
      enumerable: false,
      configurable: true,
      writable: true,
    },
    [inspectCustom]: { value: () => redacted(), enumerable: false, configurable: true, writable: true },
  });
  return value;
}

// ---------------------------------------------------------------------------------------------
// The store

interface ConfigFile {
  current?: string;
  profiles?: Record<string, Profile>;
  [key: string]: unknown;
}

type ConfCtor = typeof ConfClass;
let confCtor: ConfCtor | undefined;

/** Loads `conf` synchronously (require of an ES module), and only when something is written. */
function loadConf(): ConfCtor {
  if (confCtor === undefined) {
    const require = createRequire(import.meta.url);
    confCtor = (require('conf') as { default: ConfCtor }).default;
  }
  return confCtor;
}

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

class FileConfigStore implements ConfigStore {
  readonly path: string;
  readonly #dir: string;
  #data: ConfigFile | undefined;
  #conf: ConfClass<ConfigFile> | undefined;

  constructor(dir: string) {
    this.#dir = dir;
    this.path = path.join(dir, 'config.json');
  }

  #read(): ConfigFile {
    if (this.#data !== undefined) return this.#data;
    let text: string;
    try {
      text = fs.readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return (this.#data = {});
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      throw new UsageError(`the config file ${this.path} is not valid JSON`, ['fix or delete it']);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new UsageError(`the config file ${this.path} does not hold a JSON object`, ['fix or delete it']);
    }
    const data = parsed as ConfigFile;
    if (
      data.profiles !== undefined &&
      (data.profiles === null || typeof data.profiles !== 'object' || Array.isArray(data.profiles))
    ) {
      throw new UsageError(`the config file ${this.path} is invalid: "profiles" must be an object`, [
        'fix or delete it',
      ]);
    }
    if (data.current !== undefined && typeof data.current !== 'string') {
      throw new UsageError(`the config file ${this.path} is invalid: "current" must be a string`, ['fix or delete it']);
    }
    return (this.#data = data);
  }

  #write(data: ConfigFile): void {
    const created = fs.mkdirSync(this.#dir, { recursive: true, mode: DIR_MODE });
    if (created !== undefined) fs.chmodSync(this.#dir, DIR_MODE); // exact mode whatever the umask
    if (this.#conf === undefined) {
      const Conf = loadConf();
      this.#conf = new Conf<ConfigFile>({
        cwd: this.#dir,
        configName: 'config',
        fileExtension: 'json',
        configFileMode: FILE_MODE,
        accessPropertiesByDotNotation: false,
        clearInvalidConfig: false,
        watch: false,
      });
    }
    this.#conf.store = data;
    // conf's non-atomic fallbacks (EXDEV, Snap) keep an existing file's mode; make sure.
    if (process.platform !== 'win32') fs.chmodSync(this.path, FILE_MODE);
    this.#data = data;
  }

  #profiles(): Record<string, Profile> {
    return this.#read().profiles ?? {};
  }

  #names(): string[] {
    return Object.keys(this.#profiles()).sort();
  }

  #raw(name: string): Profile | undefined {
    const profiles = this.#profiles();
    return Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  }

  #load(name: string): Profile | undefined {
    const raw = this.#raw(name);
    if (raw === undefined) return undefined;
    return withRedaction(normaliseProfile(raw, `profile "${name}" in ${this.path}`), 'Profile');
  }

  #missing(name: string): UsageError {
    return missingProfileError(name, this.#names());
  }

  currentProfileName(): string | undefined {
    const current = this.#read().current;
    return current === undefined || current === '' ? undefined : current;
  }

  getProfile(name: string): Profile | undefined {
    return this.#load(name);
  }

  setProfile(name: string, profile: Profile): void {
    checkProfileName(name);
    const clean = normaliseProfile(profile, `profile "${name}"`);
    const data = this.#read();
    this.#write({ ...data, profiles: { ...data.profiles, [name]: clean } });
  }

  updateProfile(name: string, patch: Partial<Profile>): Profile {
    const existing = this.#load(name);
    if (existing === undefined) throw this.#missing(name);
    const merged: Profile = { ...existing };
    for (const key of ['baseUrl', 'token', 'company', 'output'] as const) {
      if (Object.hasOwn(patch, key)) (merged as unknown as Record<string, unknown>)[key] = patch[key];
    }
    const clean = normaliseProfile(merged, `profile "${name}"`);
    const data = this.#read();
    this.#write({ ...data, profiles: { ...data.profiles, [name]: clean } });
    return withRedaction({ ...clean }, 'Profile');
  }

  removeProfile(name: string): boolean {
    if (this.#raw(name) === undefined) return false;
    const data = this.#read();
    const profiles = { ...data.profiles };
    delete profiles[name];
    const next: ConfigFile = { ...data, profiles };
    if (data.current === name) delete next.current;
    this.#write(next);
    return true;
  }

  useProfile(name: string): void {
    if (this.#raw(name) === undefined) throw this.#missing(name);
    this.#write({ ...this.#read(), current: name });
  }

  listProfiles(): { name: string; profile: Profile; current: boolean }[] {
    const current = this.currentProfileName();
    return this.#names().map((name) => ({ name, profile: this.#load(name)!, current: name === current }));
  }
}

function missingProfileError(name: string, existing: string[], source?: string): UsageError {
  return new UsageError(`no profile named ${quote(name)}${fromSource(source)}`, [
    existing.length > 0 ? `existing profiles: ${existing.join(', ')}` : 'no profiles are configured yet',
  ]);
}

/** Opens the profile store in configDir(env). Cheap: nothing is read until a method needs it. */
export function openConfig(env: NodeJS.ProcessEnv): ConfigStore {
  return new FileConfigStore(configDir(env));
}

// ---------------------------------------------------------------------------------------------
// Resolution

export interface GlobalFlags {
  profile?: string;
  company?: string | number;
  baseUrl?: string;
  output?: OutputFormat;
}

/**
 * Where a value came from. 'profile': the profile in effect (for `profileSource`: the current
 * profile recorded in the config file); 'local': supplied by the embedded local service launcher;
 * 'default': a built-in default; 'none': not set anywhere.
 */
export type Source = 'flag' | 'env' | 'profile' | 'local' | 'default' | 'none';

export interface ResolvedContext {
  mode: 'remote' | 'local';
  profileName?: string;
  profileSource?: Source;
  /** Undefined in local mode (the local launcher fills it in). */
  baseUrl?: string;
  baseUrlSource: Source;
  /** Never printed anywhere: toJSON/toString/inspect of the context redact it. */
  token?: string;
  tokenSource: Source;
  company?: number;
  companySource: Source;
  output?: OutputFormat;
  outputSource: Source;
  dataDir: string;
}

function pick<T>(...candidates: [T | undefined, Source][]): [T | undefined, Source] {
  for (const [value, source] of candidates) if (value !== undefined) return [value, source];
  return [undefined, 'none'];
}

export function resolveContext(flags: GlobalFlags, env: NodeJS.ProcessEnv, store: ConfigStore): ResolvedContext {
  const envProfile = nonEmpty(env.ACCT_PROFILE);
  const envBaseUrl = nonEmpty(env.ACCT_BASE_URL);
  const envToken = nonEmpty(env.ACCT_TOKEN);
  const envCompany = nonEmpty(env.ACCT_COMPANY);
  const envOutput = nonEmpty(env.ACCT_OUTPUT);

  // Cheap validations first, so bad input fails before the config file is read.
  const flagBaseUrl = flags.baseUrl !== undefined ? validateBaseUrl(flags.baseUrl, '--base-url') : undefined;
  const flagCompany = flags.company !== undefined ? parseCompanyId(flags.company, '--company') : undefined;
  const flagOutput = flags.output !== undefined ? parseOutputFormat(flags.output, '--output') : undefined;
  const token = envToken !== undefined ? checkToken(envToken, 'ACCT_TOKEN') : undefined;
  const company = envCompany !== undefined ? parseCompanyId(envCompany, 'ACCT_COMPANY') : undefined;
  const output = envOutput !== undefined ? parseOutputFormat(envOutput, 'ACCT_OUTPUT') : undefined;
  const baseUrl = envBaseUrl !== undefined ? validateBaseUrl(envBaseUrl, 'ACCT_BASE_URL') : undefined;

  // The profile in effect: --profile > ACCT_PROFILE > the current profile.
  let profileName: string | undefined;
  let profileSource: Source = 'none';
  if (flags.profile !== undefined) [profileName, profileSource] = [flags.profile, 'flag'];
  else if (envProfile !== undefined) [profileName, profileSource] = [envProfile, 'env'];
  else {
    const current = store.currentProfileName();
    if (current !== undefined) [profileName, profileSource] = [current, 'profile'];
  }
  let profile: Profile | undefined;
  if (profileName !== undefined) {
    profile = store.getProfile(profileName);
    if (profile === undefined) {
      const names = store.listProfiles().map((p) => p.name);
      if (profileSource === 'profile') {
        throw new UsageError(`the current profile ${quote(profileName)} no longer exists in ${store.path}`, [
          names.length > 0 ? `existing profiles: ${names.join(', ')}` : 'no profiles are configured yet',
          'select another with `acct profiles use <name>`',
        ]);
      }
      throw missingProfileError(profileName, names, profileSource === 'flag' ? '--profile' : 'ACCT_PROFILE');
    }
  }

  const [outputValue, outputSource] = pick<OutputFormat>(
    [flagOutput, 'flag'],
    [output, 'env'],
    [profile?.output, 'profile'],
  );
  const [companyValue, companySource] = pick<number>(
    [flagCompany, 'flag'],
    [company, 'env'],
    [profile?.company, 'profile'],
  );
  const dir = dataDir(env);

  const remote = profile !== undefined || flagBaseUrl !== undefined || baseUrl !== undefined || token !== undefined;
  let ctx: ResolvedContext;
  if (!remote) {
    ctx = {
      mode: 'local',
      profileSource: 'none',
      baseUrl: undefined,
      baseUrlSource: 'local',
      token: undefined,
      tokenSource: 'local',
      company: companyValue,
      companySource,
      output: outputValue,
      outputSource,
      dataDir: dir,
    };
  } else {
    const [urlValue, urlSource] = pick<string>(
      [flagBaseUrl, 'flag'],
      [baseUrl, 'env'],
      [profile?.baseUrl, 'profile'],
      [DEFAULT_BASE_URL, 'default'],
    );
    const [tokenValue, tokenSource] = pick<string>([token, 'env'], [profile?.token, 'profile']);
    ctx = {
      mode: 'remote',
      profileName,
      profileSource,
      baseUrl: urlValue,
      baseUrlSource: urlSource,
      token: tokenValue,
      tokenSource,
      company: companyValue,
      companySource,
      output: outputValue,
      outputSource,
      dataDir: dir,
    };
  }
  return withRedaction(ctx, 'ResolvedContext');
}

// ---------------------------------------------------------------------------------------------
// `acct config get|set|list` on the active profile

export const CONFIG_KEYS = ['base_url', 'company', 'output'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

function checkConfigKey(key: string): ConfigKey {
  if ((CONFIG_KEYS as readonly string[]).includes(key)) return key as ConfigKey;
  throw new UsageError(`unknown config key ${quote(key)}`, [`known keys: ${CONFIG_KEYS.join(', ')}`]);
}

function requireProfile(store: ConfigStore, profileName: string): Profile {
  const profile = store.getProfile(profileName);
  if (profile === undefined)
    throw missingProfileError(
      profileName,
      store.listProfiles().map((p) => p.name),
    );
  return profile;
}

export function getConfigValue(store: ConfigStore, profileName: string, key: string): string | undefined {
  const k = checkConfigKey(key);
  const profile = requireProfile(store, profileName);
  switch (k) {
    case 'base_url':
      return profile.baseUrl;
    case 'company':
      return profile.company === undefined ? undefined : String(profile.company);
    case 'output':
      return profile.output;
  }
}

export function setConfigValue(store: ConfigStore, profileName: string, key: string, value: string): void {
  const k = checkConfigKey(key);
  requireProfile(store, profileName);
  switch (k) {
    case 'base_url':
      store.updateProfile(profileName, { baseUrl: validateBaseUrl(value, 'base_url') });
      return;
    case 'company':
      store.updateProfile(profileName, { company: parseCompanyId(value, 'company') });
      return;
    case 'output':
      store.updateProfile(profileName, { output: parseOutputFormat(value, 'output') });
      return;
  }
}
