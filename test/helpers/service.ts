// Starts the embedded service on a free port in a fresh data directory, for tests that talk HTTP to it;
// secondUser()/secondTenant() add the other user (and their own company) that role and tenancy tests need;
// startServiceProcess() runs `acct server start` in a process of its own, for tests of several processes;
// serviceProcessPair() two of them on one data directory, and underWriteLock() makes their requests race.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect } from 'vitest';
import { addCompany, addUser, setCompany, startServer, type RunningServer } from '../../src/server/main.js';
import { DATABASE_FILE, one } from '../../src/server/store/db.js';
import { ACCT_BIN } from './cli.js';

export interface TestService {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  server: RunningServer;
  /**
   * fetch relative to the base URL with the owner's token unless `token` says otherwise; a FormData body goes as
   * multipart, any other as JSON
   */
  call(
    method: string,
    path: string,
    body?: unknown,
    opts?: { token?: string | null; headers?: Record<string, string>; raw?: string },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export const OWNER_TOKEN = 'test-owner-token';

export async function startTestService(opts: { rateLimit?: number } = {}): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'acct-svc-'));
  const logs: string[] = [];
  const server = await startServer({
    dataDir,
    port: 0,
    rateLimit: opts.rateLimit ?? 0,
    token: OWNER_TOKEN,
    log: (l) => logs.push(l),
  });
  const call: TestService['call'] = async (method, path, body, o = {}) => {
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    const token = o.token === undefined ? OWNER_TOKEN : o.token;
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    let payload: string | FormData | undefined = o.raw;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(path.startsWith('http') ? path : server.url + path, { method, headers, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* keep text */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  return {
    url: server.url,
    origin: new URL(server.url).origin,
    token: OWNER_TOKEN,
    dataDir,
    server,
    call,
    async close() {
      await server.close();
      if (logs.some((l) => /Error/.test(l))) process.stderr.write(`service log:\n${logs.join('\n')}\n`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test service of a file's tests: started before them (its beforeAll runs before those the file
 * registers after it) and closed after them. What it returns reads through to the running service, so
 * it may be taken at once and passed on.
 */
export function useTestService(opts: Parameters<typeof startTestService>[0] = {}): TestService {
  let running: TestService | undefined;
  beforeAll(async () => {
    running = await startTestService(opts);
  });
  afterAll(async () => {
    await running?.close();
  });
  const current = (): TestService => {
    if (!running) throw new Error('useTestService: read before its beforeAll ran');
    return running;
  };
  return {
    get url() {
      return current().url;
    },
    get origin() {
      return current().origin;
    },
    get token() {
      return current().token;
    },
    get dataDir() {
      return current().dataDir;
    },
    get server() {
      return current().server;
    },
    call: (...args) => current().call(...args),
    close: () => current().close(),
  };
}

/** An answer of the service. */
export type ServiceAnswer = Awaited<ReturnType<TestService['call']>>;

/** A 422 whose errors are exactly `errors`, fields in this order, its message the first error. */
export function expect422(res: ServiceAnswer, errors: Record<string, string[]>): void {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body).toEqual({ message: Object.values(errors)[0][0], errors });
  expect(Object.keys(res.body.errors)).toEqual(Object.keys(errors));
}

/** A 422 on exactly `fields`, in this order, its message the first field's first error (the messages unchecked). */
export function expect422Fields(res: ServiceAnswer, fields: string[]): void {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(Object.keys(res.body.errors)).toEqual(fields);
  expect(res.body.message).toBe(res.body.errors[fields[0]][0]);
}

/** The id of the account numbered `number` in `company` (read from the database). */
export const accountId = (svc: TestService, company: number, number: number): number =>
  Number(one(svc.server.db, 'SELECT id FROM accounts WHERE company_id = ? AND number = ?', company, number)!.id);

/** The id of the tax rate named `name` in `company` (read from the database). */
export const taxRateId = (svc: TestService, company: number, name: string): number =>
  Number(one(svc.server.db, 'SELECT id FROM tax_rates WHERE company_id = ? AND name = ?', company, name)!.id);

/** A new company `name` of `owner` (user 1 unless told) with `settings`; its id. */
export function newCompany(
  svc: TestService,
  name: string,
  settings: Parameters<typeof setCompany>[2] = {},
  owner = 1,
): number {
  const id = addCompany(svc.server.db, name, owner);
  setCompany(svc.server.db, id, settings);
  return id;
}

export interface SecondUser {
  id: number;
  token: string;
}
export interface SecondTenant {
  user: SecondUser;
  company: number;
}
export interface SecondUserOptions {
  name?: string;
  email?: string;
  role?: string;
  token?: string;
}

/**
 * Another user of company 1 with a token of their own; unless told: "Second" <second@example.com>, role user, token
 * user-two-token.
 */
export function secondUser(svc: TestService, opts: SecondUserOptions = {}): SecondUser {
  return addUser(svc.server.db, {
    name: opts.name ?? 'Second',
    email: opts.email ?? 'second@example.com',
    company: 1,
    role: opts.role ?? 'user',
    token: opts.token ?? 'user-two-token',
  });
}

/**
 * A second user (as secondUser) who owns a company of their own ("Other AG" unless told), one user 1 is no member of.
 */
export function secondTenant(svc: TestService, opts: SecondUserOptions & { company?: string } = {}): SecondTenant {
  const user = secondUser(svc, opts);
  return { user, company: addCompany(svc.server.db, opts.company ?? 'Other AG', user.id) };
}

export interface ServiceProcess {
  url: string;
  /** The process id (to read its memory from /proc). */
  pid: number;
  /**
   * A request with the owner's token (a FormData body goes as multipart, any other as JSON); the answer's status, JSON
   * body and headers.
   */
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

async function callProcess(
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any; headers: Headers }> {
  const form = body instanceof FormData;
  const res = await fetch(url + path, {
    method,
    headers: {
      Authorization: `Bearer ${OWNER_TOKEN}`,
      Accept: 'application/json',
      ...(form ? {} : { 'Content-Type': 'application/json' }),
    },
    body: form ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/**
 * `acct server start` on `dataDir` in a process of its own (the built binary: `npm run build` first),
 * without a rate limit; the owner's token is OWNER_TOKEN when the directory is new.
 */
export function startServiceProcess(dataDir: string): Promise<ServiceProcess> {
  const child = spawn(
    process.execPath,
    [ACCT_BIN, 'server', 'start', '--port', '0', '--data', dataDir, '--token', OWNER_TOKEN, '--rate-limit', 'off'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d) => {
    err += d;
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`acct server start exited with ${code}: ${err}`)));
    child.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      const url = /listening on (\S+)\n/.exec(out)?.[1];
      if (url)
        resolve({
          url,
          pid: child.pid!,
          call: (method, path, body) => callProcess(url, method, path, body),
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
    });
  });
}

export interface ServiceProcessPair {
  dataDir: string;
  a: ServiceProcess;
  b: ServiceProcess;
  stop(): Promise<void>;
}

/**
 * Two service processes (startServiceProcess) on one new data directory, which the first seeds; stop() ends both and
 * removes it.
 */
export async function serviceProcessPair(): Promise<ServiceProcessPair> {
  const dataDir = mkdtempSync(join(tmpdir(), 'acct-processes-'));
  const started: ServiceProcess[] = [];
  const stop = async () => {
    await Promise.all(started.map((p) => p.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    started.push(await startServiceProcess(dataDir));
    started.push(await startServiceProcess(dataDir));
  } catch (err) {
    await stop();
    throw err;
  }
  return { dataDir, a: started[0], b: started[1], stop };
}

/**
 * The two service processes of a file's tests (serviceProcessPair), started before them and stopped
 * after them. What it returns reads through to the running pair, so `a` and `b` may be taken at once.
 */
export function useServiceProcessPair(): ServiceProcessPair {
  let running: ServiceProcessPair | undefined;
  beforeAll(async () => {
    running = await serviceProcessPair();
  }, 30_000);
  afterAll(async () => {
    await running?.stop();
  });
  const current = (): ServiceProcessPair => {
    if (!running) throw new Error('useServiceProcessPair: read before its beforeAll ran');
    return running;
  };
  const process = (which: 'a' | 'b'): ServiceProcess => ({
    get url() {
      return current()[which].url;
    },
    get pid() {
      return current()[which].pid;
    },
    call: (...args) => current()[which].call(...args),
    stop: () => current()[which].stop(),
  });
  return {
    get dataDir() {
      return current().dataDir;
    },
    a: process('a'),
    b: process('b'),
    stop: () => current().stop(),
  };
}

/**
 * Starts `requests` while another connection holds the write lock of the database in `dataDir`, waits
 * until they have reached the service processes and wait there for the lock, then lets them go: every
 * process has read its request before any may write. Their answers, in order. Spawned CLI processes
 * need longer to get there than requests to running services: `holdMs` (below the busy timeout, 5 s).
 */
export async function underWriteLock<T>(dataDir: string, requests: () => Promise<T>[], holdMs = 300): Promise<T[]> {
  const lock = new DatabaseSync(join(dataDir, DATABASE_FILE));
  lock.exec('PRAGMA busy_timeout = 5000');
  try {
    lock.exec('BEGIN IMMEDIATE');
    const pending = requests();
    await sleep(holdMs);
    lock.exec('ROLLBACK');
    return await Promise.all(pending);
  } finally {
    if (lock.isTransaction) lock.exec('ROLLBACK');
    lock.close();
  }
}
