// `acct proposals share|unshare`, `list --shared` and the link and answer in `get`, against the service:
// the URL printed is the one the service serves (fetched), on a terminal with a QR code that decodes
// to it; unshare turns it off (the link 404s); ACCT_PUBLIC_URL gives another root. And local mode:
// the link names `acct server start`'s default root and opens once that serves the ledger.
import { beforeAll, describe, expect, test } from 'vitest';
import { startServer } from '../../src/server/main.js';
import { acctEnv, inTerminal, plain, sandbox } from '../helpers/cli.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { decodeQr, terminalQrPng } from '../helpers/pdf.js';
import { jsonOf, seed, tsv } from './support.js';

const cli = useCliAgainstService();
const { acct } = cli;
const ids: Record<string, number> = {};
const json = (args: string[]) => jsonOf((a) => acct(a), args);
const token = (id: number) =>
  cli.svc.server.db.prepare('SELECT share_token FROM proposals WHERE id = ?').get(id)!.share_token as string | null;

async function proposal(body: Record<string, unknown> = {}): Promise<{ id: number; number: string }> {
  return seed(cli.svc, 'proposals', {
    customer_id: ids.muster,
    title: 'Website',
    positions: [{ description: 'Konzept', amount: 2, price: 150, unit: 'h' }],
    ...body,
  });
}

beforeAll(async () => {
  ids.muster = (await seed(cli.svc, 'customers', { name: 'Muster AG', number: 1001 })).id;
});

describe('share and unshare', () => {
  test('share prints the link the service serves; a second share keeps it; --json gives the record', async () => {
    const p = await proposal();
    const r = await acct(['proposals', 'share', p.number]);
    expect(r.code, r.stderr).toBe(0);
    const url = `${cli.svc.origin}/share/proposals/${token(p.id)}`;
    expect(token(p.id)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(r.stdout).toBe(`${url}\n`);
    expect(r.stderr).toBe(`Shared proposal ${p.number}: the customer can view, accept or decline it at this link.\n`);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(p.number);

    const again = await acct(['proposals', 'share', String(p.id)]);
    expect(again.stdout).toBe(`${url}\n`);
    expect(again.stderr).toBe(`Proposal ${p.number} was shared already: the link is the same.\n`);
    expect(await json(['proposals', 'share', p.number])).toEqual({
      id: p.id,
      number: p.number,
      status: 'open',
      is_shared: true,
      share_url: url,
    });
  });

  test('on a terminal a QR code of the link follows, decoding to it as a phone reads it (not mirrored)', async () => {
    const p = await proposal();
    const run = await inTerminal(cli.box, ['proposals', 'share', p.number], [], { ...acctEnv(cli.svc), NO_COLOR: '1' });
    expect(run.code).toBe(0);
    const lines = plain(run.output).split('\n');
    const url = `${cli.svc.origin}/share/proposals/${token(p.id)}`;
    expect(lines[0]).toBe(url);
    const code = lines.filter((l) => /^[█▀▄ ]+$/.test(l) && l.includes('█'));
    expect(code.length).toBeGreaterThan(10);
    expect(await decodeQr(terminalQrPng(code))).toEqual([url]);
  });

  test('unshare turns the link off: it no longer opens; sharing again makes a new one', async () => {
    const p = await proposal();
    await acct(['proposals', 'share', p.number]);
    const old = `${cli.svc.origin}/share/proposals/${token(p.id)}`;
    const r = await acct(['proposals', 'unshare', p.number]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `The public link of proposal ${p.number} is off: it no longer opens, and sharing again makes a new one.\n`,
    );
    expect(token(p.id)).toBeNull();
    expect((await fetch(old)).status).toBe(404);
    expect((await acct(['proposals', 'unshare', p.number])).stderr).toBe(`Proposal ${p.number} was not shared.\n`);
    const anew = (await acct(['proposals', 'share', p.number])).stdout.trim();
    expect(anew).not.toBe(old);
    expect((await fetch(anew)).status).toBe(200);
  });

  test('ACCT_PUBLIC_URL gives the root customers reach; one that is no URL is a usage error', async () => {
    const p = await proposal();
    const r = await acct(['proposals', 'share', p.number], { env: { ACCT_PUBLIC_URL: 'https://books.example.ch/' } });
    expect(r.stdout).toBe(`https://books.example.ch/share/proposals/${token(p.id)}\n`);
    const bad = await acct(['proposals', 'share', p.number], { env: { ACCT_PUBLIC_URL: 'books.example.ch' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('ACCT_PUBLIC_URL "books.example.ch" is not a URL');
  });

  test('a proposal that does not exist: a usage error naming it, nothing printed', async () => {
    const r = await acct(['proposals', 'share', 'O-1999-999']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no proposal "O-1999-999"');
    expect(r.stdout).toBe('');
  });
});

describe('list --shared', () => {
  test('only the proposals whose link is on; --no-shared the others', async () => {
    const on = await proposal({ title: 'Geteilt', is_shared: true });
    const off = await proposal({ title: 'Nicht geteilt' });
    const shared = tsv((await acct(['proposals', 'list', '--shared', '--fields', 'number,title'])).stdout);
    expect(shared).toContainEqual([on.number, 'Geteilt']);
    expect(shared).not.toContainEqual([off.number, 'Nicht geteilt']);
    const ids_ = (await json(['proposals', 'list', '--shared', '--all'])).map((d: { id: number }) => d.id);
    for (const id of ids_) expect(token(id)).not.toBeNull();
    const others = tsv((await acct(['proposals', 'list', '--no-shared', '--fields', 'number,title'])).stdout);
    expect(others).toContainEqual([off.number, 'Nicht geteilt']);
    expect(others).not.toContainEqual([on.number, 'Geteilt']);
  });
});

describe("get shows the link and the customer's answer", () => {
  test('the link while on; after the customer answered through it: who, when and the comment', async () => {
    const p = await proposal();
    const plainGet = await acct(['proposals', 'get', p.number, '-o', 'table']);
    expect(plainGet.stdout).not.toContain('Link ');
    const url = (await acct(['proposals', 'share', p.number])).stdout.trim();
    const shared = await acct(['proposals', 'get', p.number, '-o', 'table']);
    expect(shared.stdout).toContain(`\nLink       ${url}\n`);

    // posted as the page's own form posts it: with the page's origin
    const answered = await fetch(`${url}/decline`, {
      method: 'POST',
      headers: { Origin: new URL(url).origin },
      body: new URLSearchParams({ name: 'Anna Muster', comment: 'Zu teuer.\nVielleicht im Herbst.' }),
      redirect: 'manual',
    });
    expect(answered.status).toBe(303);
    const day = (await json(['proposals', 'activities', p.number]))[0].date;
    const got = await acct(['proposals', 'get', p.number, '-o', 'table']);
    expect(got.stdout).toMatch(/^Website {2}· {2}declined$/m);
    expect(got.stdout).toContain(
      `Answer     declined by Anna Muster on ${day}:\n           Zu teuer.\n           Vielleicht im Herbst.\n`,
    );
    // the record says it too: who, when (the activity's time), the comment
    const record = await json(['proposals', 'get', p.number]);
    expect(record).toMatchObject({
      status: 'declined',
      answered_by: 'Anna Muster',
      answered_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      answer_comment: 'Zu teuer.\nVielleicht im Herbst.',
    });
    const row = tsv(
      (await acct(['proposals', 'get', p.number, '--fields', 'number,status,answered_by,answered_at,answer_comment']))
        .stdout,
    );
    expect(row).toEqual([
      ['number', 'status', 'answered_by', 'answered_at', 'answer_comment'],
      [p.number, 'declined', 'Anna Muster', record.answered_at, 'Zu teuer.\\nVielleicht im Herbst.'],
    ]);
    const acts = tsv((await acct(['proposals', 'activities', p.number, '--fields', 'message'])).stdout);
    expect(acts[1]).toEqual(['Declined by the customer (Anna Muster)\\nZu teuer.\\nVielleicht im Herbst.']);

    await acct(['proposals', 'unshare', p.number]);
    const after = await acct(['proposals', 'get', p.number, '-o', 'table']);
    expect(after.stdout).not.toContain('Link ');
    expect(after.stdout).toContain('Answer     declined by Anna Muster');
  });

  test('marked by the bookkeeper: no answer line', async () => {
    const p = await proposal({ is_shared: true });
    await acct(['proposals', 'mark-as', p.number, 'sent']);
    await acct(['proposals', 'mark-as', p.number, 'accepted']);
    const got = await acct(['proposals', 'get', p.number, '-o', 'table']);
    expect(got.stdout).toContain('Link       ');
    expect(got.stdout).not.toContain('Answer');
    // the record: decided when marked, by no customer; an open proposal has none of it
    expect(await json(['proposals', 'get', p.number])).toMatchObject({
      answered_by: null,
      answered_at: expect.stringMatching(/^\d{4}-/),
      answer_comment: null,
    });
    expect(await json(['proposals', 'get', (await proposal()).number])).toMatchObject({
      answered_by: null,
      answered_at: null,
      answer_comment: null,
    });
  });
});

describe('local mode', () => {
  test("the link names `acct server start`'s default root and opens once a server serves the ledger", async () => {
    const local = sandbox();
    try {
      expect((await local.run(['customers', 'create', '--name', 'Lokal AG'])).code).toBe(0);
      const created = await local.run([
        'proposals',
        'create',
        '--customer',
        'Lokal AG',
        '--position',
        'Beratung;1;100',
        '--json',
      ]);
      expect(created.code, created.stderr).toBe(0);
      const number = JSON.parse(created.stdout).number;
      const r = await local.run(['proposals', 'share', number]);
      expect(r.code, r.stderr).toBe(0);
      const match = /^http:\/\/127\.0\.0\.1:8787(\/share\/proposals\/[A-Za-z0-9_-]{32})\n$/.exec(r.stdout);
      expect(match, r.stdout).not.toBeNull();
      expect(r.stderr).toContain(
        `The link opens while "acct server start" serves this ledger (${local.dataDir}) at http://127.0.0.1:8787;`,
      );
      expect(r.stderr).toContain('set ACCT_PUBLIC_URL to that address');
      // `acct server start` on the same data directory (here on a free port) serves that path
      const server = await startServer({ dataDir: local.dataDir, port: 0, rateLimit: 0, log: () => {} });
      try {
        const page = await fetch(`http://127.0.0.1:${server.port}${match![1]}`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain(number);
      } finally {
        await server.close();
      }
    } finally {
      local.cleanup();
    }
  });
});
