// The public link of a proposal over HTTP: sharing through PUT (the token rules), the page, its PDF,
// accept and decline with their 303, activities and status; 404 for unknown, disabled and invoice
// tokens (naming nothing), 409 for decided, expired and confirmed proposals (saying why), 422 for a
// missing name; 402 while the company's subscription is expired, as the API answers; 403 for an answer
// posted from another site (Origin, else Referer); the security headers on every answer, the rate limit
// per IP, other methods; and HTML sent through positions, remarks, the customer's name and the answer's
// name and comment, escaped.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addCompany, setCompany } from '../../src/server/main.js';
import { all, one, run, timestamp } from '../../src/server/store/db.js';
import { dotted, wallClock } from '../../src/server/domain/time.js';
import { readPdf } from '../helpers/pdf.js';
import { startTestService, taxRateId, type TestService } from '../helpers/service.js';
import { EXAMPLE_CREDITOR, EXAMPLE_POSITIONS, EXAMPLE_SHARED_PROPOSAL } from '../fixtures/documents.js';

let svc: TestService;
const db = () => svc.server.db;
const ids: Record<string, number> = {};

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'";

beforeAll(async () => {
  svc = await startTestService();
  setCompany(db(), 1, EXAMPLE_CREDITOR);
  ids.mwst = taxRateId(svc, 1, 'MWST 8.1 %');
  const customer = await svc.call('POST', '/companies/1/customers', {
    name: 'Muster AG',
    number: 1001,
    street: 'Seestrasse 4',
    zip: '8002',
    city: 'Zürich',
  });
  ids.customer = customer.body.data.id;
});
afterAll(async () => {
  await svc?.close();
});

interface Proposal {
  id: number;
  number: string;
  token: string;
  url: string;
  path: string;
}

/** A proposal of the hand-checked example (2'825.37 with VAT, no rounding), shared unless told. */
async function proposal(body: Record<string, unknown> = {}, company = 1, customerId = ids.customer): Promise<Proposal> {
  const created = await svc.call('POST', `/companies/${company}/proposals`, {
    ...EXAMPLE_SHARED_PROPOSAL,
    customer_id: customerId,
    tax_rate_id: company === 1 ? ids.mwst : null,
    ...body,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const doc = (await svc.call('GET', `/companies/${company}/proposals/${created.body.id}`)).body.data;
  const path = `/share/proposals/${doc.share_token}`;
  return { id: doc.id, number: doc.number, token: doc.share_token, path, url: svc.origin + path };
}

interface Page {
  status: number;
  headers: Headers;
  html: string;
}

async function open(url: string, init: RequestInit = {}): Promise<Page> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, html: await res.text() };
}
/** An answer posted as the page's own form posts it: with the page's origin as Origin. */
const answer = (
  url: string,
  which: 'accept' | 'decline',
  fields: Record<string, string>,
  headers: Record<string, string> = { Origin: new URL(url).origin },
) => open(`${url}/${which}`, { method: 'POST', body: new URLSearchParams(fields), headers });

/**
 * An answer sent through node:http, which (unlike fetch) sends the Host header it is given, as a proxy in front would.
 */
function answerVia(
  url: string,
  which: 'accept' | 'decline',
  fields: Record<string, string>,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = new URLSearchParams(fields).toString();
    const req = request(
      `${url}/${which}`,
      { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const status = (id: number) => String(one(db(), 'SELECT status FROM proposals WHERE id = ?', id)!.status);
const activities = (id: number) =>
  all(
    db(),
    "SELECT message, color, created_at FROM activities WHERE document_type = 'proposal' AND document_id = ? " +
      'ORDER BY id',
    id,
  ).map((r) => ({ message: String(r.message), color: r.color, created_at: String(r.created_at) }));
const messages = (id: number) => activities(id).map((a) => a.message);
/** The day an activity shows on the page: its instant in Zurich, dd.mm.yyyy. */
const dayOf = (createdAt: string) => dotted(wallClock(new Date(createdAt), 'Europe/Zurich').date);
/** The page's text without tags, white space collapsed (entities left as they are). */
const text = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

function expectShareHeaders(page: Page): void {
  expect(page.headers.get('content-security-policy')).toBe(CSP);
  expect(page.headers.get('referrer-policy')).toBe('same-origin');
  expect(page.headers.get('x-robots-tag')).toBe('noindex');
  expect(page.headers.get('cache-control')).toBe('no-store');
}

describe('sharing through PUT /proposals/{id}', () => {
  test(
    'is_shared true makes a 32-character URL-safe token, kept on the next true; false clears it; sharing again is ' +
      'a new link',
    async () => {
      const created = await svc.call('POST', '/companies/1/proposals', {
        customer_id: ids.customer,
        positions: EXAMPLE_POSITIONS,
      });
      const id = created.body.id;
      expect((await svc.call('GET', `/companies/1/proposals/${id}`)).body.data).toMatchObject({
        is_shared: false,
        share_token: null,
      });

      const on = (await svc.call('PUT', `/companies/1/proposals/${id}`, { is_shared: true })).body.data;
      expect(on.is_shared).toBe(true);
      expect(on.share_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const again = (await svc.call('PUT', `/companies/1/proposals/${id}`, { is_shared: true })).body.data;
      expect(again.share_token).toBe(on.share_token);
      expect((await open(`${svc.origin}/share/proposals/${on.share_token}`)).status).toBe(200);

      const off = (await svc.call('PUT', `/companies/1/proposals/${id}`, { is_shared: false })).body.data;
      expect(off).toMatchObject({ is_shared: false, share_token: null });
      expect((await open(`${svc.origin}/share/proposals/${on.share_token}`)).status).toBe(404);

      const anew = (await svc.call('PUT', `/companies/1/proposals/${id}`, { is_shared: true })).body.data;
      expect(anew.share_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(anew.share_token).not.toBe(on.share_token);
      expect((await open(`${svc.origin}/share/proposals/${on.share_token}`)).status).toBe(404);
      expect((await open(`${svc.origin}/share/proposals/${anew.share_token}`)).status).toBe(200);

      const listed = await svc.call('GET', `/companies/1/proposals?filter[is_shared]=true&filter[id]=${id}`);
      expect(listed.body.data.map((d: { id: number }) => d.id)).toEqual([id]);
      await svc.call('PUT', `/companies/1/proposals/${id}`, { is_shared: false });
      expect(
        (await svc.call('GET', `/companies/1/proposals?filter[is_shared]=true&filter[id]=${id}`)).body.data,
      ).toEqual([]);
    },
  );
});

describe('the page', () => {
  test(
    'the proposal as on the PDF: letterhead, customer address, facts, positions, collection, discounts, VAT, ' +
      'total, remarks, forms',
    async () => {
      const p = await proposal();
      const page = await open(p.url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expectShareHeaders(page);
      const t = text(page.html);
      expect(page.html).toMatch(/^<!doctype html>\n<html lang="de">/);
      expect(t).toContain('Atelier Muster GmbH Bahnhofstrasse 12 8001 Zürich');
      expect(t).toContain('Muster AG Seestrasse 4 8002 Zürich');
      expect(t).toContain(`Nummer ${p.number} Datum`);
      expect(t).toContain('Kundennummer 1001 Gültig bis 31.12.2099');
      expect(t).toContain('Website Relaunch');
      expect(t).toContain('Beschreibung Menge Einheit Preis Betrag CHF');
      expect(t).toContain("Konzept und Design 12.5 h 150.00 1'875.00");
      expect(t).toContain('Umsetzung 3 h 120.00 360.00');
      expect(t).toContain("Zwischentotal Website 2'235.00");
      expect(t).toContain('Hosting 2026 Rabatt 10 % 1 480.00 432.00');
      expect(t).toContain('Zahlbar innert 30 Tagen');
      expect(t).toContain(
        "Zwischentotal 2'667.00 Rabatt 2 % -53.34 Total exkl. MWST 2'613.66 MWST 8.1 % auf CHF 2'613.66 211.71 " +
          "Total CHF 2'825.37",
      );
      expect(page.html).toContain('<p class="remarks wrap">Preise in CHF.\nLieferfrist: 6 Wochen.</p>');
      expect(t).toContain('Ihre Antwort');
      expect(page.html).toContain(`<form class="accept" method="post" action="${p.path}/accept#answer">`);
      expect(page.html).toContain(`<form class="decline" method="post" action="${p.path}/decline#answer">`);
      expect(page.html).toContain(`<a href="${p.path}/pdf">Als PDF herunterladen</a>`);
      // no script, and nothing from elsewhere: no absolute URL at all
      expect(page.html).not.toMatch(/<script|\bon\w+=|https?:|\/\//i);
    },
  );

  test("in the proposal's language: en, fr, it", async () => {
    const expected = {
      en: [
        'Valid until 31.12.2099',
        'Subtotal Website',
        "VAT 8.1 % on CHF 2'613.66 211.71",
        "Total CHF 2'825.37",
        'Accept proposal',
        'Decline proposal',
        'Download as PDF',
      ],
      fr: [
        'Valable jusqu’au 31.12.2099',
        'Sous-total Website',
        'Total hors TVA',
        "TVA 8.1 % sur CHF 2'613.66 211.71",
        'Accepter l’offre',
        'Refuser l’offre',
        'Votre nom',
        'Télécharger en PDF',
      ],
      it: [
        'Valido fino al 31.12.2099',
        'Subtotale Website',
        "IVA 8.1 % su CHF 2'613.66 211.71",
        "Totale CHF 2'825.37",
        'Accettare l’offerta',
        'Il suo nome',
        'Scarica in PDF',
      ],
    };
    for (const [lang, words] of Object.entries(expected)) {
      const p = await proposal({ lang });
      const page = await open(p.url);
      expect(page.html).toContain(`<html lang="${lang}">`);
      for (const w of words) expect(text(page.html), `${lang}: ${w}`).toContain(w);
    }
  });

  test("the company's UID for VAT, with the suffix of the proposal's language, among the facts", async () => {
    setCompany(db(), 1, { vatNumber: 'CHE-123.456.788' });
    try {
      for (const [lang, uid] of [
        ['de', 'MWST-Nr. CHE-123.456.788 MWST'],
        ['fr', 'N° TVA CHE-123.456.788 TVA'],
        ['it', 'N. IVA CHE-123.456.788 IVA'],
        ['en', 'VAT no. CHE-123.456.788 VAT'],
      ]) {
        const page = await open((await proposal({ lang })).url);
        expect(text(page.html), lang).toContain(uid);
      }
    } finally {
      setCompany(db(), 1, { vatNumber: 'none' });
    }
  });

  test('a view is recorded at most once an hour; HEAD records none', async () => {
    const p = await proposal();
    const viewed = () => messages(p.id).filter((m) => m === 'Viewed through the public link').length;
    expect(viewed()).toBe(0);
    expect((await open(p.url, { method: 'HEAD' })).status).toBe(200);
    expect(viewed()).toBe(0);
    await open(p.url);
    await open(p.url);
    expect(viewed()).toBe(1);
    // the view an hour and a minute ago: the next look counts again
    run(
      db(),
      "UPDATE activities SET created_at = ? WHERE document_type = 'proposal' AND document_id = ? " +
        "AND message = 'Viewed through the public link'",
      timestamp(new Date(Date.now() - 61 * 60 * 1000)),
      p.id,
    );
    await open(p.url);
    expect(viewed()).toBe(2);
    const api = await svc.call('GET', `/companies/1/proposals/${p.id}/activities`);
    expect(Object.values(api.body).filter((a: any) => a.message === 'Viewed through the public link')).toHaveLength(2);
  });

  test("the PDF: the proposal's own, inline, with the headers", async () => {
    const p = await proposal();
    const res = await fetch(`${p.url}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${p.number}.pdf"`);
    expectShareHeaders({ status: res.status, headers: res.headers, html: '' });
    const pdf = readPdf(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.text[0]).toContain(p.number);
    expect(pdf.text[0]).toContain('Website Relaunch');
    expect(pdf.text[0]).toContain("2'825.37");
  });
});

describe('accept and decline', () => {
  test(
    'accept: 303 back to the page, accepted at once, the activity names the customer and keeps the comment; the ' +
      'page shows the outcome',
    async () => {
      const p = await proposal();
      await svc.call('GET', `/companies/1/proposals/${p.id}/mark-as?status=sent`);
      const res = await answer(p.url, 'accept', { name: '  Anna   Muster ', comment: 'Gerne so.\r\nStart im Mai.' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(p.path);
      expectShareHeaders(res);
      expect(status(p.id)).toBe('accepted');
      const last = activities(p.id).at(-1)!;
      expect(last).toMatchObject({
        message: 'Accepted by the customer (Anna Muster)\nGerne so.\nStart im Mai.',
        color: 'green',
      });
      const api = await svc.call('GET', `/companies/1/proposals/${p.id}`);
      expect(api.body.data.status).toBe('accepted');

      const page = await open(p.url);
      expect(page.status).toBe(200);
      expect(text(page.html)).toContain(`Angenommen am ${dayOf(last.created_at)} von Anna Muster`);
      expect(page.html).toContain('<blockquote>Gerne so.\nStart im Mai.</blockquote>');
      expect(text(page.html)).toContain('Vielen Dank für Ihren Auftrag.');
      expect(page.html).not.toContain('<form');
    },
  );

  test('decline from open: declined, the activity with the comment, the page says so', async () => {
    const p = await proposal({ lang: 'fr' });
    const res = await answer(p.url, 'decline', { name: 'Jean Dupont', comment: 'Trop cher.' });
    expect(res.status).toBe(303);
    expect(status(p.id)).toBe('declined');
    const last = activities(p.id).at(-1)!;
    expect(last).toMatchObject({ message: 'Declined by the customer (Jean Dupont)\nTrop cher.', color: 'orange' });
    const page = await open(p.url);
    expect(text(page.html)).toContain(`Refusée le ${dayOf(last.created_at)} par Jean Dupont`);
    expect(page.html).toContain('<blockquote>Trop cher.</blockquote>');
    expect(page.html).not.toContain('<form');
  });

  test('a decided proposal: 409 saying why, nothing changes', async () => {
    const p = await proposal();
    expect((await answer(p.url, 'accept', { name: 'Anna Muster' })).status).toBe(303);
    const before = messages(p.id).length;
    for (const which of ['accept', 'decline'] as const) {
      const res = await answer(p.url, which, { name: 'Someone Else', comment: 'late' });
      expect(res.status).toBe(409);
      expectShareHeaders(res);
      expect(text(res.html)).toContain('Ihre Antwort wurde nicht übernommen. Diese Offerte wurde bereits angenommen.');
      expect(text(res.html)).toContain('von Anna Muster');
      expect(res.html).not.toContain('<form');
    }
    expect(status(p.id)).toBe('accepted');
    expect(messages(p.id)).toHaveLength(before);

    const declined = await proposal({ lang: 'en' });
    await answer(declined.url, 'decline', { name: 'Bob' });
    const again = await answer(declined.url, 'accept', { name: 'Bob' });
    expect(again.status).toBe(409);
    expect(text(again.html)).toContain('Your answer was not recorded. This proposal has already been declined.');
    expect(status(declined.id)).toBe('declined');
  });

  test('an order confirmation: 409; the page says it became one', async () => {
    const p = await proposal();
    await answer(p.url, 'accept', { name: 'Anna Muster' });
    await svc.call('GET', `/companies/1/proposals/${p.id}/mark-as?status=confirmation`);
    const res = await answer(p.url, 'accept', { name: 'Anna Muster' });
    expect(res.status).toBe(409);
    expect(text(res.html)).toContain('Diese Offerte ist bereits eine Auftragsbestätigung.');
    const page = await open(p.url);
    expect(text(page.html)).toContain('Auftragsbestätigung');
    expect(text(page.html)).toContain('von Anna Muster');
    expect(text(page.html)).toContain('Aus dieser Offerte ist eine Auftragsbestätigung geworden.');
    expect(status(p.id)).toBe('confirmation');
  });

  test('an expired proposal: the page says until when it was valid, no forms; accept and decline are 409', async () => {
    const p = await proposal({ date: '2020-01-01', valid_until: '2020-01-15' });
    const page = await open(p.url);
    expect(page.status).toBe(200);
    expect(text(page.html)).toContain(
      'Diese Offerte war gültig bis 15.01.2020 und kann hier nicht mehr angenommen werden. Bitte wenden Sie ' +
        'sich an Atelier Muster GmbH.',
    );
    expect(page.html).not.toContain('<form');
    for (const which of ['accept', 'decline'] as const) {
      const res = await answer(p.url, which, { name: 'Anna Muster' });
      expect(res.status).toBe(409);
      expect(text(res.html)).toContain('Ihre Antwort wurde nicht übernommen.');
      expect(text(res.html)).toContain('gültig bis 15.01.2020');
    }
    expect(status(p.id)).toBe('open');
    expect(messages(p.id).filter((m) => m.includes('by the customer'))).toEqual([]);
  });

  test('marked by the bookkeeper: the outcome without a name; reopened: the forms again', async () => {
    const p = await proposal();
    await svc.call('GET', `/companies/1/proposals/${p.id}/mark-as?status=sent`);
    await svc.call('GET', `/companies/1/proposals/${p.id}/mark-as?status=declined`);
    const declined = await open(p.url);
    const marked = activities(p.id).find((a) => a.message === 'Marked as declined')!;
    expect(text(declined.html)).toContain(`Abgelehnt am ${dayOf(marked.created_at)}`);
    expect(text(declined.html)).not.toContain(' von ');
    await svc.call('GET', `/companies/1/proposals/${p.id}/mark-as?status=open`);
    const reopened = await open(p.url);
    expect(reopened.html).toContain('<form class="accept"');
    expect((await answer(p.url, 'accept', { name: 'Anna Muster' })).status).toBe(303);
    expect(status(p.id)).toBe('accepted');
  });

  test('a missing or too long name, a too long comment: the page again, 422 and message, nothing changes', async () => {
    const p = await proposal();
    const before = messages(p.id).length;
    const empty = await answer(p.url, 'accept', { name: '  \n ', comment: 'Bitte im Mai' });
    expect(empty.status).toBe(422);
    expectShareHeaders(empty);
    expect(empty.html).toContain('<p class="error" id="accept-name-error">Bitte geben Sie Ihren Namen an.</p>');
    expect(empty.html).toContain('aria-invalid="true"');
    expect(empty.html).toContain('>Bitte im Mai</textarea>');
    expect(empty.html).toContain('<form class="decline"');

    const missing = await open(`${p.url}/decline`, { method: 'POST', headers: { Origin: svc.origin } });
    expect(missing.status).toBe(422);
    expect(missing.html).toContain('<p class="error" id="decline-name-error">Bitte geben Sie Ihren Namen an.</p>');

    const long = await answer(p.url, 'decline', { name: 'x'.repeat(256), comment: 'y'.repeat(5001) });
    expect(long.status).toBe(422);
    expect(long.html).toContain('<p class="error" id="decline-name-error">Höchstens 255 Zeichen.</p>');
    expect(long.html).toContain('<p class="error" id="decline-comment-error">Höchstens 5000 Zeichen.</p>');
    expect(status(p.id)).toBe('open');
    expect(messages(p.id)).toHaveLength(before);

    const en = await proposal({ lang: 'en' });
    expect(text((await answer(en.url, 'accept', { name: '' })).html)).toContain('Please enter your name.');
  });

  test('GET on accept or decline leads back to the page (303)', async () => {
    const p = await proposal();
    for (const which of ['accept', 'decline']) {
      const res = await open(`${p.url}/${which}`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(p.path);
    }
    expect(status(p.id)).toBe('open');
  });
});

describe('links that lead nowhere', () => {
  const nothing = (page: Page) => {
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expectShareHeaders(page);
    expect(text(page.html)).toContain('Dieser Link ist nicht gültig. This link is not valid.');
    expect(page.html).not.toMatch(/Atelier|Muster|O-\d{4}|Offerte|CHF/);
  };

  test('an unknown token, a malformed one, paths under /share that are no link: 404 pages naming nothing', async () => {
    for (const path of [
      '/share/proposals/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/share/proposals/short',
      '/share/proposals/%3Cscript%3E',
      '/share/invoices/x',
      '/share',
    ]) {
      nothing(await open(svc.origin + path));
    }
    nothing(await open(`${svc.origin}/share/proposals/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/pdf`));
    nothing(await answer(`${svc.origin}/share/proposals/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, 'accept', { name: 'Anna' }));
  });

  test('a disabled link: page, PDF, accept and decline are 404 and nothing changes', async () => {
    const p = await proposal();
    await svc.call('PUT', `/companies/1/proposals/${p.id}`, { is_shared: false });
    nothing(await open(p.url));
    nothing(await open(`${p.url}/pdf`));
    nothing(await answer(p.url, 'accept', { name: 'Anna' }));
    nothing(await answer(p.url, 'decline', { name: 'Anna' }));
    expect(status(p.id)).toBe('open');
    expect(messages(p.id).filter((m) => m.includes('public link') || m.includes('by the customer'))).toEqual([]);
  });

  test("a shared invoice's token opens no proposal page", async () => {
    const invoice = await svc.call('POST', '/companies/1/invoices', {
      customer_id: ids.customer,
      positions: EXAMPLE_POSITIONS,
      is_shared: true,
    });
    const token = (await svc.call('GET', `/companies/1/invoices/${invoice.body.id}`)).body.data.share_token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    nothing(await open(`${svc.origin}/share/proposals/${token}`));
  });

  test('each token shows its own proposal only, even of another company; an answer moves only that one', async () => {
    const other = addCompany(db(), 'Konkurrenz AG', 1);
    setCompany(db(), other, {
      creditorName: 'Konkurrenz AG',
      creditorStreet: 'Hauptgasse',
      creditorBuilding: '1',
      creditorZip: '3000',
      creditorCity: 'Bern',
    });
    const theirCustomer = (
      await svc.call('POST', `/companies/${other}/customers`, { name: 'Beta GmbH', city: 'Bern', zip: '3001' })
    ).body.data.id;
    const ours = await proposal({ title: 'Unser Angebot' });
    const theirs = await proposal(
      { title: 'Ihr Angebot', positions: [{ description: 'Beratung Bern', amount: 2, price: 200 }] },
      other,
      theirCustomer,
    );
    const ourPage = text((await open(ours.url)).html);
    const theirPage = text((await open(theirs.url)).html);
    expect(ourPage).toContain('Unser Angebot');
    expect(ourPage).not.toMatch(/Konkurrenz|Beta GmbH|Ihr Angebot|Beratung Bern/);
    expect(theirPage).toContain('Konkurrenz AG');
    expect(theirPage).toContain('Beta GmbH');
    expect(theirPage).toContain('Beratung Bern 2 200.00 400.00');
    expect(theirPage).not.toMatch(/Atelier|Muster|Unser Angebot|Website/);
    expect((await answer(theirs.url, 'accept', { name: 'Beat' })).status).toBe(303);
    expect(status(theirs.id)).toBe('accepted');
    expect(status(ours.id)).toBe('open');
  });
});

describe("the company's subscription expired: 402, as the API answers", () => {
  /** A shared proposal of a company of its own (so expiring it touches no other test), sent to its customer. */
  async function ofOwnCompany(name: string, lang = 'de'): Promise<{ company: number; p: Proposal }> {
    const company = addCompany(db(), name, 1);
    setCompany(db(), company, {
      creditorName: name,
      creditorStreet: 'Hauptgasse',
      creditorBuilding: '1',
      creditorZip: '3000',
      creditorCity: 'Bern',
    });
    const customer = (
      await svc.call('POST', `/companies/${company}/customers`, { name: 'Beta GmbH', city: 'Bern', zip: '3001' })
    ).body.data.id;
    const p = await proposal({ lang }, company, customer);
    await svc.call('GET', `/companies/${company}/proposals/${p.id}/mark-as?status=sent`);
    return { company, p };
  }

  test(
    "the page is a 402 page in the proposal's language that shows nothing of the offer; the PDF is 402 too; no " +
      'view is recorded',
    async () => {
      const { company, p } = await ofOwnCompany('Abgelaufen AG');
      const seen = messages(p.id).length;
      setCompany(db(), company, { subscriptionExpired: 'on' });
      const page = await open(p.url);
      expect(page.status).toBe(402);
      expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expectShareHeaders(page);
      expect(page.html).toMatch(/^<!doctype html>\n<html lang="de">/);
      expect(text(page.html)).toContain(
        'Diese Offerte ist zurzeit nicht verfügbar. Bitte wenden Sie sich an Abgelaufen AG.',
      );
      expect(page.html).not.toMatch(/<form|Beta GmbH|O-\d{4}|CHF|2'825\.37/);
      expect((await open(p.url, { method: 'HEAD' })).status).toBe(402);
      const pdf = await open(`${p.url}/pdf`);
      expect(pdf.status).toBe(402);
      expect(pdf.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expect(messages(p.id)).toHaveLength(seen);
      // the API says the same
      expect((await svc.call('GET', `/companies/${company}/proposals/${p.id}`)).status).toBe(402);

      const en = await ofOwnCompany('Lapsed Ltd', 'en');
      setCompany(db(), en.company, { subscriptionExpired: 'on' });
      expect(text((await open(en.p.url)).html)).toContain(
        'This proposal is not available at the moment. Please get in touch with Lapsed Ltd.',
      );
    },
  );

  test('accept and decline are 402 and change nothing; switched back on, the link works again', async () => {
    const { company, p } = await ofOwnCompany('Ruhend AG');
    setCompany(db(), company, { subscriptionExpired: 'on' });
    const before = messages(p.id);
    for (const which of ['accept', 'decline'] as const) {
      const res = await answer(p.url, which, { name: 'Anna Muster' });
      expect(res.status, which).toBe(402);
      expectShareHeaders(res);
      expect(text(res.html)).toContain('Diese Offerte ist zurzeit nicht verfügbar.');
    }
    // an empty form is not told about its name either
    expect((await answer(p.url, 'accept', {})).status).toBe(402);
    expect(status(p.id)).toBe('sent');
    expect(messages(p.id)).toEqual(before);

    setCompany(db(), company, { subscriptionExpired: 'off' });
    expect((await open(p.url)).status).toBe(200);
    expect((await answer(p.url, 'accept', { name: 'Anna Muster' })).status).toBe(303);
    expect(status(p.id)).toBe('accepted');
  });
});

describe('answers from another site: 403', () => {
  const refused = (page: Page) => {
    expect(page.status).toBe(403);
    expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expectShareHeaders(page);
    expect(text(page.html)).toContain("This answer can only be given on the proposal's own page.");
  };

  test('an Origin of another site, or null, is refused and nothing changes', async () => {
    const p = await proposal();
    const host = new URL(svc.origin).host;
    for (const origin of [
      'https://evil.example',
      'null',
      `http://${host}.evil.example`,
      `http://evil.example:${new URL(svc.origin).port}`,
      'http://127.0.0.2:1',
      'not a url',
    ]) {
      for (const which of ['accept', 'decline'] as const)
        refused(await answer(p.url, which, { name: 'Mallory' }, { Origin: origin }));
    }
    // another port of the same host is another site
    refused(
      await answer(
        p.url,
        'accept',
        { name: 'Mallory' },
        { Origin: `http://127.0.0.1:${Number(new URL(svc.origin).port) === 1 ? 2 : 1}` },
      ),
    );
    expect(status(p.id)).toBe('open');
    expect(messages(p.id).filter((m) => m.includes('by the customer'))).toEqual([]);
  });

  test('without Origin the Referer decides: another site is refused, this one is taken', async () => {
    const p = await proposal();
    refused(await answer(p.url, 'accept', { name: 'Mallory' }, { Referer: 'https://evil.example/offer.html' }));
    refused(await answer(p.url, 'accept', { name: 'Mallory' }, { Referer: 'garbage' }));
    expect(status(p.id)).toBe('open');
    expect((await answer(p.url, 'accept', { name: 'Anna Muster' }, { Referer: p.url })).status).toBe(303);
    expect(status(p.id)).toBe('accepted');
  });

  test('Origin wins over a Referer of this site', async () => {
    const p = await proposal();
    refused(await answer(p.url, 'decline', { name: 'Mallory' }, { Origin: 'https://evil.example', Referer: p.url }));
    expect(status(p.id)).toBe('open');
  });

  test(
    "this site's origin is taken (200 path: 303 and the page); behind a proxy the host decides, " + 'not the scheme',
    async () => {
      const p = await proposal();
      const res = await answer(p.url, 'accept', { name: 'Anna Muster' });
      expect(res.status).toBe(303);
      const page = await open(p.url);
      expect(page.status).toBe(200);
      expect(status(p.id)).toBe('accepted');

      // a TLS proxy that passes the Host on: the browser's origin is https://books.example.ch
      const proxied = await proposal();
      refused(await answer(proxied.url, 'accept', { name: 'Mallory' }, { Origin: 'https://books.example.ch' }));
      expect(
        await answerVia(
          proxied.url,
          'accept',
          { name: 'Anna Muster' },
          { Origin: 'https://books.example.ch', Host: 'books.example.ch' },
        ),
      ).toBe(303);
      expect(status(proxied.id)).toBe('accepted');
      // one that rewrites Host and says the original in X-Forwarded-Host
      const forwarded = await proposal();
      expect(
        await answerVia(
          forwarded.url,
          'decline',
          { name: 'Mallory' },
          { Origin: 'https://books.example.ch', Host: 'backend:8787' },
        ),
      ).toBe(403);
      expect(
        (
          await answer(
            forwarded.url,
            'decline',
            { name: 'Anna Muster' },
            { Origin: 'https://books.example.ch', 'X-Forwarded-Host': 'books.example.ch' },
          )
        ).status,
      ).toBe(303);
      expect(status(forwarded.id)).toBe('declined');
    },
  );

  test('a POST with neither Origin nor Referer (no browser sends one) is taken', async () => {
    const p = await proposal();
    expect((await answer(p.url, 'accept', { name: 'Anna Muster' }, {})).status).toBe(303);
    expect(status(p.id)).toBe('accepted');
  });
});

describe('headers, methods, the rate limit', () => {
  test('other methods: 405 with Allow, as a page with the headers', async () => {
    const p = await proposal();
    const put = await open(p.url, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD');
    expectShareHeaders(put);
    const del = await open(`${p.url}/accept`, { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(status(p.id)).toBe('open');
  });

  test('rate-limited per IP like the API: the limit and what is left, then a 429 page with Retry-After', async () => {
    const limited = await startTestService({ rateLimit: 3 });
    try {
      const created = await limited.call('POST', '/companies/1/proposals', {
        customer_id: (await limited.call('POST', '/companies/1/customers', { name: 'X' })).body.data.id,
        is_shared: true,
      });
      const token = (await limited.call('GET', `/companies/1/proposals/${created.body.id}`)).body.data.share_token;
      const url = `${limited.origin}/share/proposals/${token}`;
      const seen = [];
      for (let i = 0; i < 3; i++) {
        const page = await open(url);
        expect(page.status).toBe(200);
        seen.push([page.headers.get('x-ratelimit-limit'), page.headers.get('x-ratelimit-remaining')]);
      }
      expect(seen).toEqual([
        ['3', '2'],
        ['3', '1'],
        ['3', '0'],
      ]);
      const refused = await open(url);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expectShareHeaders(refused);
      expect(text(refused.html)).toContain('Too many requests.');
      expect((await open(`${url}/pdf`)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('HTML through every text the page shows is escaped', () => {
  test(
    "positions, collection, remarks, the title and the customer's name and address; then the answer's name and " +
      'comment',
    async () => {
      const evil = (
        await svc.call('POST', '/companies/1/customers', {
          name: '<script>alert("kunde")</script> & "Co"',
          street: '<img src=x onerror=alert(1)>',
          zip: '8000',
          city: 'Zürich',
        })
      ).body.data.id;
      const p = await proposal(
        {
          title: '<h1>Titel</h1>',
          remarks: '</p><script>alert("remarks")</script>',
          remarks_top: '<iframe src="https://evil.example">',
          positions: [
            {
              type: 'collection',
              title: '<b>Sammlung</b>',
              positions: [{ description: '<img src=x onerror=alert("pos")>', amount: 1, price: 10, unit: '<i>h</i>' }],
            },
            { type: 'text', text: '<a href="https://evil.example">klick</a>' },
          ],
        },
        1,
        evil,
      );
      const html = (await open(p.url)).html;
      expect(html).toContain('&lt;script&gt;alert(&quot;kunde&quot;)&lt;/script&gt; &amp; &quot;Co&quot;');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(html).toContain('&lt;h1&gt;Titel&lt;/h1&gt;');
      expect(html).toContain('&lt;/p&gt;&lt;script&gt;alert(&quot;remarks&quot;)&lt;/script&gt;');
      expect(html).toContain('&lt;iframe src=&quot;https://evil.example&quot;&gt;');
      expect(html).toContain('&lt;b&gt;Sammlung&lt;/b&gt;');
      expect(html).toContain('&lt;img src=x onerror=alert(&quot;pos&quot;)&gt;');
      expect(html).toContain('&lt;i&gt;h&lt;/i&gt;');
      expect(html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;klick&lt;/a&gt;');
      expect(html).not.toMatch(/<script|<img|<iframe|<b>|<i>|<a href="https|<h1>Titel/);

      const invalid = await answer(p.url, 'accept', { name: '', comment: '</textarea><script>alert("c")</script>' });
      expect(invalid.status).toBe(422);
      expect(invalid.html).toContain('&lt;/textarea&gt;&lt;script&gt;alert(&quot;c&quot;)&lt;/script&gt;</textarea>');
      expect(invalid.html).not.toMatch(/<script/);

      expect(
        (
          await answer(p.url, 'accept', {
            name: '<b onmouseover="x">Eve</b>',
            comment: '<script>alert("comment")</script>',
          })
        ).status,
      ).toBe(303);
      expect(activities(p.id).at(-1)!.message).toBe(
        'Accepted by the customer (<b onmouseover="x">Eve</b>)\n<script>alert("comment")</script>',
      );
      const after = (await open(p.url)).html;
      expect(after).toContain('von &lt;b onmouseover=&quot;x&quot;&gt;Eve&lt;/b&gt;');
      expect(after).toContain('<blockquote>&lt;script&gt;alert(&quot;comment&quot;)&lt;/script&gt;</blockquote>');
      expect(after).not.toMatch(/<script|<b /);
    },
  );
});
