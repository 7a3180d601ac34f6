// Everything a command needs to talk to the API: the resolved profile, an HTTP client, the company,
// and — in local mode — the embedded service started in-process for the duration of the command.
import { ApiClient } from '../api/http.js';
import type { Exchanger } from '../api/transport.js';
import { me } from '../api/endpoints/users.js';
import { openConfig, parseCompanyId, resolveContext, type ConfigStore, type ResolvedContext } from '../config/index.js';
import { UsageError } from '../errors.js';
import { notice, type GlobalOptions } from './globals.js';
import { currentIO, invocationState } from './io.js';

// Builtins through getBuiltinModule: an ESM import of node:fs synthesises its whole namespace (loading
// fs/promises and more), a few milliseconds on every command.
const { readFileSync, writeFileSync } = process.getBuiltinModule('node:fs');
const { join } = process.getBuiltinModule('node:path');

export interface Runtime {
  ctx: ResolvedContext;
  client: ApiClient;
  baseUrl: string;
  /** the company in scope; resolved lazily (remote without one configured asks /users/me) */
  company(): Promise<number>;
  /** where the company came from: flag, env, profile, local (local.json), auto (the account's only or first company) */
  companySource(): string;
  close(): Promise<void>;
}

const LOCAL_STATE = 'local.json';

export function loadConfig(): ConfigStore {
  return openConfig(currentIO().env);
}

/** local.json: the local mode's settings beside the local ledger (default company, backup directory). */
function readLocalState(dataDir: string): Record<string, unknown> {
  try {
    const state = JSON.parse(readFileSync(join(dataDir, LOCAL_STATE), 'utf8'));
    return state !== null && typeof state === 'object' ? state : {};
  } catch {
    return {};
  }
}

/** Changes some keys of local.json, keeping the others (undefined removes a key). */
function updateLocalState(dataDir: string, changes: Record<string, unknown>): void {
  const state = { ...readLocalState(dataDir), ...changes };
  writeFileSync(join(dataDir, LOCAL_STATE), `${JSON.stringify(state)}\n`, { mode: 0o600 });
}

/**
 * The default company of local mode, kept beside the local ledger: the one `acct use` chose, or the
 * first company, remembered (`auto`) the first time it was looked up so later commands need not ask.
 */
export function localCompany(dataDir: string): { company: number; auto: boolean } | undefined {
  const state = readLocalState(dataDir);
  return typeof state.company === 'number' ? { company: state.company, auto: state.auto === true } : undefined;
}

export function setLocalCompany(dataDir: string, company: number, auto = false): void {
  updateLocalState(dataDir, { company, auto: auto ? true : undefined });
}

/**
 * Where local mode keeps its daily snapshots: ACCT_BACKUP_DIR, else `acct backup --backup-dir`, else the data
 * directory's backups/.
 */
export function localBackupDir(dataDir: string): string {
  const chosen = currentIO().env.ACCT_BACKUP_DIR || readLocalState(dataDir).backup_dir;
  return typeof chosen === 'string' && chosen ? chosen : join(dataDir, 'backups');
}

/** Remembers the directory for local mode's daily snapshots; undefined goes back to the default. */
export function setLocalBackupDir(dataDir: string, dir: string | undefined): void {
  updateLocalState(dataDir, { backup_dir: dir });
}

/**
 * On a terminal, the first command on a local ledger says where it is, once per data directory (noted
 * in local.json); `acct auth status` says it every time.
 */
function announceLocalLedger(dataDir: string): void {
  if (!currentIO().err.isTTY || currentIO().env.ACCT_QUIET_LOCAL) return;
  if (readLocalState(dataDir).announced === true) return;
  notice(
    `Using the local ledger in ${dataDir} (run "acct login" to use a hosted account; "acct auth status" shows ` +
      `this again).`,
  );
  updateLocalState(dataDir, { announced: true });
}

/** Until when a wait was said in this run: requests sent side by side wait for the same window, said once. */
const SAID_UNTIL = Symbol('rate limit wait said until');

/** On a terminal, a wait for the rate limit longer than 2 s is said (a script's stderr stays quiet). */
const waitNotice = (ms: number) => {
  const until = Date.now() + ms;
  const said = invocationState(SAID_UNTIL, () => ({ until: 0 }));
  if (!currentIO().err.isTTY || until <= said.until + 1000) return;
  said.until = until;
  // said now, not held below data the pager waits with: the wait is now
  currentIO().err.write(`rate limit: waiting ${Math.ceil(ms / 1000)} s\n`);
};

const debugSink = (g: GlobalOptions) => (g.debug ? (line: string) => currentIO().err.write(`${line}\n`) : undefined);

const CONTEXT = Symbol('resolved context');

/** The effective profile, environment and flags of this invocation (resolved once in a run; reading it is cheap). */
export function cliContext(g: GlobalOptions): ResolvedContext {
  const resolve = () => resolveContext({ profile: g.profile, company: g.company }, currentIO().env, loadConfig());
  return invocationState(CONTEXT, resolve);
}

export async function openRuntime(g: GlobalOptions): Promise<Runtime> {
  const ctx = cliContext(g);
  let closeService: (() => void) | undefined;
  let transport: Exchanger | undefined;
  let baseUrl: string;
  let token: string | undefined;
  if (ctx.mode === 'local') {
    // the service runs inside this process for the command: no server, no socket
    const { openInProcess } = await import('../server/in-process.js');
    const service = await openInProcess({
      dataDir: ctx.dataDir,
      backupDir: localBackupDir(ctx.dataDir),
      log: (l) => currentIO().err.write(`${l}\n`),
    });
    transport = {
      send: (x) =>
        service.handle({ url: x.url.href, method: x.method, headers: x.headers, body: x.body, binary: x.binary }),
      close() {},
    };
    closeService = () => service.close();
    baseUrl = service.url;
    token = service.localToken;
    announceLocalLedger(ctx.dataDir);
  } else {
    baseUrl = ctx.baseUrl!;
    token = ctx.token;
  }
  const client = new ApiClient({
    baseUrl,
    token,
    debug: debugSink(g),
    userAgent: 'acct-cli',
    onWait: waitNotice,
    transport,
  });
  const remembered = ctx.company === undefined && ctx.mode === 'local' ? localCompany(ctx.dataDir) : undefined;
  let company: number | undefined = ctx.company ?? remembered?.company;
  let companySource: string =
    ctx.company !== undefined ? ctx.companySource : remembered ? (remembered.auto ? 'auto' : 'local') : 'none';
  return {
    ctx,
    client,
    baseUrl,
    async company() {
      if (company !== undefined) return company;
      const user = await me(client);
      if (user.companies.length === 1 || (ctx.mode === 'local' && user.companies.length > 0)) {
        company = user.companies[0].id;
        companySource = 'auto';
        if (ctx.mode === 'local') setLocalCompany(ctx.dataDir, company, true);
        return company;
      }
      if (user.companies.length === 0) throw new UsageError('this account has no company');
      throw new UsageError('no company selected: pass --company, set ACCT_COMPANY or run "acct use <company>"', [
        `companies: ${user.companies.map((c) => `${c.id} (${c.name})`).join(', ')}`,
      ]);
    },
    companySource: () => companySource,
    async close() {
      await client.close();
      closeService?.();
    },
  };
}

/** Opens a runtime, runs fn and always closes it (the local service must not keep the process alive). */
export async function withRuntime<T>(g: GlobalOptions, fn: (rt: Runtime) => Promise<T>): Promise<T> {
  const rt = await openRuntime(g);
  try {
    return await fn(rt);
  } finally {
    await rt.close();
  }
}

export { parseCompanyId };
