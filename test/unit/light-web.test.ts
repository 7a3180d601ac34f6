// The light Headers, Request and Response of the in-process service (src/light-web.ts): what the app
// and hono read of them behaves as fetch's classes do, and what they do not carry (forms, blobs) is
// handed to Node's own classes.
import { describe, expect, test } from 'vitest';
import { __acctWeb, LightHeaders, LightRequest, LightResponse, useLightWeb } from '../../src/light-web.js';

const read = async (stream: ReadableStream<Uint8Array> | null): Promise<string> => {
  if (!stream) return '<null>';
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
};

describe('LightHeaders', () => {
  test('names are case-insensitive, values trimmed; append joins with ", " as fetch does', () => {
    const h = new LightHeaders();
    h.set('Content-Type', ' application/json ');
    expect(h.get('content-type')).toBe('application/json');
    expect(h.has('CONTENT-TYPE')).toBe(true);
    h.append('Vary', 'Accept');
    h.append('vary', 'Origin');
    expect(h.get('Vary')).toBe('Accept, Origin');
    h.delete('VARY');
    expect(h.get('vary')).toBeNull();
    expect(h.has('vary')).toBe(false);
  });

  test('iterates in name order, lower case, like the standard Headers', () => {
    const h = new LightHeaders({ 'X-B': '2', 'x-a': '1', Allow: 'GET' });
    expect([...h]).toEqual([
      ['allow', 'GET'],
      ['x-a', '1'],
      ['x-b', '2'],
    ]);
    expect([...h.keys()]).toEqual(['allow', 'x-a', 'x-b']);
    expect([...h.values()]).toEqual(['GET', '1', '2']);
    const seen: string[] = [];
    h.forEach((value, name, self) => {
      seen.push(`${name}=${value}`);
      expect(self).toBe(h);
    });
    expect(seen).toEqual(['allow=GET', 'x-a=1', 'x-b=2']);
    expect([...h]).toEqual([...new Headers({ 'X-B': '2', 'x-a': '1', Allow: 'GET' })]);
  });

  test("takes a record (array values appended), pairs, its own kind and Node's Headers", () => {
    expect(new LightHeaders({ a: ['1', '2'], b: undefined }).get('a')).toBe('1, 2');
    expect(
      new LightHeaders([
        ['A', '1'],
        ['a', '2'],
      ]).get('a'),
    ).toBe('1, 2');
    const own = new LightHeaders({ x: 'y' });
    expect(new LightHeaders(own).get('x')).toBe('y');
    expect(new LightHeaders(new Headers({ 'Retry-After': '5' })).get('retry-after')).toBe('5');
    expect(new LightHeaders().getSetCookie()).toEqual([]);
  });
});

describe('LightRequest', () => {
  test('url, method (upper case, GET by default) and headers', () => {
    const r = new LightRequest('http://in-process.localhost/api/v2/tags?page=2', {
      method: 'post',
      headers: { Authorization: 'Bearer t' },
    });
    expect(r.url).toBe('http://in-process.localhost/api/v2/tags?page=2');
    expect(r.method).toBe('POST');
    expect(r.headers.get('authorization')).toBe('Bearer t');
    expect(new LightRequest('http://x/').method).toBe('GET');
    expect(new LightRequest(new URL('http://x/a')).url).toBe('http://x/a');
  });

  test('a body is read once, as text, JSON, bytes or an ArrayBuffer', async () => {
    const json = () => new LightRequest('http://x/', { method: 'POST', body: '{"name":"Miete"}' });
    expect(await json().json()).toEqual({ name: 'Miete' });
    expect(await json().text()).toBe('{"name":"Miete"}');
    expect(Buffer.from(await json().arrayBuffer()).toString()).toBe('{"name":"Miete"}');
    const bytes = new LightRequest('http://x/', { method: 'POST', body: new Uint8Array([0xc3, 0xa4]) });
    expect(bytes.bodyUsed).toBe(false);
    expect(await bytes.text()).toBe('ä');
    expect(bytes.bodyUsed).toBe(true);
    await expect(bytes.text()).rejects.toThrow(TypeError);
    const none = new LightRequest('http://x/');
    expect(none.body).toBeNull();
    expect(await none.text()).toBe('');
  });

  test('the body as a stream (what the body limit reads), then a request made from it with the bytes', async () => {
    const original = new LightRequest('http://x/upload', {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'hallo',
    });
    expect(await read(original.body)).toBe('hallo');
    const again = new LightRequest(original, { body: Buffer.from('hallo') });
    expect([again.url, again.method, again.headers.get('content-type')]).toEqual([
      'http://x/upload',
      'PUT',
      'text/plain',
    ]);
    expect(await again.text()).toBe('hallo');
  });

  test('a clone reads the same body independently, a stream body too', async () => {
    const r = new LightRequest('http://x/', { method: 'POST', body: 'eins' });
    void r.body; // now a stream
    const copy = r.clone();
    expect(await copy.text()).toBe('eins');
    expect(await r.text()).toBe('eins');
  });

  test("a multipart body is parsed by Node's own classes", async () => {
    const form = new FormData();
    form.append('name', 'Beleg');
    form.append('file', new Blob(['%PDF-1.7']), 'beleg.pdf');
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const r = new LightRequest('http://x/', {
      method: 'POST',
      headers: { 'content-type': encoded.headers.get('content-type')! },
      body: bytes,
    });
    const parsed = await r.formData();
    expect(parsed.get('name')).toBe('Beleg');
    const file = parsed.get('file') as File;
    expect([file.name, await file.text()]).toEqual(['beleg.pdf', '%PDF-1.7']);
  });

  test("a body of another kind (a FormData) makes Node's own Request", () => {
    const form = new FormData();
    form.append('a', '1');
    const r = new LightRequest('http://x/', { method: 'POST', body: form });
    expect(r).toBeInstanceOf(Request);
    expect(r.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  });
});

describe('LightResponse', () => {
  test('status 200 by default, text/plain for a string without a type, ok for 2xx', async () => {
    const r = new LightResponse('hallo');
    expect([r.status, r.statusText, r.ok, r.headers.get('content-type')]).toEqual([
      200,
      '',
      true,
      'text/plain;charset=UTF-8',
    ]);
    expect(await r.text()).toBe('hallo');
    const json = new LightResponse('{"a":1}', { status: 422, headers: { 'Content-Type': 'application/json' } });
    expect([json.status, json.ok, json.headers.get('content-type')]).toEqual([422, false, 'application/json']);
    expect(await json.json()).toEqual({ a: 1 });
  });

  test('no body for a 204; bytes and ArrayBuffers as they are', async () => {
    const empty = new LightResponse(null, { status: 204 });
    expect(empty.body).toBeNull();
    expect(empty.headers.has('content-type')).toBe(false);
    expect(await empty.text()).toBe('');
    const pdf = new LightResponse(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } });
    expect(await pdf.text()).toBe('%PDF');
    expect(await new LightResponse(new Uint8Array([104, 105]).buffer).text()).toBe('hi');
  });

  test("made from another response's body and itself (as hono copies): status, headers, body kept", async () => {
    const first = new LightResponse('{"message":"Tag not found."}', {
      status: 404,
      statusText: 'Not Found',
      headers: { 'content-type': 'application/json', 'x-ratelimit-limit': '120' },
    });
    const copy = new LightResponse(first.body, first);
    expect([
      copy.status,
      copy.statusText,
      copy.headers.get('content-type'),
      copy.headers.get('x-ratelimit-limit'),
    ]).toEqual([404, 'Not Found', 'application/json', '120']);
    expect(await copy.json()).toEqual({ message: 'Tag not found.' });
  });

  test('a clone and the original are read apart; a body read twice is a TypeError', async () => {
    const r = new LightResponse('zwei');
    const c = r.clone();
    expect(await r.text()).toBe('zwei');
    expect(await c.text()).toBe('zwei');
    await expect(r.text()).rejects.toThrow(/already been read/);
    expect(await new LightResponse('blob').blob().then((b) => b.text())).toBe('blob');
  });

  test("a FormData body makes Node's own Response (how the client encodes uploads), with the headers", async () => {
    const form = new FormData();
    form.append('sum', '12.50');
    const r = new LightResponse(form, { headers: new LightHeaders({ 'x-a': '1' }) });
    expect(r).toBeInstanceOf(Response);
    expect(r.headers.get('x-a')).toBe('1');
    expect(await r.text()).toContain('12.50');
  });
});

describe('__acctWeb', () => {
  test("names Node's classes until useLightWeb(), the light ones after", () => {
    expect(__acctWeb.Response).toBe(globalThis.Response);
    expect(__acctWeb.Request).toBe(globalThis.Request);
    expect(__acctWeb.Headers).toBe(globalThis.Headers);
    useLightWeb();
    expect(__acctWeb.Response).toBe(LightResponse);
    expect(__acctWeb.Request).toBe(LightRequest);
    expect(__acctWeb.Headers).toBe(LightHeaders);
  });
});
