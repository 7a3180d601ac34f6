// Prompts that help (issue 24), under a pty: a document created without positions asks for them and
// for the go-ahead with its totals; a name that matches nothing is asked again with the closest names
// (typed answers) or offered to choose (flags); projects create asks for the customer. Without a
// terminal the usage errors stay, before any request.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { inTerminal, plain, sandbox, type Sandbox } from '../helpers/cli.js';
import { closedPort } from './support.js';

const ENTER = '\r';
const CLEAR = '\u0015';

describe('prompts that help', () => {
  // a fresh local ledger for every test, with the customer Muster AG (1001)
  let box: Sandbox;
  beforeEach(async () => {
    box = sandbox();
    expect((await box.run(['customers', 'create', '--name', 'Muster AG', '--number', '1001'])).code).toBe(0);
  });
  afterEach(() => box.cleanup());
  const json = async (args: string[]) => JSON.parse((await box.run([...args, '-o', 'json'])).stdout);

  test('invoices create asks for the customer (again, close names, after no match), positions, totals', async () => {
    const r = await inTerminal(
      box,
      ['invoices', 'create'],
      [
        { when: 'Customer (number or name)', keys: `Mustr AG${ENTER}` },
        { when: 'candidates: 1001 Muster AG', keys: CLEAR },
        { when: 'Customer (number or name)', keys: `Muster AG${ENTER}` },
        { when: 'Position 1, description', keys: `Beratung${ENTER}` },
        { when: 'Position 1, quantity', keys: `2,5${ENTER}` },
        { when: 'Position 1, price', keys: `abc${ENTER}` },
        { when: 'is not an amount', keys: CLEAR },
        { when: 'Position 1, price', keys: `150${ENTER}` },
        { when: 'Position 1, unit', keys: `h${ENTER}` },
        { when: 'Position 2, description', keys: `Spesen${ENTER}` },
        { when: 'Position 2, quantity', keys: ENTER },
        { when: 'Position 2, price', keys: `80${ENTER}` },
        { when: 'Position 2, unit', keys: ENTER },
        { when: 'Position 3, description (empty: done)', keys: ENTER },
        { when: 'Create this invoice (CHF 455.00)?', keys: ENTER },
      ],
    );
    const text = plain(r.output);
    expect(r.code, text).toBe(0);
    expect(text).toContain('no customer "Mustr AG" (--customer); candidates: 1001 Muster AG');
    expect(text).toMatch(/Beratung\s+2\.5\s+h\s+150\.00\s+375\.00/);
    expect(text).toMatch(/Created invoice R-\d{4}-001\./);
    const [invoice] = await json(['invoices', 'list']);
    expect(invoice).toMatchObject({ final_value: 455, customer: { name: 'Muster AG' } });
    const positions = (await json(['invoices', 'get', invoice.number])).positions;
    expect(positions.map((p: any) => [p.description, p.amount, p.price, p.unit])).toEqual([
      ['Beratung', 2.5, 150, 'h'],
      ['Spesen', 1, 80, null],
    ]);
  });

  test('an invoice needs a position: an empty first is asked again; proposals too; "no" creates nothing', async () => {
    const r = await inTerminal(
      box,
      ['proposals', 'create', '--customer', '1001'],
      [
        { when: 'Position 1, description (empty: no positions)', keys: `Konzept${ENTER}` },
        { when: 'Position 1, quantity', keys: `3${ENTER}` },
        { when: 'Position 1, price', keys: `100${ENTER}` },
        { when: 'Position 1, unit', keys: ENTER },
        { when: 'Position 2, description', keys: ENTER },
        { when: 'Create this proposal (CHF 300.00)?', keys: `n${ENTER}` },
      ],
    );
    expect(r.code, plain(r.output)).toBe(2);
    expect(plain(r.output)).toContain('acct: cancelled: no proposal was created');
    expect(await json(['proposals', 'list'])).toEqual([]);
    const inv = await inTerminal(
      box,
      ['invoices', 'create', '--customer', '1001'],
      [
        { when: 'Position 1, description', keys: ENTER },
        { when: 'an invoice needs at least one position', keys: `Wartung${ENTER}` },
        { when: 'Position 1, quantity', keys: ENTER },
        { when: 'Position 1, price', keys: `300${ENTER}` },
        { when: 'Position 1, unit', keys: ENTER },
        { when: 'Position 2, description', keys: ENTER },
        { when: 'Create this invoice', keys: `y${ENTER}` },
      ],
    );
    expect(inv.code, plain(inv.output)).toBe(0);
    expect((await json(['invoices', 'list']))[0]).toMatchObject({ final_value: 300 });
  });

  test('without a terminal nothing is asked: the usage errors stay, before any request', async () => {
    const offline = {
      ACCT_BASE_URL: `http://127.0.0.1:${await closedPort()}/api/v2`,
      ACCT_TOKEN: 't',
      ACCT_COMPANY: '1',
    };
    let r = await box.run(['invoices', 'create', '--customer', '1001'], { env: offline });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('an invoice needs positions');
    r = await box.run(['projects', 'create', '--name', 'Foo'], { env: offline });
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toBe('acct: missing required --customer (or --new-customer)\n');
    // a proposal may have no positions: created as before
    expect((await box.run(['proposals', 'create', '--customer', '1001'])).code).toBe(0);
  });

  test('projects create asks for the customer (a name that matches nothing is asked again)', async () => {
    const r = await inTerminal(
      box,
      ['projects', 'create', '--name', 'Website'],
      [
        { when: 'customer number or exact name', keys: `Mustr${ENTER}` },
        { when: 'candidates: 1001 Muster AG', keys: CLEAR },
        { when: 'customer number or exact name', keys: `1001${ENTER}` },
      ],
    );
    expect(r.code, plain(r.output)).toBe(0);
    expect(plain(r.output)).not.toContain('customer id field is required');
    expect((await json(['projects', 'get', 'Website'])).customer).toMatchObject({ name: 'Muster AG' });
  });

  test("a percentage several tax rates share on the booking's date is a choice on a terminal", async () => {
    const r = await inTerminal(
      box,
      [
        'entries',
        'create',
        '--date',
        '2020-03-16',
        '--debit',
        '6500',
        '--credit',
        '1020',
        '--sum',
        '107.70',
        '--tax-rate',
        '7.7',
      ],
      [{ when: 'Several tax rates of 7.7 % hold on 16.03.2020; which one?', keys: ENTER }],
    );
    expect(r.code, plain(r.output)).toBe(0);
    expect((await json(['entries', 'list']))[0].tax_rate.name).toBe('Vorsteuer 7.7 %');
  });

  test('a flag naming nothing offers the closest names on a terminal; none of these stops as without one', async () => {
    let r = await inTerminal(
      box,
      ['projects', 'create', '--name', 'Audit', '--customer', 'Mustr AG'],
      [{ when: 'No customer "Mustr AG" (--customer); did you mean', keys: ENTER }],
    );
    expect(r.code, plain(r.output)).toBe(0);
    expect((await json(['projects', 'get', 'Audit'])).customer).toMatchObject({ name: 'Muster AG' });
    r = await inTerminal(
      box,
      ['projects', 'create', '--name', 'Intern', '--customer', 'Mustr AG'],
      [
        // the second choice: none of these
        { when: 'did you mean', keys: `\u001b[B${ENTER}` },
      ],
    );
    expect(r.code).toBe(2);
    expect(plain(r.output)).toContain('acct: no customer "Mustr AG" (--customer)');
  });
});
