import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiClient,
  ApiError,
  encodeQuery,
  parseRetryAfter,
  RatePacer,
  type ClientOptions,
} from '../../src/api/http.js';
import { CliError, ExitCode } from '../../src/errors.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  socket: Socket;
}
type Handler = (req: Seen, res: ServerResponse) => void | Promise<void>;

let server: Server;
let port: number;
let baseUrl: string;
let handler: Handler;
let seen: Seen[];
const sockets = new Set<Socket>();
const clients: ApiClient[] = [];

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
    ...headers,
  });
  res.end(text);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        socket: req.socket,
      };
      seen.push(s);
      void Promise.resolve(handler(s, res)).catch((err) => {
        res.writeHead(599);
        res.end(String(err));
      });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}/api/v2`;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => server.close(() => r()));
});

beforeEach(() => {
  seen = [];
  handler = (_req, res) => send(res, 200, { ok: true });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

interface Harness {
  client: ApiClient;
  waits: number[];
  trace: string[];
}

function make(opts: Partial<ClientOptions> = {}): Harness {
  const waits: number[] = [];
  const trace: string[] = [];
  const client = new ApiClient({
    baseUrl,
    token: 'tok-SECRET-1234567890',
    sleep: async (ms) => {
      waits.push(ms);
    },
    debug: (l) => trace.push(l),
    ...opts,
  });
  clients.push(client);
  return { client, waits, trace };
}

async function caught(p: Promise<unknown>): Promise<ApiError & CliError> {
  try {
    await p;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected a rejection');
}

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const p = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return p;
}

describe('URLs and query strings', () => {
  it('appends the path to the base URL and encodes the query', async () => {
    const { client } = make();
    await client.get('/companies/1/tags', {
      query: {
        'filter[name]': 'a b&c=ü',
        page: 2,
        ids: [1, 'x y'],
        archived: false,
        active: true,
        skipped: undefined,
        nothing: null,
      },
    });
    expect(seen[0].method).toBe('GET');
    expect(seen[0].url).toBe(
      '/api/v2/companies/1/tags?filter[name]=a%20b%26c%3D%C3%BC&page=2&ids[]=1&ids[]=x%20y&archived=false&active=true',
    );
    const parsed = new URL(`http://x${seen[0].url}`).searchParams;
    expect(parsed.get('filter[name]')).toBe('a b&c=ü');
    expect(parsed.getAll('ids[]')).toEqual(['1', 'x y']);
  });

  it('tolerates a trailing slash on the base URL and a path without a leading slash', async () => {
    const { client } = make({ baseUrl: `${baseUrl}/` });
    await client.get('companies');
    expect(seen[0].url).toBe('/api/v2/companies');
  });

  it('encodeQuery keeps a key that already ends in []', () => {
    expect(encodeQuery({ 'tags[]': ['a', 'b'] })).toBe('tags[]=a&tags[]=b');
    expect(encodeQuery({})).toBe('');
    expect(encodeQuery(undefined)).toBe('');
  });

  it('uses an absolute URL on the same origin as is, letting explicit query params replace its own', async () => {
    const { client } = make();
    await client.get(`${baseUrl}/companies/1/tags?page=3&sort=name`);
    expect(seen[0].url).toBe('/api/v2/companies/1/tags?page=3&sort=name');
    await client.get(`${baseUrl}/companies/1/tags?page=3&sort=name`, { query: { page: 4 } });
    expect(seen[1].url).toBe('/api/v2/companies/1/tags?sort=name&page=4');
  });

  it('refuses an absolute URL on another origin (the token must not leak there)', async () => {
    const { client } = make();
    const err = await caught(client.get('http://evil.example.com/api/v2/companies'));
    expect(err).toBeInstanceOf(CliError);
    expect(err.message).toMatch(/refusing/);
    expect(seen).toHaveLength(0);
  });
});

describe("download: a file's bytes from a link the API gave", () => {
  it("answers the bytes as sent (never decoded as text), with the token on the service's own origin", async () => {
    const bytes = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(bytes);
    };
    const { client } = make();
    const got = await client.download(`${baseUrl}/files/7?expires=1&signature=ab`);
    expect(Buffer.from(got).equals(bytes)).toBe(true);
    expect(seen[0].url).toBe('/api/v2/files/7?expires=1&signature=ab');
    expect(seen[0].headers.authorization).toBe('Bearer tok-SECRET-1234567890');
  });

  it("a refusal is the service's error, read as text", async () => {
    handler = (_req, res) => send(res, 403, { message: 'Invalid signature.' });
    const err = await caught(make().client.download(`${baseUrl}/files/7`));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(403);
    expect(err.message).toBe('Invalid signature.');
  });

  it('a link to another origin goes over https only, and without the token', async () => {
    const sent: { url: string; headers: Record<string, string> }[] = [];
    const { client } = make({
      transport: {
        send: async (x) => {
          sent.push({ url: x.url.href, headers: x.headers });
          return { status: 200, headers: {}, text: '', bytes: new Uint8Array([1, 2, 3]) };
        },
        close() {},
      },
    });
    expect([...(await client.download('https://files.example.com/receipt.pdf?sig=1'))]).toEqual([1, 2, 3]);
    expect(sent[0].headers.authorization).toBeUndefined();
    const err = await caught(client.download('http://files.example.com/receipt.pdf'));
    expect(err.message).toMatch(/refusing to download from http:\/\/files\.example\.com over plain http/);
    expect(sent).toHaveLength(1);
  });
});

describe('headers and bodies', () => {
  it('sends Accept, Authorization, User-Agent; Content-Type only for JSON bodies', async () => {
    const { client } = make({ userAgent: 'acct/9.9.9' });
    await client.get('/me');
    expect(seen[0].headers.accept).toBe('application/json');
    expect(seen[0].headers.authorization).toBe('Bearer tok-SECRET-1234567890');
    expect(seen[0].headers['user-agent']).toBe('acct/9.9.9');
    expect(seen[0].headers['content-type']).toBeUndefined();

    await client.post('/companies/1/tags', { json: { name: 'Büro', color: null } });
    expect(seen[1].method).toBe('POST');
    expect(seen[1].headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[1].body.toString('utf8'))).toEqual({ name: 'Büro', color: null });
  });

  it('sends no Authorization header without a token and has a default User-Agent', async () => {
    const { client } = make({ token: undefined });
    await client.get('/ping');
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(seen[0].headers['user-agent']).toMatch(/^acct/);
  });

  it('sends PUT, PATCH and DELETE with the right method', async () => {
    const { client } = make();
    await client.put('/a', { json: { x: 1 } });
    await client.patch('/a', { json: { x: 2 } });
    await client.delete('/a');
    expect(seen.map((s) => s.method)).toEqual(['PUT', 'PATCH', 'DELETE']);
  });

  it('sends multipart bodies', async () => {
    const { client } = make();
    const form = new FormData();
    form.append('description', 'Quittung Migros');
    form.append('file', new Blob([Buffer.from('%PDF-1.4 fake')], { type: 'application/pdf' }), 'receipt.pdf');
    await client.post('/companies/1/receipts', { form });
    const ct = String(seen[0].headers['content-type']);
    expect(ct).toMatch(/^multipart\/form-data; boundary=/);
    const received = await new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': ct },
      body: new Uint8Array(seen[0].body),
    }).formData();
    expect(received.get('description')).toBe('Quittung Migros');
    const file = received.get('file') as File;
    expect(file.name).toBe('receipt.pdf');
    expect(await file.text()).toBe('%PDF-1.4 fake');
  });

  it('rejects json and form together', async () => {
    const { client } = make();
    await expect(client.post('/x', { json: {}, form: new FormData() })).rejects.toBeInstanceOf(CliError);
  });

  it('parses JSON, returns null for 204/empty and text for non-JSON; headers are lower-case', async () => {
    const { client } = make();
    handler = (_r, res) => send(res, 200, { data: [1, 2] }, { 'X-Custom': 'yes' });
    const r1 = await client.request('GET', '/json');
    expect(r1.status).toBe(200);
    expect(r1.data).toEqual({ data: [1, 2] });
    expect(r1.headers['x-custom']).toBe('yes');
    handler = (_r, res) => send(res, 204);
    expect((await client.request('DELETE', '/x')).data).toBeNull();
    handler = (_r, res) => send(res, 200, '');
    expect(await client.get('/empty')).toBeNull();
    handler = (_r, res) => send(res, 200, 'plain text', { 'content-type': 'text/plain' });
    expect(await client.get('/text')).toBe('plain text');
    handler = (_r, res) => send(res, 201, { id: 7 });
    expect(await client.post('/created', { json: {} })).toEqual({ id: 7 });
  });
});

describe('error mapping', () => {
  const cases: [number, unknown, ExitCode, string][] = [
    [400, { message: 'Bad thing' }, ExitCode.Conflict, 'Bad thing'],
    [401, { message: 'Unauthenticated.' }, ExitCode.Auth, 'Unauthenticated.'],
    [403, { message: 'This action is unauthorized.' }, ExitCode.Auth, 'This action is unauthorized.'],
    [404, undefined, ExitCode.NotFound, 'HTTP 404 Not Found'],
    [409, { message: 'Already exists' }, ExitCode.Conflict, 'Already exists'],
    [422, { message: 'The name field is required.' }, ExitCode.Validation, 'The name field is required.'],
    [429, { message: 'Too Many Attempts.' }, ExitCode.RateLimited, 'Too Many Attempts.'],
    [500, '<html>oops</html>', ExitCode.Failure, 'HTTP 500 Internal Server Error'],
  ];
  for (const [status, body, exit, message] of cases) {
    it(`maps ${status} to exit code ${exit}`, async () => {
      const { client } = make({ retry: { maxAttempts: 1 } });
      handler = (_r, res) => send(res, status, body);
      const err = await caught(client.get('/companies/1/things'));
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toBeInstanceOf(CliError);
      expect(err.status).toBe(status);
      expect(err.exitCode).toBe(exit);
      expect(err.message).toBe(message);
      expect(err.method).toBe('GET');
      expect(err.path).toBe('/companies/1/things');
      expect(seen).toHaveLength(1);
    });
  }

  it('keeps the field errors of a 422 apart from the details (the CLI prints each once)', async () => {
    const { client } = make();
    handler = (_r, res) =>
      send(res, 422, {
        message: 'The name field is required. (and 1 more error)',
        errors: { name: ['The name field is required.'], iban: ['The iban is invalid.', 'The iban is too long.'] },
      });
    const err = await caught(client.post('/companies/1/customers', { json: {} }));
    expect(err.exitCode).toBe(ExitCode.Validation);
    expect(err.fieldErrors).toEqual({
      name: ['The name field is required.'],
      iban: ['The iban is invalid.', 'The iban is too long.'],
    });
    expect(err.details).toEqual([]);
  });

  it('adds a login hint to a 401', async () => {
    const { client } = make();
    handler = (_r, res) => send(res, 401, { message: 'Unauthenticated.' });
    const err = await caught(client.get('/me'));
    expect(err.details).toContain('run "acct login" or set ACCT_TOKEN');
  });

  it('keeps the parsed body on the error', async () => {
    const { client } = make();
    handler = (_r, res) => send(res, 409, { message: 'Conflict', id: 3 });
    const err = await caught(client.delete('/x'));
    expect(err.body).toEqual({ message: 'Conflict', id: 3 });
  });
});

describe('retries', () => {
  it('waits Retry-After (+ a little jitter) on 429 and then succeeds', async () => {
    const { client, waits, trace } = make();
    let n = 0;
    handler = (_r, res) =>
      ++n === 1
        ? send(
            res,
            429,
            { message: 'Too Many Attempts.' },
            { 'retry-after': '2', 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '0' },
          )
        : send(res, 200, { ok: 1 });
    expect(await client.get('/x')).toEqual({ ok: 1 });
    expect(seen).toHaveLength(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(2000);
    expect(waits[0]).toBeLessThanOrEqual(2600);
    expect(trace.some((l) => /^retrying in 2\.\d s \(429/.test(l))).toBe(true);
  });

  it('retries a 429 for POST too (it was not processed)', async () => {
    const { client, waits } = make();
    let n = 0;
    handler = (_r, res) => (++n === 1 ? send(res, 429, {}, { 'retry-after': '1' }) : send(res, 201, { id: 1 }));
    expect(await client.post('/x', { json: { a: 1 } })).toEqual({ id: 1 });
    expect(seen.map((s) => s.body.toString())).toEqual(['{"a":1}', '{"a":1}']);
    expect(waits).toHaveLength(1);
  });

  it('re-sends the same multipart body on retry', async () => {
    const { client } = make();
    let n = 0;
    handler = (_r, res) => (++n === 1 ? send(res, 429, {}, { 'retry-after': '0' }) : send(res, 201, { id: 1 }));
    const form = new FormData();
    form.append('file', new Blob(['abc']), 'a.txt');
    await client.post('/upload', { form });
    expect(seen).toHaveLength(2);
    expect(seen[1].body.equals(seen[0].body)).toBe(true);
    expect(seen[1].headers['content-type']).toBe(seen[0].headers['content-type']);
  });

  it('retries 502/503/504 with exponential back-off for GET, PUT and DELETE', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      seen = [];
      const { client, waits, trace } = make({ retry: { baseDelayMs: 1000 } });
      let n = 0;
      const statuses = [503, 502, 504];
      handler = (_r, res) => (n < 3 ? send(res, statuses[n++], { message: 'down' }) : send(res, 200, { ok: true }));
      expect(await client.request(method, '/x')).toMatchObject({ status: 200 });
      expect(seen).toHaveLength(4);
      expect(waits).toHaveLength(3);
      // equal jitter: step/2 .. step with step = 1 s, 2 s, 4 s
      expect(waits[0]).toBeGreaterThanOrEqual(500);
      expect(waits[0]).toBeLessThanOrEqual(1000);
      expect(waits[1]).toBeGreaterThanOrEqual(1000);
      expect(waits[1]).toBeLessThanOrEqual(2000);
      expect(waits[2]).toBeGreaterThanOrEqual(2000);
      expect(waits[2]).toBeLessThanOrEqual(4000);
      expect(trace.some((l) => /^retrying in \d+\.\d s \(503/.test(l))).toBe(true);
    }
  });

  it('does not retry 503 for POST or PATCH', async () => {
    for (const method of ['POST', 'PATCH'] as const) {
      seen = [];
      const { client, waits } = make();
      handler = (_r, res) => send(res, 503, { message: 'Service Unavailable' });
      const err = await caught(client.request(method, '/x', { json: { a: 1 } }));
      expect(err.status).toBe(503);
      expect(err.exitCode).toBe(ExitCode.Failure);
      expect(seen).toHaveLength(1);
      expect(waits).toHaveLength(0);
    }
  });

  it('does not retry other errors (400, 404, 422, 500)', async () => {
    const { client, waits } = make();
    for (const status of [400, 404, 422, 500]) {
      handler = (_r, res) => send(res, status, {});
      await caught(client.get('/x'));
    }
    expect(seen).toHaveLength(4);
    expect(waits).toHaveLength(0);
  });

  it('stops after maxAttempts and throws the last error', async () => {
    const { client, waits } = make({ retry: { maxAttempts: 3, baseDelayMs: 10 } });
    let n = 0;
    handler = (_r, res) => send(res, 503, { message: `down ${++n}` });
    const err = await caught(client.get('/x'));
    expect(err.message).toBe('down 3');
    expect(seen).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('stops when the total wait would exceed maxTotalWaitMs; a persistent 429 exits RateLimited', async () => {
    const { client, waits } = make({ retry: { maxTotalWaitMs: 10_000 } });
    handler = (_r, res) => send(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '30' });
    const err = await caught(client.get('/x'));
    expect(err.exitCode).toBe(ExitCode.RateLimited);
    expect(err.details.join('\n')).toMatch(/try again in 30 s/);
    expect(seen).toHaveLength(1);
    expect(waits).toHaveLength(0);

    seen = [];
    const h2 = make({ retry: { maxAttempts: 10, maxTotalWaitMs: 4_000 } });
    handler = (_r, res) => send(res, 429, {}, { 'retry-after': '2' });
    const err2 = await caught(h2.client.get('/x'));
    expect(err2.exitCode).toBe(ExitCode.RateLimited);
    expect(seen).toHaveLength(2); // 2 s + jitter fits once, twice does not
    expect(h2.waits).toHaveLength(1);
  });

  it('retries a connection reset for GET but not for POST', async () => {
    const { client, waits } = make();
    let n = 0;
    handler = (r, res) => {
      if (++n === 1) r.socket.destroy();
      else send(res, 200, { ok: true });
    };
    expect(await client.get('/x')).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
    expect(waits).toHaveLength(1);

    seen = [];
    const h2 = make();
    handler = (r) => {
      r.socket.destroy();
    };
    const err = await caught(h2.client.post('/x', { json: {} }));
    expect(err).toBeInstanceOf(CliError);
    expect(err).not.toBeInstanceOf(ApiError);
    expect(err.exitCode).toBe(ExitCode.Failure);
    expect(err.message).toMatch(new RegExp(`^could not reach ${baseUrl.replace(/[.]/g, '\\.')} \\(`));
    expect(seen).toHaveLength(1);
    expect(h2.waits).toHaveLength(0);
  });
});

describe('network failures', () => {
  it('reports connection refused, after retrying (also for POST: nothing was sent)', async () => {
    const p = await closedPort();
    const { client, waits } = make({ baseUrl: `http://127.0.0.1:${p}/api/v2`, retry: { maxAttempts: 3 } });
    const err = await caught(client.post('/companies', { json: { name: 'x' } }));
    expect(err).toBeInstanceOf(CliError);
    expect(err.exitCode).toBe(ExitCode.Failure);
    expect(err.message).toBe(`could not reach http://127.0.0.1:${p}/api/v2 (ECONNREFUSED)`);
    expect(waits).toHaveLength(2);
  });

  it('reports DNS failures', async () => {
    const { client } = make({ baseUrl: 'http://no-such-host.invalid/api/v2', retry: { maxAttempts: 1 } });
    const err = await caught(client.get('/x'));
    expect(err.message).toMatch(/^could not reach http:\/\/no-such-host\.invalid\/api\/v2 \((ENOTFOUND|EAI_AGAIN)\)$/);
  });

  it('maps an aborted request to the Interrupted exit code', async () => {
    const { client } = make();
    handler = () => {
      /* never answers */
    };
    const ac = new AbortController();
    const p = client.get('/slow', { signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    const err = await caught(p);
    expect(err.exitCode).toBe(ExitCode.Interrupted);
  });
});

describe('pacing', () => {
  function fakeClock() {
    let t = 1_000_000;
    const waits: number[] = [];
    return {
      now: () => t,
      advance: (ms: number) => {
        t += ms;
      },
      waits,
      sleep: async (ms: number) => {
        waits.push(ms);
        t += ms;
      },
    };
  }

  it('does not delay while the remaining budget is healthy', async () => {
    const clock = fakeClock();
    const { client } = make({ now: clock.now, sleep: clock.sleep });
    let remaining = 120;
    handler = (_r, res) =>
      send(res, 200, {}, { 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': String(--remaining) });
    for (let i = 0; i < 50; i++) await client.get('/x');
    expect(clock.waits).toEqual([]);
  });

  it('spaces requests so a low budget lasts until the window rolls over', async () => {
    const clock = fakeClock();
    const { client, trace } = make({ now: clock.now, sleep: clock.sleep });
    let n = 0;
    // Requests 1–6 fall into a window that had 7 left; the 7th (sent as the window rolls over) and
    // later ones into a fresh window.
    handler = (_r, res) => {
      n++;
      const remaining = n <= 6 ? 7 - n : 120 - (n - 6);
      send(res, 200, {}, { 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': String(remaining) });
    };
    await client.get('/x'); // opens the window; server says 6 left
    expect(clock.waits).toEqual([]);
    for (let i = 0; i < 6; i++) await client.get('/x');
    // The window is taken as 60 s + 1 s margin: 61 s left / 6 ≈ 10.2 s, 50.8 s / 5 ≈ 10.2 s, … each
    // remaining request gets an equal share, the last one goes out as the window rolls over.
    expect(clock.waits).toHaveLength(6);
    for (const w of clock.waits) {
      expect(w).toBeGreaterThanOrEqual(10_160);
      expect(w).toBeLessThanOrEqual(10_170);
    }
    expect(clock.waits.reduce((a, b) => a + b, 0)).toBe(61_000);
    expect(trace).toContain('pacing: waiting 10.2 s (6/120 requests left in window)');
    // The new window has a healthy budget: no more delays.
    clock.waits.length = 0;
    for (let i = 0; i < 5; i++) await client.get('/x');
    expect(clock.waits).toEqual([]);
  });

  it('waits for the rollover when a response reports no budget left, and says so first', async () => {
    const clock = fakeClock();
    const said: number[] = [];
    const { client } = make({ now: clock.now, sleep: clock.sleep, onWait: (ms) => said.push(ms) });
    handler = (_r, res) => send(res, 200, {}, { 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '0' });
    await client.get('/x');
    clock.advance(20_000);
    await client.get('/x');
    expect(clock.waits).toEqual([41_000]); // 40 s left in the window + 1 s margin
    expect(said).toEqual([41_000]);
  });

  it('says a 429 wait over 2 s before it starts; shorter ones go unsaid', async () => {
    for (const [retryAfter, told] of [
      ['5', 1],
      ['1', 0],
    ] as const) {
      const clock = fakeClock();
      const said: number[] = [];
      const { client } = make({ now: clock.now, sleep: clock.sleep, onWait: (ms) => said.push(ms) });
      let n = 0;
      handler = (_r, res) =>
        ++n === 1
          ? send(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': retryAfter })
          : send(res, 200, {});
      await client.get('/x');
      expect(said).toHaveLength(told);
      if (told) expect(said[0]).toBe(clock.waits[0]);
    }
  });

  it('does not add a pacing wait on top of a 429 Retry-After', async () => {
    const clock = fakeClock();
    const { client } = make({ now: clock.now, sleep: clock.sleep });
    let n = 0;
    handler = (_r, res) =>
      ++n === 1
        ? send(res, 429, {}, { 'retry-after': '5', 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '0' })
        : send(res, 200, {}, { 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '119' });
    await client.get('/x');
    await client.get('/x');
    expect(clock.waits).toHaveLength(1);
    expect(clock.waits[0]).toBeGreaterThanOrEqual(5_000);
    expect(clock.waits[0]).toBeLessThan(6_000);
  });

  it('a long run against a 120/min fixed-window limiter never hits 429', async () => {
    const clock = fakeClock();
    const { client, waits } = make({ now: clock.now, sleep: clock.sleep, debug: undefined });
    let windowStart: number | undefined;
    let count = 0;
    let rejected = 0;
    handler = (_r, res) => {
      clock.advance(25); // latency
      const t = clock.now();
      if (windowStart === undefined || t - windowStart >= 60_000) {
        windowStart = t;
        count = 0;
      }
      count++;
      if (count > 120) {
        rejected++;
        const retry = Math.ceil((windowStart + 60_000 - t) / 1000);
        send(res, 429, {}, { 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '0', 'retry-after': String(retry) });
      } else {
        send(res, 200, {}, { 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': String(120 - count) });
      }
    };
    const start = clock.now();
    for (let i = 0; i < 400; i++) await client.get('/x');
    const elapsed = clock.now() - start;
    expect(rejected).toBe(0);
    expect(seen).toHaveLength(400);
    // 400 requests need 4 windows (3 full ones elapsed); pacing must not slow it down much more.
    expect(elapsed).toBeGreaterThanOrEqual(180_000);
    expect(elapsed).toBeLessThanOrEqual(190_000);
    // Only the low-budget tail of each window (≤ 12 requests + the rollover wait) is delayed.
    expect(waits.length).toBeLessThanOrEqual(4 * 13);
  });

  it('concurrent workers against the same limiter do not hit 429 either', async () => {
    const clock = fakeClock();
    const { client } = make({ now: clock.now, sleep: clock.sleep, debug: undefined });
    let windowStart: number | undefined;
    let count = 0;
    let rejected = 0;
    handler = (_r, res) => {
      clock.advance(25);
      const t = clock.now();
      if (windowStart === undefined || t - windowStart >= 60_000) {
        windowStart = t;
        count = 0;
      }
      count++;
      if (count > 120) {
        rejected++;
        send(res, 429, {}, { 'retry-after': String(Math.ceil((windowStart + 60_000 - t) / 1000)) });
      } else {
        send(res, 200, {}, { 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': String(120 - count) });
      }
    };
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = 0; i < 75; i++) await client.get('/x');
      }),
    );
    expect(seen).toHaveLength(300);
    expect(rejected).toBe(0);
  });

  /**
   * Eight workers against a simulated fixed-window service (the window starts with the first hit it
   * counts; latencies vary, so requests overtake each other), `others` hits from another process at the
   * start. Simulated time: each worker reserves, its request arrives after its wait and a latency, the
   * answer comes back a little later and is observed then.
   */
  function simulate(requests: number, limit: number, others = 0) {
    let t = 0;
    const pacer = new RatePacer(() => t);
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let windowStart: number | undefined;
    let count = 0;
    const perWindow: number[] = [];
    let rejected = 0;
    const hit = (at: number): number | undefined => {
      if (windowStart === undefined || at - windowStart >= 60_000) {
        windowStart = at;
        count = 0;
        perWindow.push(0);
      }
      if (count >= limit) {
        rejected++;
        return undefined;
      }
      count++;
      perWindow[perWindow.length - 1]++;
      return limit - count;
    };
    for (let i = 0; i < others; i++) hit(0);
    type Ev = { at: number; run: () => void };
    const events: Ev[] = [];
    const schedule = (at: number, run: () => void) => {
      events.push({ at, run });
      events.sort((a, b) => a.at - b.at);
    };
    let left = requests;
    const worker = () => {
      if (left-- <= 0) return;
      const { waitMs, ticket } = pacer.reserve();
      const arrive = t + waitMs + 2 + Math.floor(rand() * (rand() < 0.05 ? 900 : 40));
      schedule(arrive, () => {
        const remaining = hit(t);
        schedule(t + 3, () => {
          if (remaining === undefined) pacer.observeRetryAfter(Math.max(0, windowStart! + 60_000 - t));
          else
            pacer.observe({ 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(remaining) }, ticket);
          worker();
        });
      });
    };
    for (let w = 0; w < 8; w++) worker();
    while (events.length) {
      const e = events.shift()!;
      t = e.at;
      e.run();
    }
    return { rejected, perWindow, elapsed: t };
  }

  it('eight concurrent workers use at least 95 % of every full window and never hit 429', () => {
    const { rejected, perWindow } = simulate(3000, 600);
    expect(rejected).toBe(0);
    expect(perWindow.reduce((a, b) => a + b, 0)).toBe(3000);
    for (const n of perWindow.slice(0, -1)) expect(n).toBeGreaterThanOrEqual(570);
  });

  it('hits of another process in the window come off the budget', () => {
    const { rejected, perWindow } = simulate(1000, 600, 200);
    expect(rejected).toBe(0);
    // 200 of theirs, then ours up to the limit; the rest waits for the next window
    expect(perWindow[0]).toBeGreaterThanOrEqual(590);
    expect(perWindow[0]).toBeLessThanOrEqual(600);
  });

  it('concurrent callers queue up instead of bursting (RatePacer)', () => {
    let t = 0;
    const pacer = new RatePacer(() => t);
    const first = pacer.reserve();
    expect(first.waitMs).toBe(0); // opens the window at t = 0
    pacer.observe({ 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '4' }, first.ticket);
    t = 20_000;
    // 40 s left, 4 left → 10 s spacing from the last send (t = 0): the first may go at once.
    const w = [pacer.reserve().waitMs, pacer.reserve().waitMs, pacer.reserve().waitMs];
    expect(w[0]).toBe(0);
    expect(w[1]).toBeGreaterThan(w[0]);
    expect(w[2]).toBeGreaterThan(w[1]);
    expect(w[2]).toBeLessThanOrEqual(40_000 + 1_000);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
  });
});

describe('debug trace and token hygiene', () => {
  const TOKEN = 'tok-SECRET-1234567890';

  it('traces requests and responses without the token', async () => {
    const { client, trace } = make();
    handler = (_r, res) => send(res, 200, { data: [] }, { 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '119' });
    await client.get('/companies/1/tags', { query: { page: 1 } });
    expect(trace[0]).toBe(`> GET ${baseUrl}/companies/1/tags?page=1`);
    expect(trace).toContain('> Accept: application/json');
    expect(trace).toContain('> Authorization: Bearer ***');
    expect(trace.some((l) => /^< 200 OK \(\d+ ms\)$/.test(l))).toBe(true);
    expect(trace).toContain('< X-RateLimit-Limit: 120');
    expect(trace).toContain('< X-RateLimit-Remaining: 119');
    expect(trace.join('\n')).not.toContain(TOKEN);
  });

  it('never puts the token into errors or the trace, even when the server echoes it', async () => {
    const { client, trace } = make({ retry: { maxAttempts: 2 } });
    const errors: CliError[] = [];
    handler = (_r, res) =>
      send(res, 401, { message: `Token ${TOKEN} is invalid`, errors: { token: [`bad ${TOKEN}`] } });
    errors.push(await caught(client.get(`/x?t=${TOKEN}`)));
    handler = (_r, res) => send(res, 422, { message: 'Invalid', errors: { name: [`${TOKEN} taken`] } });
    errors.push(await caught(client.post('/x', { json: { note: TOKEN } })));
    handler = (_r, res) => send(res, 503, `upstream said ${TOKEN}`);
    errors.push(await caught(client.get('/x')));
    const p = await closedPort();
    const h2 = make({ baseUrl: `http://127.0.0.1:${p}/api/v2`, retry: { maxAttempts: 2 } });
    errors.push(await caught(h2.client.get('/x')));
    const text = errors
      .map((e) =>
        [e.message, ...e.details, (e as ApiError).path ?? '', JSON.stringify((e as ApiError).fieldErrors ?? {})].join(
          '\n',
        ),
      )
      .join('\n');
    expect(text).not.toContain(TOKEN);
    expect(text).toContain('***');
    const all = [...trace, ...h2.trace].join('\n');
    expect(all).not.toContain(TOKEN);
    expect(all).toMatch(/retrying in \d+\.\d s \(503/);
    expect(all).toMatch(/retrying in \d+\.\d s \(ECONNREFUSED/);
  });
});

describe('connection handling', () => {
  it('reuses one keep-alive connection and close() closes it', async () => {
    const { client } = make();
    for (let i = 0; i < 10; i++) await client.get('/x');
    // a keep-alive agent may open a second connection while the first is being released; never one per request.
    expect(new Set(seen.map((s) => s.socket)).size).toBeLessThanOrEqual(2);
    const sock = seen[0].socket;
    const closed = new Promise<void>((r) => (sock.destroyed ? r() : sock.once('close', () => r())));
    await client.close();
    await closed;
    expect(sock.destroyed).toBe(true);
    await expect(client.get('/x')).rejects.toBeInstanceOf(CliError);
  });

  it('close() without any request is fine', async () => {
    const client = new ApiClient({ baseUrl });
    await client.close();
  });

  it('rejects an invalid base URL', () => {
    expect(() => new ApiClient({ baseUrl: 'not a url' })).toThrow(CliError);
    expect(() => new ApiClient({ baseUrl: 'ftp://x/api' })).toThrow(/http or https/);
  });
});
