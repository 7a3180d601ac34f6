// Body sizes against the running service: JSON (and urlencoded) bodies up to 1 MB, multipart the route's
// file limit plus 10 MB (bank statements 50 MB, other uploads 6 MB); beyond, a 413 `{ message }` that
// comes before the body is read: a declared Content-Length is answered before a byte of the body is
// sent, a chunked body is no longer read once it passes the limit. The receipt's 422 on `file` stays
// for a file just above its limit; a big text field is never blamed on the file.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../../src/server/store/db.js';
import { OWNER_TOKEN, accountId, startTestService, type TestService } from '../helpers/service.js';
import { retryOnStaleSocket } from './retry-on-reset.js';

const MB = 1024 * 1024;
const JSON_TOO_BIG = 'The request body must not be greater than 1024 kilobytes.';
const MULTIPART_TOO_BIG = 'The request body must not be greater than 16384 kilobytes.';
const BOUNDARY = 'acctboundary7f3c';

let svc: TestService;
const acc = (number: number) => accountId(svc, 1, number);
const count = (table: string) => Number(one(svc.server.db, `SELECT count(*) AS n FROM ${table}`)!.n);

beforeAll(async () => {
  svc = retryOnStaleSocket(await startTestService());
});
afterAll(async () => {
  await svc?.close();
});

interface Answer {
  status: number;
  body: any;
  sent: number;
}

/**
 * A request over a plain socket: its headers, then `head` and chunks of `fill` until `total` bytes
 * are sent or the answer arrives, whichever is first. With `declared`, the Content-Length header says
 * so and no byte of the body is sent; without, the body goes chunked.
 */
function send(
  path: string,
  opts: { contentType: string; declared?: number; head?: string; fill?: number; total?: number },
): Promise<Answer> {
  const url = new URL(svc.url + path);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string | number> = {
      Authorization: `Bearer ${OWNER_TOKEN}`,
      Accept: 'application/json',
      'Content-Type': opts.contentType,
    };
    if (opts.declared !== undefined) headers['Content-Length'] = opts.declared;
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'POST', headers, agent: false },
      (res) => {
        answered = true;
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (d) => {
            text += d;
          })
          .on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null, sent });
          });
      },
    );
    // once answered, the service may close the connection under the rest of the body
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    if (opts.declared !== undefined) {
      req.flushHeaders();
      return;
    }
    const chunk = Buffer.alloc(opts.fill ?? 0, 'x');
    void (async () => {
      const write = (data: Buffer | string) =>
        new Promise<void>((done) => {
          sent += Buffer.byteLength(data);
          if (req.write(data)) done();
          else {
            req.once('drain', done);
            req.once('close', done);
          }
        });
      if (opts.head) await write(opts.head);
      while (!answered && !req.destroyed && sent < (opts.total ?? 0)) await write(chunk);
      if (!answered && !req.destroyed) req.end();
    })();
  });
}

/**
 * The opening of a multipart body whose last part is `name` (a file when `filename` is given), its content still to
 * come.
 */
function multipartHead(fields: Record<string, string>, name: string, filename?: string): string {
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const disposition = filename
    ? `form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf`
    : `form-data; name="${name}"`;
  return `${parts.join('')}--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`;
}
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

async function form(
  path: string,
  fields: Record<string, string | [Blob, string]>,
): Promise<{ status: number; body: any }> {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) f.append(k, v[0], v[1]);
    else f.append(k, v);
  }
  const { status, body } = await svc.call('POST', path, f);
  return { status, body };
}

const booking = () => ({
  date: '2025-04-01',
  debit_account_id: String(acc(6500)),
  credit_account_id: String(acc(1020)),
  sum: '10',
});

describe('JSON and form bodies: at most 1 MB', () => {
  it('reads a body of exactly 1 MB and refuses one byte more with 413, storing nothing', async () => {
    const body = (name: string, size: number) => {
      const bare = JSON.stringify({ name, color: 'blue', pad: '' });
      return JSON.stringify({ name, color: 'blue', pad: 'x'.repeat(size - bare.length) });
    };
    const fits = body('genau', MB);
    expect(Buffer.byteLength(fits)).toBe(MB);
    const ok = await svc.call('POST', '/companies/1/tags', undefined, {
      raw: fits,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(ok.status, JSON.stringify(ok.body).slice(0, 200)).toBe(200);
    expect(ok.body.data.name).toBe('genau');
    const tags = count('tags');
    const over = await svc.call('POST', '/companies/1/tags', undefined, {
      raw: body('zuviel', MB + 1),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(over).toMatchObject({ status: 413, body: { message: JSON_TOO_BIG } });
    expect(Object.keys(over.body)).toEqual(['message']);
    expect(count('tags')).toBe(tags);
    const urlencoded = await svc.call('POST', '/companies/1/tags', undefined, {
      raw: `name=form&color=blue&pad=${'x'.repeat(MB)}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(urlencoded).toMatchObject({ status: 413, body: { message: JSON_TOO_BIG } });
  });

  it('takes the biggest realistic document: an invoice of 500 positions with long descriptions', async () => {
    const customer = (await svc.call('POST', '/companies/1/customers', { name: 'Gross AG' })).body.data.id;
    const line =
      'Beratung und Umsetzung gemäss Offerte, inklusive Abklärungen mit der Treuhänderin; Details siehe Rapport. ';
    const positions = Array.from({ length: 500 }, (_, i) => ({
      type: 'position',
      description: `${i + 1}. ${line.repeat(9)}\n"Zusatz" ${i}`,
      amount: 1.25,
      price: 180,
      unit: 'h',
      discount_amount: 0,
      discount_type: 'absolute',
    }));
    const body = {
      customer_id: customer,
      date: '2025-04-01',
      title: 'Jahresabschluss',
      positions: JSON.stringify(positions),
      remarks: 'r'.repeat(60_000),
    };
    const size = Buffer.byteLength(JSON.stringify(body));
    expect(size).toBeGreaterThan(600 * 1024);
    expect(size).toBeLessThan(MB);
    const res = await svc.call('POST', '/companies/1/invoices', body);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    const read = await svc.call('GET', `/companies/1/invoices/${res.body.id}`);
    expect(read.body.data.positions).toHaveLength(500);
  });

  it('answers a declared 600 MB JSON body with 413 before a byte of it is sent', async () => {
    for (const contentType of ['application/json', 'application/x-www-form-urlencoded']) {
      const res = await send('/companies/1/tags', { contentType, declared: 600 * MB });
      expect(res).toEqual({ status: 413, body: { message: JSON_TOO_BIG }, sent: 0 });
    }
  });

  it('counts a chunked JSON body while it streams and stops reading past 1 MB', async () => {
    const res = await send('/companies/1/tags', {
      contentType: 'application/json',
      head: '{"name":"strom","color":"blue","pad":"',
      fill: 64 * 1024,
      total: 600 * MB,
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: JSON_TOO_BIG });
    // answered long before the 600 MB were through: the service did not read them
    expect(res.sent).toBeLessThan(100 * MB);
  });
});

describe('multipart bodies: the file limit plus a margin', () => {
  it('answers a declared 600 MB upload with 413 before the body is sent, on every upload route', async () => {
    const paths = [
      '/companies/1/entries',
      '/companies/1/customers/import',
      '/companies/1/times/import',
      '/companies/1/entries/import/camt-upload',
      '/companies/1/import-entries/upload-camt',
    ];
    for (const path of paths) {
      const res = await send(path, { contentType: MULTIPART, declared: 600 * MB });
      expect([path, res]).toEqual([
        path,
        {
          status: 413,
          body: { message: expect.stringMatching(/^The request body must not be greater than \d+ kilobytes\.$/) },
          sent: 0,
        },
      ]);
    }
    // the receipt routes: 6 MB + 10 MB; the bank statements: 50 MB + 10 MB
    expect((await send('/companies/1/entries', { contentType: MULTIPART, declared: 16 * MB + 1 })).body.message).toBe(
      MULTIPART_TOO_BIG,
    );
    expect(
      (await send('/companies/1/entries/import/camt-upload', { contentType: MULTIPART, declared: 60 * MB + 1 })).body
        .message,
    ).toBe('The request body must not be greater than 61440 kilobytes.');
  });

  it(
    "keeps the receipt's 422 on file up to 16 MB, declared or chunked; a chunked upload beyond is a 413, not read " +
      'past the limit',
    async () => {
      const entries = count('entries');
      const TOO_BIG = {
        message: 'The file field must not be greater than 6144 kilobytes.',
        errors: { file: ['The file field must not be greater than 6144 kilobytes.'] },
      };
      const declared = await form('/companies/1/entries', {
        ...booking(),
        file: [new Blob([new Uint8Array(12 * MB)]), 'gross.pdf'],
      });
      expect(declared).toEqual({ status: 422, body: TOO_BIG });
      const chunked = await send('/companies/1/entries', {
        contentType: MULTIPART,
        head: multipartHead(booking(), 'file', 'gross.pdf'),
        fill: 64 * 1024,
        total: 12 * MB,
      });
      expect(chunked).toMatchObject({ status: 422, body: TOO_BIG });
      const endless = await send('/companies/1/entries', {
        contentType: MULTIPART,
        head: multipartHead(booking(), 'file', 'endlos.pdf'),
        fill: 64 * 1024,
        total: 600 * MB,
      });
      expect(endless).toMatchObject({ status: 413, body: { message: MULTIPART_TOO_BIG } });
      expect(endless.sent).toBeLessThan(100 * MB);
      expect(count('entries')).toBe(entries);
    },
  );

  it('stores a receipt uploaded chunked within the limits, as one declared', async () => {
    const pdf = `%PDF-1.4\n${'x'.repeat(2 * MB)}`;
    const head = multipartHead(booking(), 'file', 'chunked.pdf');
    const res = await send('/companies/1/entries', {
      contentType: MULTIPART,
      head: `${head}${pdf}\r\n--${BOUNDARY}--\r\n`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const file = one(
      svc.server.db,
      'SELECT name, size FROM files WHERE id = (SELECT file_id FROM entries WHERE id = ?)',
      res.body.data.id,
    );
    expect(file).toEqual({ name: 'chunked.pdf', size: Buffer.byteLength(pdf) });
  });

  it('does not blame a big text field on /entries on the file: 413, declared or chunked', async () => {
    const entries = count('entries');
    const declared = await form('/companies/1/entries', { ...booking(), description: 'd'.repeat(8 * MB) });
    expect(declared).toEqual({
      status: 413,
      body: { message: 'The request body must not be greater than 7168 kilobytes.' },
    });
    const withFile = await form('/companies/1/entries', {
      file: [new Blob(['%PDF-1.4']), 'klein.pdf'],
      ...booking(),
      description: 'd'.repeat(8 * MB),
    });
    expect(withFile.status).toBe(413);
    const chunked = await send('/companies/1/entries', {
      contentType: MULTIPART,
      head: multipartHead(booking(), 'description'),
      fill: 64 * 1024,
      total: 12 * MB,
    });
    expect(chunked).toMatchObject({
      status: 413,
      body: { message: 'The request body must not be greater than 7168 kilobytes.' },
    });
    // a text field that fits the body is the field's own 422
    const long = await form('/companies/1/entries', { ...booking(), description: 'd'.repeat(2 * MB) });
    expect(long.status).toBe(422);
    expect(Object.keys(long.body.errors)).toEqual(['description']);
    expect(count('entries')).toBe(entries);
  });

  it('refuses a chunked upload to a route without a file limit of its own at 16 MB, unread beyond', async () => {
    const res = await send('/companies/1/customers/import', {
      contentType: MULTIPART,
      head: multipartHead({}, 'file', 'kunden.csv'),
      fill: 64 * 1024,
      total: 600 * MB,
    });
    expect(res).toMatchObject({ status: 413, body: { message: MULTIPART_TOO_BIG } });
    expect(res.sent).toBeLessThan(100 * MB);
  });

  it('lets a bank statement of 20 MB through to the statement reader', async () => {
    for (const path of ['/companies/1/entries/import/camt-upload', '/companies/1/import-entries/upload-camt']) {
      const res = await form(path, { file: [new Blob([new Uint8Array(20 * MB).fill(65)]), 'auszug.xml'] });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['file']);
      expect(res.body.errors.file[0]).not.toMatch(/kilobytes/);
    }
  });
});
