// A chunked body read within its limit (body-limit.ts readUpTo) is handed on as bytes of a declared
// length, with Node's fetch classes (the service) and with the light ones (the CLI's local mode).
import { Hono } from 'hono';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { bodyLimits, declaredLength } from '../../src/server/body-limit.js';
import type { AppEnv } from '../../src/server/context.js';
import { HttpError } from '../../src/server/http-error.js';
import { LightHeaders, LightRequest } from '../../src/light-web.js';

const app = new Hono<AppEnv>();
app.onError((err, c) =>
  err instanceof HttpError ? c.json({ message: err.message }, err.status as 413) : c.text(String(err), 500),
);
app.use(bodyLimits(() => 1024));
app.post('/echo', async (c) =>
  c.json({
    transferEncoding: c.req.header('transfer-encoding') ?? null,
    contentLength: c.req.header('content-length') ?? null,
    declared: declaredLength(c) ?? null,
    type: c.req.header('content-type') ?? null,
    text: await c.req.text(),
  }),
);

const chunked = (parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(Buffer.from(part));
      controller.close();
    },
  });

const EXPECTED = {
  transferEncoding: null,
  contentLength: '11',
  declared: 11,
  type: 'application/json',
  text: '{"a":"bcd"}',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readUpTo', () => {
  test("a chunked body read in full goes on with Content-Length, no Transfer-Encoding (Node's Request)", async () => {
    const req = new Request('http://local/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: chunked(['{"a":', '"bcd"}']),
      duplex: 'half',
    } as RequestInit);
    const res = await app.fetch(req);
    expect(await res.json()).toEqual(EXPECTED);
  });

  test('the same with the light Request and Headers of local mode', async () => {
    vi.stubGlobal('Request', LightRequest);
    vi.stubGlobal('Headers', LightHeaders);
    const req = new LightRequest('http://local/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: chunked(['{"a":', '"bcd"}']),
    });
    const res = await app.fetch(req as unknown as Request);
    const answer = JSON.parse(await res.text());
    expect(answer).toEqual(EXPECTED);
  });

  test('a chunked body past the limit is still a 413', async () => {
    const req = new Request('http://local/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: chunked(['x'.repeat(2 * 1024 * 1024)]),
      duplex: 'half',
    } as RequestInit);
    const res = await app.fetch(req);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'The request body must not be greater than 1024 kilobytes.' });
  });
});
