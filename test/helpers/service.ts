// Starts the embedded service on a free port in a fresh data directory, for tests that talk HTTP to it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../src/server/main.js';

export interface TestService {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  server: RunningServer;
  /** fetch relative to the base URL with the owner's token unless `token` says otherwise */
  call(method: string, path: string, body?: unknown, opts?: { token?: string | null; headers?: Record<string, string>; raw?: string }): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export const OWNER_TOKEN = 'test-owner-token';

export async function startTestService(opts: { rateLimit?: number } = {}): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'acct-svc-'));
  const logs: string[] = [];
  const server = await startServer({ dataDir, port: 0, rateLimit: opts.rateLimit ?? 0, token: OWNER_TOKEN, log: (l) => logs.push(l) });
  const call: TestService['call'] = async (method, path, body, o = {}) => {
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    const token = o.token === undefined ? OWNER_TOKEN : o.token;
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    let payload: string | undefined = o.raw;
    if (body !== undefined) { payload = JSON.stringify(body); headers['Content-Type'] = 'application/json'; }
    const res = await fetch(path.startsWith('http') ? path : server.url + path, { method, headers, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = text ? JSON.parse(text) : null; } catch { /* keep text */ }
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
