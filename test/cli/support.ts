// Small helpers shared by the CLI suites (not a test file itself).
import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { RunResult, Sandbox } from '../helpers/cli.js';
import type { TestService } from '../helpers/service.js';

export interface ProfileFile {
  current?: string;
  profiles: Record<string, { baseUrl: string; token?: string; company?: number; output?: string }>;
}

/** Writes config.json the way `acct login` leaves it (plain JSON; conf only does the atomic write). */
export function writeProfiles(box: Sandbox, data: ProfileFile): void {
  mkdirSync(box.configDir, { recursive: true, mode: 0o700 });
  writeFileSync(join(box.configDir, 'config.json'), `${JSON.stringify(data, null, '\t')}\n`, { mode: 0o600 });
}

export function readProfiles(box: Sandbox): ProfileFile {
  return JSON.parse(readFileSync(join(box.configDir, 'config.json'), 'utf8')) as ProfileFile;
}

/**
 * A folder `files` beside the sandbox's data directory holding `contents` (name → bytes), and
 * `oversize`, when named, as a sparse file just over the service's 6 MB upload limit. Answers the folder.
 */
export function testFiles(box: Sandbox, contents: Record<string, string | Uint8Array>, oversize?: string): string {
  const dir = join(box.dataDir, '..', 'files');
  mkdirSync(dir, { recursive: true });
  for (const [name, data] of Object.entries(contents)) writeFileSync(join(dir, name), data);
  if (oversize !== undefined) {
    const fd = openSync(join(dir, oversize), 'w');
    ftruncateSync(fd, 6 * 1024 * 1024 + 1);
    closeSync(fd);
  }
  return dir;
}

/** Non-empty lines of a text. */
export function lines(text: string): string[] {
  return text.split('\n').filter((l) => l !== '');
}

/** Parses TSV output into rows of cells (header included). */
export function tsv(text: string): string[][] {
  return lines(text).map((l) => l.split('\t'));
}

/** A loopback port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Stub {
  /** base URL of the stub, like the service's: http://127.0.0.1:PORT/api/v2 */
  url: string;
  /** every request it received: method and path with query */
  requests: { method: string; url: string; authorization?: string }[];
  close(): Promise<void>;
}

/** A tiny HTTP server standing in for a remote service we do not own (answers it would give rarely). */
export async function startStub(
  handler: (req: IncomingMessage, res: ServerResponse, count: number) => void,
): Promise<Stub> {
  const requests: Stub['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    req.resume();
    req.on('end', () => handler(req, res, requests.length));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v2`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** Stack-trace lines as node prints them. */
export const STACK_LINE = /^\s+at .+/m;

/** POST below /companies/{company} of the test service: the record ({ data } unwrapped); a status ≥ 300 throws. */
export async function seed(svc: TestService, path: string, body: unknown, company = 1): Promise<any> {
  const r = await svc.call('POST', `/companies/${company}/${path}`, body);
  if (r.status >= 300) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data ?? r.body;
}

/** Runs the commands one after another, to set a ledger up; one that fails throws with its stderr. */
export async function runAll(run: (args: string[]) => Promise<RunResult>, commands: string[][]): Promise<void> {
  for (const args of commands) {
    const r = await run(args);
    if (r.code !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
  }
}

/** A booking as `acct entries create` takes it: date, debit, credit, sum, tax rate or null, and a description. */
export type CliBooking = [string, string, string, string, string | null, string?];

/** Books the rows one after another through `acct entries create`; one refused throws with its stderr. */
export function bookThroughCli(run: (args: string[]) => Promise<RunResult>, rows: CliBooking[]): Promise<void> {
  return runAll(
    run,
    rows.map(([date, debit, credit, sum, taxRate, description]) => [
      ...['entries', 'create', '--date', date, '--debit', debit, '--credit', credit, '--sum', sum],
      ...(description === undefined ? [] : ['--description', description]),
      ...(taxRate ? ['--tax-rate', taxRate] : []),
    ]),
  );
}

/** Runs acct with --json: the command must succeed; its output parsed. */
export async function jsonOf(run: (args: string[]) => Promise<RunResult>, args: string[]): Promise<any> {
  const r = await run([...args, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}
