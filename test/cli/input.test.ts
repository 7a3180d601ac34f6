// One input grammar in every command: dates as YYYY-MM-DD, dd.mm.yyyy (as tables print them), today,
// yesterday, +3d; amounts as 1'000.50, 1000,50 or 1000.5. More than two decimals is a usage error naming
// the flag, never a rounding; a date the API would refuse is caught before any request, under the flag
// typed (--from, not the API's start).
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays, today } from '../../src/cli/shared/calendar.js';
import { jsonOf, seed } from './support.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';

const cli = useCliAgainstService();
const { acct } = cli;
const json = (args: string[]) => jsonOf(acct, args);

beforeAll(async () => {
  const customer = await seed(cli.svc, 'customers', { name: 'Muster AG' });
  await seed(cli.svc, 'projects', { name: 'Website', customer_id: customer.id });
});

describe.concurrent('dates and amounts as a bookkeeper types them', () => {
  test('entries create: a dotted date and an amount with an apostrophe', async () => {
    const e = await json([
      'entries',
      'create',
      '--date',
      '31.12.2026',
      '--debit',
      '1020',
      '--credit',
      '3400',
      '--sum',
      "1'000.50",
    ]);
    expect(e).toMatchObject({ date: '2026-12-31', sum: 1000.5 });
  });

  test('entries create: +3d and a decimal comma', async () => {
    const e = await json([
      'entries',
      'create',
      '--date',
      '+3d',
      '--debit',
      '1020',
      '--credit',
      '3400',
      '--sum',
      '1000,5',
    ]);
    expect(e).toMatchObject({ date: addDays(today(), 3), sum: 1000.5 });
  });

  test('entries list takes yesterday and a dotted date like times list does', async () => {
    for (const group of ['entries', 'times']) {
      const r = await acct([group, 'list', '--from', 'yesterday', '--to', '31.12.2099', '--fields', 'date']);
      expect(r.code, `${group}: ${r.stderr}`).toBe(0);
    }
  });

  test('times create and projects create read the same forms', async () => {
    const t = await json([
      'times',
      'create',
      '--project',
      'Website',
      '--duration',
      '1h',
      '--date',
      '1.3.2026',
      '--rate',
      '120,50',
    ]);
    expect(t).toMatchObject({ date: '2026-03-01', hourly_rate: 120.5 });
    const p = await json([
      'projects',
      'create',
      '--name',
      'Audit',
      '--customer',
      'Muster AG',
      '--start',
      '01.03.2026',
      '--budget',
      "8'000",
      '--hourly-rate',
      '137.5',
    ]);
    expect(p).toMatchObject({ start_date: '2026-03-01', budget: 8000, hourly_rate: 137.5 });
  });

  test('more than two decimals: a usage error naming the flag, before any request', async () => {
    for (const [args, flag] of [
      [['entries', 'create', '--date', 'today', '--debit', '1020', '--credit', '3400', '--sum', '10.005'], '--sum'],
      [['services', 'create', '--name', 'X', '--hourly-rate', "1'000.125"], '--hourly-rate'],
      [['products', 'create', '--name', 'X', '--price', '9,999'], '--price'],
    ] as const) {
      const r = await acct([...args, '--debug']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        new RegExp(`^acct: invalid ${flag} ".+": at most 2 decimals \\(1000\\.50, 1'000\\.50 or 1000,50\\)$`, 'm'),
      );
      expect(r.stderr).not.toContain('> POST');
    }
  });

  test("a date the API would refuse names the flag typed, not the API's field", async () => {
    for (const args of [
      ['accounts', 'list', '--from', '30.02.2026'],
      ['entries', 'list', '--from', '10000-01-01'],
    ]) {
      const r = await acct(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(
        /^acct: invalid --from "[^"]+": ([^;\n]+; )?expected YYYY-MM-DD, dd\.mm\.yyyy, dd\.mm\.yy, today, yesterday/,
      );
      expect(r.stderr).not.toContain('start');
    }
    // the reports read --from in the period grammar (docs/reports.md), which says what is wrong with the day
    const report = await acct(['report', 'trial-balance', '--from', '2026-02-30']);
    expect(report.code).toBe(2);
    expect(report.stderr).toMatch(/^acct: invalid --from "2026-02-30": 2026-02 has no day 30$/m);
    expect(report.stderr).not.toContain('start');
  });
});
