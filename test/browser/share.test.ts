// The public proposal page in a real headless Chromium (one browser for the file): the customer
// opens the shared link, reads the positions and the total, answers with a name and sees the outcome;
// the same on a phone 375 px wide, where nothing may reach past the screen's edge; and with
// JavaScript off, since the page is plain HTML forms; a form of another site that posts an answer to
// the link is refused. Then the whole story through the CLI: create,
// share, accepted in the browser, invoiced. ACCT_SHARE_SHOTS=/tmp/share-shots saves screenshots of
// the pages for a look by eye.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setCompany } from '../../src/server/main.js';
import { dotted, wallClock } from '../../src/server/domain/time.js';
import { acctAgainst, sandbox, type Sandbox } from '../helpers/cli.js';
import { launchBrowser } from '../helpers/browser.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { EXAMPLE_CREDITOR, EXAMPLE_POSITIONS, EXAMPLE_SHARED_PROPOSAL } from '../fixtures/documents.js';

let svc: TestService;
let browser: Browser;
let box: Sandbox;
const ids: Record<string, number> = {};

beforeAll(async () => {
  [svc, browser] = await Promise.all([startTestService(), launchBrowser()]);
  box = sandbox();
  setCompany(svc.server.db, 1, EXAMPLE_CREDITOR);
  ids.mwst = Number(
    (
      svc.server.db.prepare("SELECT id FROM tax_rates WHERE company_id = 1 AND name = 'MWST 8.1 %'").get() as {
        id: number;
      }
    ).id,
  );
  ids.customer = (
    await svc.call('POST', '/companies/1/customers', {
      name: 'Muster AG',
      number: 1001,
      street: 'Seestrasse 4',
      zip: '8002',
      city: 'Zürich',
      tax_rate_id: ids.mwst,
    })
  ).body.data.id;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await svc?.close();
  box?.cleanup();
});

/** A shared proposal of the hand-checked example: total 2'825.37 with VAT. */
async function shared(body: Record<string, unknown> = {}): Promise<{ id: number; number: string; url: string }> {
  const created = await svc.call('POST', '/companies/1/proposals', {
    ...EXAMPLE_SHARED_PROPOSAL,
    customer_id: ids.customer,
    tax_rate_id: ids.mwst,
    ...body,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const doc = (await svc.call('GET', `/companies/1/proposals/${created.body.id}`)).body.data;
  return { id: doc.id, number: doc.number, url: `${svc.origin}/share/proposals/${doc.share_token}` };
}

const status = (id: number) =>
  (svc.server.db.prepare('SELECT status FROM proposals WHERE id = ?').get(id) as { status: string }).status;
/** Today as the page dates an answer given now (Zurich). */
const today = () => dotted(wallClock(new Date(), 'Europe/Zurich').date);

async function open(url: string, width: number, opts: { javaScript?: boolean } = {}): Promise<Page> {
  const page = await browser.newPage();
  await page.setJavaScriptEnabled(opts.javaScript ?? true);
  await page.setViewport(
    width < 600 ? { width, height: 812, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { width, height: 900 },
  );
  const res = await page.goto(url);
  expect(res?.status()).toBe(200);
  return page;
}

/** The text a person reads, with white space collapsed. */
const said = (page: Page, selector: string) =>
  // biome-ignore lint/performance/useDomNodeTextContent: the text as the page shows it (layout, hidden parts left out)
  page.$$eval(selector, (els) => els.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

const POSITION_ROWS = [
  'Website',
  "Konzept und Design 12.5 h 150.00 1'875.00",
  'Umsetzung 3 h 120.00 360.00',
  "Zwischentotal Website 2'235.00",
  'Hosting 2026 Rabatt 10 % 1 480.00 432.00',
  'Zahlbar innert 30 Tagen',
];

/** Fills one of the two forms and sends it; answers once the page after the 303 has loaded. */
async function answer(page: Page, which: 'accept' | 'decline', name: string, comment?: string): Promise<void> {
  await page.type(`#${which}-name`, name);
  if (comment) await page.type(`#${which}-comment`, comment);
  await Promise.all([page.waitForNavigation(), page.click(`form.${which} button`)]);
}

async function lookAt(page: Page, name: string): Promise<void> {
  const dir = process.env.ACCT_SHARE_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) as `${string}.png`, fullPage: true });
}

const overflow = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

describe('the customer in a browser', () => {
  test('1280 px: positions, total as on the PDF; accepted with a name, the outcome instead of the forms', async () => {
    const p = await shared();
    const page = await open(p.url, 1280);
    try {
      expect(await page.title()).toBe('Website Relaunch · Atelier Muster GmbH');
      expect(await said(page, 'table.positions tbody tr')).toEqual(POSITION_ROWS);
      expect(await said(page, 'table.totals tr')).toEqual([
        "Zwischentotal 2'667.00",
        'Rabatt 2 % -53.34',
        "Total exkl. MWST 2'613.66",
        "MWST 8.1 % auf CHF 2'613.66 211.71",
        "Total CHF 2'825.37",
      ]);
      expect(await page.$eval('table.totals tr.strong', (e) => (e as HTMLElement).checkVisibility())).toBe(true);
      expect(await said(page, 'h1')).toEqual(['Website Relaunch']);
      expect(await said(page, '.recipient')).toEqual(['Muster AG Seestrasse 4 8002 Zürich']);
      // two forms side by side
      const [accept, decline] = await Promise.all(
        ['form.accept', 'form.decline'].map((s) => page.$eval(s, (e) => e.getBoundingClientRect().toJSON())),
      );
      expect(accept.top).toBe(decline.top);
      expect(accept.right).toBeLessThan(decline.left);
      await lookAt(page, 'de-1280');

      await answer(page, 'accept', 'Anna Muster', 'Gerne so, Start im Mai.');
      expect(page.url()).toBe(`${p.url}#answer`);
      expect(await said(page, '.outcome .state')).toEqual([`Angenommen am ${today()} von Anna Muster`]);
      expect(await said(page, '.outcome blockquote')).toEqual(['Gerne so, Start im Mai.']);
      expect(await page.$$('form')).toHaveLength(0);
      expect(status(p.id)).toBe('accepted');
      await lookAt(page, 'de-1280-accepted');
    } finally {
      await page.close();
    }
  });

  test('375 px: one column, nothing wider than the screen; declined with a comment', async () => {
    const p = await shared({
      lang: 'fr',
      remarks: `Conditions : https://www.example.ch/conditions-generales-de-vente-et-de-livraison-${'x'.repeat(60)}`,
      positions: [
        ...EXAMPLE_POSITIONS,
        {
          description: `Donaudampfschifffahrtsgesellschaftskapitänsmützenreinigung${'ung'.repeat(20)}`,
          amount: 1000,
          price: 99999.95,
          unit: 'Stück',
        },
      ],
    });
    const page = await open(p.url, 375);
    try {
      const before = await overflow(page);
      expect(before.innerWidth).toBe(375);
      expect(before.scrollWidth).toBeLessThanOrEqual(before.innerWidth);
      // one column: no table header, the forms one under the other, every amount on the screen
      expect(await page.$eval('table.positions thead', (e) => getComputedStyle(e).display)).toBe('none');
      const [accept, decline] = await Promise.all(
        ['form.accept', 'form.decline'].map((s) => page.$eval(s, (e) => e.getBoundingClientRect().toJSON())),
      );
      expect(accept.bottom).toBeLessThanOrEqual(decline.top);
      expect(accept.left).toBe(decline.left);
      const rights = await page.$$eval('td, .facts dd, h1, .remarks, .recipient', (els) =>
        els.map((e) => e.getBoundingClientRect().right),
      );
      for (const right of rights) expect(right).toBeLessThanOrEqual(375);
      expect((await said(page, 'table.totals tr.strong'))[0]).toMatch(/^Total CHF [\d']+\.\d\d$/);
      expect(await said(page, 'table.positions tbody tr.position')).toContain(
        "Konzept und Design 12.5 h 150.00 1'875.00",
      );
      await lookAt(page, 'fr-375');

      await answer(page, 'decline', 'Jean Dupont', 'Trop cher pour cette année.');
      expect(await said(page, '.outcome .state')).toEqual([`Refusée le ${today()} par Jean Dupont`]);
      expect(await said(page, '.outcome blockquote')).toEqual(['Trop cher pour cette année.']);
      const after = await overflow(page);
      expect(after.scrollWidth).toBeLessThanOrEqual(after.innerWidth);
      expect(status(p.id)).toBe('declined');
      await lookAt(page, 'fr-375-declined');
    } finally {
      await page.close();
    }
  });

  test('with JavaScript off the page reads and answers the same', async () => {
    const p = await shared();
    const page = await open(p.url, 375, { javaScript: false });
    try {
      expect(await said(page, 'table.positions tbody tr')).toEqual(POSITION_ROWS);
      expect(await said(page, 'table.totals tr.strong')).toEqual(["Total CHF 2'825.37"]);
      const { scrollWidth, innerWidth } = await overflow(page);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      await answer(page, 'accept', 'Beat Kunde');
      expect(await said(page, '.outcome .state')).toEqual([`Angenommen am ${today()} von Beat Kunde`]);
      expect(status(p.id)).toBe('accepted');
    } finally {
      await page.close();
    }
  });

  test('a form on another site that posts an answer to the link is refused (403) and changes nothing', async () => {
    const p = await shared();
    // another port is another origin: the browser sends that page's origin along
    const elsewhere = createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(
        `<!doctype html><form method="post" action="${p.url}/accept"><input name="name" ` +
          `value="Mallory"><button>Gewinn abholen</button></form>`,
      );
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const page = await browser.newPage();
    try {
      await page.goto(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`);
      const [res] = await Promise.all([page.waitForNavigation(), page.click('button')]);
      expect(res?.status()).toBe(403);
      expect(await said(page, 'p[lang="en"]')).toEqual(["This answer can only be given on the proposal's own page."]);
      expect(status(p.id)).toBe('open');
    } finally {
      await page.close();
      elsewhere.close();
    }
  });

  test('a name left empty is caught by the form itself; nothing is sent', async () => {
    const p = await shared();
    const page = await open(p.url, 1280);
    try {
      await page.click('form.accept button');
      expect(await page.$eval('#accept-name', (e) => (e as HTMLInputElement).validity.valueMissing)).toBe(true);
      expect(page.url()).toBe(p.url);
      expect(status(p.id)).toBe('open');
    } finally {
      await page.close();
    }
  });
});

describe('the whole story', () => {
  test('acct proposals create → acct proposals share → accepted in the browser → acct proposals invoice', async () => {
    const acct = acctAgainst(box, svc);
    const created = await acct([
      'proposals',
      'create',
      '--customer',
      'Muster AG',
      '--title',
      'Website',
      '--position',
      'Konzept und Design;12.5;150;h',
      '--position',
      'Umsetzung;3;120;h',
      '--text',
      'Zahlbar innert 30 Tagen',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const number = /Created proposal (O-\d{4}-\d{3})\./.exec(created.stderr)![1];

    const sharing = await acct(['proposals', 'share', number]);
    expect(sharing.code, sharing.stderr).toBe(0);
    const url = sharing.stdout.trim();
    expect(url).toMatch(new RegExp(`^${svc.origin}/share/proposals/[A-Za-z0-9_-]{32}$`));

    const page = await open(url, 1280);
    try {
      expect(await said(page, 'h1')).toEqual(['Website']);
      expect(await said(page, 'table.positions tbody tr')).toEqual([
        "Konzept und Design 12.5 h 150.00 1'875.00",
        'Umsetzung 3 h 120.00 360.00',
        'Zahlbar innert 30 Tagen',
      ]);
      // 2'235.00 + MWST 8.1 % 181.04 (the customer's rate)
      expect(await said(page, 'table.totals tr.strong')).toEqual(["Total CHF 2'416.04"]);
      await answer(page, 'accept', 'Beat Kunde', 'Bitte im Juni starten.');
      expect(await said(page, '.outcome .state')).toEqual([`Angenommen am ${today()} von Beat Kunde`]);
    } finally {
      await page.close();
    }

    const got = await acct(['proposals', 'get', number, '-o', 'table']);
    expect(got.stdout).toMatch(/^Website {2}· {2}accepted$/m);
    expect(got.stdout).toContain(
      `Answer     accepted by Beat Kunde on ${today()}:\n           Bitte im Juni starten.\n`,
    );

    const invoiced = await acct(['proposals', 'invoice', number, '--json']);
    expect(invoiced.code, invoiced.stderr).toBe(0);
    const invoice = JSON.parse(invoiced.stdout);
    expect(invoiced.stderr).toContain(`Created invoice ${invoice.number} from proposal ${number}.`);
    expect(invoice).toMatchObject({ status: 'open', title: 'Website', final_value: 2416.04, total_value: 2235 });
    expect(invoice.proposal).toMatchObject({ number });
    expect(invoice.positions.map((x: { description: string; sum: number }) => [x.description, x.sum])).toEqual([
      ['Konzept und Design', 1875],
      ['Umsetzung', 360],
      ['Zahlbar innert 30 Tagen', 0],
    ]);
  });
});
