// Signed file URLs against the running service: a receipt's `file.url` answers the bytes without a token
// for 15 minutes, PDF and images inline with their type, everything else as a download, never able to run
// a script; a tampered, foreign or expired signature answers 403; a deleted file 404; a file of a company
// whose subscription expired 402. Receipts live under `<data dir>/files/<company>/`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCompany } from '../../src/server/admin.js';
import { signingSecret } from '../../src/server/local-access.js';
import { one } from '../../src/server/store/db.js';
import { FILE_URL_TTL_SECONDS, fileSignature, verifyFileSignature } from '../../src/server/file-links.js';
import { isSignedFileRequest } from '../../src/server/routes/paths.js';
import { accountId, OWNER_TOKEN, startTestService, type TestService } from '../helpers/service.js';
import { retryOnStaleSocket } from './retry-on-reset.js';

let svc: TestService;
let entry: any;
const PDF = '%PDF-1.4\n% receipt Ä\n';

const acc = (number: number) => accountId(svc, 1, number);

async function upload(name: string, content: BlobPart, type?: string): Promise<any> {
  const f = new FormData();
  f.append('date', '2024-07-01');
  f.append('debit_account_id', String(acc(6500)));
  f.append('credit_account_id', String(acc(1020)));
  f.append('sum', '12.00');
  f.append('file', new Blob([content], type ? { type } : {}), name);
  const res = await fetch(`${svc.url}/companies/1/entries`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${OWNER_TOKEN}`, Accept: 'application/json' },
    body: f,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: any }).data;
}

/** The URL with its query parameters replaced. */
function withParams(url: string, params: Record<string, string | null>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) {
    if (v === null) u.searchParams.delete(k);
    else u.searchParams.set(k, v);
  }
  return u.toString();
}

async function fetchJson(url: string, init?: RequestInit): Promise<{ status: number; body: any }> {
  const res = await fetch(url, { headers: { Accept: 'application/json' }, ...init });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  svc = retryOnStaleSocket(await startTestService());
  entry = await upload('Quittung März.pdf', PDF, 'application/pdf');
});

afterAll(async () => {
  await svc?.close();
});

describe('GET {base}/files/{id}', () => {
  it('answers the bytes with the stored mime type, without a token', async () => {
    const url = new URL(entry.file.url);
    expect(url.origin).toBe(svc.origin);
    expect(url.pathname).toBe(`/api/v2/files/${entry.file.id}`);
    const expires = Number(url.searchParams.get('expires'));
    const now = Math.floor(Date.now() / 1000);
    expect(expires).toBeGreaterThanOrEqual(now + FILE_URL_TTL_SECONDS - 60);
    expect(expires).toBeLessThanOrEqual(now + FILE_URL_TTL_SECONDS + 1);
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    const res = await fetch(entry.file.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(PDF)));
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="Quittung M_rz.pdf"; filename*=UTF-8''${encodeURIComponent('Quittung März.pdf')}`,
    );
    expect(await res.text()).toBe(PDF);
  });

  it(
    'serves only PDF, PNG, JPEG, GIF and WebP inline; HTML, SVG and the rest as an application/octet-stream ' +
      'download',
    async () => {
      const cases: [string, string, string, string][] = [
        // name, declared type, served type, disposition
        ['scan.png', 'image/png', 'image/png', 'inline; filename="scan.png"; filename*=UTF-8\'\'scan.png'],
        ['foto.jpeg', 'image/jpeg', 'image/jpeg', 'inline; filename="foto.jpeg"; filename*=UTF-8\'\'foto.jpeg'],
        ['anim.gif', 'image/gif', 'image/gif', 'inline; filename="anim.gif"; filename*=UTF-8\'\'anim.gif'],
        ['bild.webp', 'image/webp', 'image/webp', 'inline; filename="bild.webp"; filename*=UTF-8\'\'bild.webp'],
        [
          'evil.html',
          'text/html',
          'application/octet-stream',
          'attachment; filename="evil.html"; filename*=UTF-8\'\'evil.html',
        ],
        [
          'logo.svg',
          'image/svg+xml',
          'application/octet-stream',
          'attachment; filename="logo.svg"; filename*=UTF-8\'\'logo.svg',
        ],
        [
          'notiz.txt',
          'text/plain',
          'application/octet-stream',
          'attachment; filename="notiz.txt"; filename*=UTF-8\'\'notiz.txt',
        ],
        [
          'daten.xml',
          'application/xml',
          'application/octet-stream',
          'attachment; filename="daten.xml"; filename*=UTF-8\'\'daten.xml',
        ],
        [
          'seite.xhtml',
          'application/xhtml+xml',
          'application/octet-stream',
          'attachment; filename="seite.xhtml"; filename*=UTF-8\'\'seite.xhtml',
        ],
        [
          "Rechnung (Kopie) O'Brien's Ä*.html",
          'text/html',
          'application/octet-stream',
          'attachment; filename="Rechnung (Kopie) O\'Brien\'s _*.html"; ' +
            "filename*=UTF-8''Rechnung%20%28Kopie%29%20O%27Brien%27s%20%C3%84%2A.html",
        ],
      ];
      for (const [name, declared, served, disposition] of cases) {
        const e = await upload(name, '<script>alert(document.cookie)</script>', declared);
        expect(e.file.mime).toBe(declared); // the record still says what was uploaded
        const res = await fetch(e.file.url);
        expect([name, res.status, res.headers.get('content-type'), res.headers.get('content-disposition')]).toEqual([
          name,
          200,
          served,
          disposition,
        ]);
        expect(await res.text()).toBe('<script>alert(document.cookie)</script>');
      }
    },
  );

  it('carries a sandboxing Content-Security-Policy and nosniff on every file answer', async () => {
    const html = await upload('x.html', '<h1>hi</h1>', 'text/html');
    for (const [url, method] of [
      [entry.file.url, 'GET'],
      [entry.file.url, 'HEAD'],
      [html.file.url, 'GET'],
      [html.file.url, 'HEAD'],
    ]) {
      const res = await fetch(url, { method });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers 402 for a file of a company whose subscription expired, and serves it again once renewed', async () => {
    setCompany(svc.server.db, 1, { subscriptionExpired: 'on' });
    try {
      expect(await fetchJson(entry.file.url)).toEqual({
        status: 402,
        body: { message: 'The subscription of this company has expired.' },
      });
      expect((await fetch(entry.file.url, { method: 'HEAD' })).status).toBe(402);
    } finally {
      setCompany(svc.server.db, 1, { subscriptionExpired: 'off' });
    }
    expect((await fetch(entry.file.url)).status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(entry.file.url, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await res.text()).toBe('');
  });

  it('ignores a token, even a wrong one: the signature is the authorisation', async () => {
    const res = await fetch(entry.file.url, { headers: { Authorization: 'Bearer nonsense' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(PDF);
  });

  it('answers 403 "Invalid signature." for a tampered signature, expires or id', async () => {
    const signature = new URL(entry.file.url).searchParams.get('signature')!;
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    const cases = [
      withParams(entry.file.url, { signature: flipped }),
      withParams(entry.file.url, {
        signature: signature.toUpperCase().replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A')),
      }),
      withParams(entry.file.url, { expires: String(Number(new URL(entry.file.url).searchParams.get('expires')) + 1) }),
      withParams(entry.file.url, { signature: null }),
      withParams(entry.file.url, { expires: null }),
      withParams(entry.file.url, { signature: 'abc' }),
      withParams(entry.file.url, { expires: 'soon' }),
      entry.file.url.replace(`/files/${entry.file.id}?`, `/files/${entry.file.id + 1}?`),
      entry.file.url.replace(`/files/${entry.file.id}?`, '/files/abc?'),
    ];
    for (const url of cases) {
      const res = await fetchJson(url);
      expect([url, res.status, res.body]).toEqual([url, 403, { message: 'Invalid signature.' }]);
    }
  });

  it('answers 403 for an expired link, even with a correct signature', async () => {
    const secret = signingSecret(svc.server.db);
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = withParams(entry.file.url, {
      expires: String(past),
      signature: fileSignature(secret, entry.file.id, past),
    });
    expect(await fetchJson(expired)).toEqual({ status: 403, body: { message: 'Invalid signature.' } });
    // the same construction with a future time is valid: only the time differs
    const future = Math.floor(Date.now() / 1000) + 60;
    const fresh = withParams(entry.file.url, {
      expires: String(future),
      signature: fileSignature(secret, entry.file.id, future),
    });
    expect((await fetch(fresh)).status).toBe(200);
  });

  it('a signature for one file does not open another', async () => {
    const other = await upload('other.png', new Uint8Array([137, 80, 78, 71]), 'image/png');
    const u = new URL(other.file.url);
    const swapped = withParams(entry.file.url, {
      expires: u.searchParams.get('expires'),
      signature: u.searchParams.get('signature'),
    });
    expect((await fetchJson(swapped)).status).toBe(403);
    const res = await fetch(other.file.url);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
  });

  it('guesses the mime type from the name when the upload declares none', async () => {
    const e = await upload('scan.JPG', 'jpeg bytes');
    expect(e.file.mime).toBe('image/jpeg');
    expect((await fetch(e.file.url)).headers.get('content-type')).toBe('image/jpeg');
    const unknown = await upload('data.weird', 'x');
    expect(unknown.file.mime).toBe('application/octet-stream');
  });

  it('stores the bytes under files/<company>/ with mode 0600, answers 404 once the booking is deleted', async () => {
    const e = await upload('weg.txt', 'to be deleted', 'text/plain');
    const stored = one(svc.server.db, 'SELECT path, size, mime, company_id FROM files WHERE id = ?', e.file.id)!;
    expect(stored).toEqual({
      path: expect.stringMatching(/^files\/1\/[0-9a-f]{32}\.txt$/),
      size: 13,
      mime: 'text/plain',
      company_id: 1,
    });
    const path = join(svc.dataDir, stored.path);
    expect(readFileSync(path, 'utf8')).toBe('to be deleted');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(svc.dataDir, 'files')).mode & 0o777).toBe(0o700);
    expect((await svc.call('DELETE', `/companies/1/entries/${e.id}`)).status).toBe(204);
    expect(existsSync(path)).toBe(false);
    expect(await fetchJson(e.file.url)).toEqual({ status: 404, body: { message: 'File not found.' } });
  });

  it('other methods on the file path still need a token', async () => {
    const res = await fetchJson(entry.file.url, { method: 'POST' });
    expect(res.status).toBe(401);
    expect((await svc.call('POST', entry.file.url)).status).toBe(405);
  });

  it('a booking read again carries a freshly signed URL', async () => {
    const res = await svc.call('GET', `/companies/1/entries/${entry.id}`);
    expect(res.body.data.file).toEqual({
      id: entry.file.id,
      name: 'Quittung März.pdf',
      size: Buffer.byteLength(PDF),
      mime: 'application/pdf',
      url: expect.stringContaining(`/api/v2/files/${entry.file.id}?expires=`),
    });
    expect((await fetch(res.body.data.file.url)).status).toBe(200);
  });
});

describe('signing rules', () => {
  it('verifies only matching, unexpired signatures', () => {
    const now = new Date('2024-06-01T12:00:00Z');
    const t = Math.floor(now.getTime() / 1000);
    const sig = fileSignature('secret', 7, t + 900);
    expect(verifyFileSignature('secret', 7, String(t + 900), sig, now)).toBe(true);
    expect(verifyFileSignature('secret', 7, String(t + 900), sig, new Date((t + 900) * 1000))).toBe(true);
    expect(verifyFileSignature('secret', 7, String(t + 900), sig, new Date((t + 901) * 1000))).toBe(false);
    expect(verifyFileSignature('other', 7, String(t + 900), sig, now)).toBe(false);
    expect(verifyFileSignature('secret', 8, String(t + 900), sig, now)).toBe(false);
    expect(verifyFileSignature('secret', 7, undefined, sig, now)).toBe(false);
    expect(verifyFileSignature('secret', 7, String(t + 900), undefined, now)).toBe(false);
  });

  it('lets only GET and HEAD of the file path past authentication', () => {
    expect(isSignedFileRequest('GET', '/api/v2/files/12')).toBe(true);
    expect(isSignedFileRequest('HEAD', '/api/v2/files/12')).toBe(true);
    expect(isSignedFileRequest('POST', '/api/v2/files/12')).toBe(false);
    expect(isSignedFileRequest('GET', '/api/v2/files/12/x')).toBe(false);
    expect(isSignedFileRequest('GET', '/api/v2/companies/1/files/12')).toBe(false);
    expect(isSignedFileRequest('GET', '/api/v2/users/me')).toBe(false);
  });
});
