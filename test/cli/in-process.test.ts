// Local mode calls the service inside the CLI's process, with the light Response/Request/Headers of
// src/light-web.ts instead of HTTP. The same ledger served by `acct server start` must answer every
// command alike: what local mode wrote (JSON, a multipart receipt, a CAMT upload) reads back the same
// over HTTP, and reads, refusals and exit codes are the same both ways.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/main.js';
import { sandbox, type RunResult, type Sandbox } from '../helpers/cli.js';
import { runAll } from './support.js';

let box: Sandbox;
let server: RunningServer;
const local = (args: string[]) => box.run(args);
let remote: (args: string[]) => Promise<RunResult>;
const CAMT = join(__dirname, '../fixtures/camt/postfinance-camt053-v04-statement.xml');

beforeAll(async () => {
  box = sandbox();
  const receipt = join(box.dataDir, '..', 'mietvertrag.pdf');
  writeFileSync(receipt, '%PDF-1.7 Mietvertrag');
  const writes: string[][] = [
    ['tags', 'create', '--name', 'miete', '--color', 'red'],
    ['customers', 'create', '--name', 'Muster AG', '--street', 'Bahnhofstrasse 1', '--zip', '8001', '--city', 'Zürich'],
    [
      'entries',
      'create',
      '--date',
      '2016-04-29',
      '--debit',
      '1020',
      '--credit',
      '2800',
      '--sum',
      '322152.16',
      '--description',
      'Saldovortrag',
    ],
    [
      'entries',
      'create',
      '--date',
      '2016-04-30',
      '--debit',
      '6000',
      '--credit',
      '1020',
      '--sum',
      '2500',
      '--tags',
      'miete',
      '--receipt',
      receipt,
    ],
    ['import', 'upload-camt', CAMT, '--bank-account', '1020'],
  ];
  await runAll(local, writes);
  server = await startServer({ dataDir: box.dataDir, port: 0, rateLimit: 0, log: () => {} });
  const token = readFileSync(join(box.dataDir, 'local-token'), 'utf8').trim();
  remote = (args) => box.run(args, { env: { ACCT_BASE_URL: server.url, ACCT_TOKEN: token, ACCT_COMPANY: '1' } });
}, 60_000);

afterAll(async () => {
  await server?.close();
  box?.cleanup();
});

describe('local mode (in-process) and the same ledger over HTTP', () => {
  test.each([
    [['tags', 'list']],
    [['customers', 'list', '-o', 'json']],
    [['entries', 'list', '--fields', 'id,number,date,sum,description,tags']],
    [['import', 'list', '-o', 'tsv']],
    [['report', 'trial-balance', '--from', '2016-01-01', '--to', '2016-12-31']],
    [['report', 'ledger', '--account', '1020', '--from', '2016-04-01', '--to', '2016-05-31', '-o', 'csv']],
  ])('%j answers the same', async (args) => {
    const [here, there] = [await local(args), await remote(args)];
    expect(here.code, here.stderr).toBe(0);
    expect(here.stdout).toBe(there.stdout);
    expect(here.stdout.trim().split('\n').length).toBeGreaterThan(1);
  });

  test('the receipt sent as multipart in local mode is stored whole', async () => {
    const list = JSON.parse((await remote(['entries', 'list', '-o', 'json'])).stdout);
    const withFile = list.filter((e: { file: unknown }) => e.file !== null);
    expect(withFile).toHaveLength(1);
    const rent = withFile[0];
    expect(rent.file).toMatchObject({
      name: 'mietvertrag.pdf',
      size: '%PDF-1.7 Mietvertrag'.length,
      mime: 'application/pdf',
    });
    const viaLocal = JSON.parse((await local(['entries', 'get', String(rent.id), '-o', 'json'])).stdout);
    expect(viaLocal.file).toMatchObject({ name: 'mietvertrag.pdf', size: rent.file.size });
  });

  test('refusals: the same exit code and message both ways (404, 422, a file that is no statement)', async () => {
    for (const args of [
      ['tags', 'get', '999'],
      ['tags', 'create', '--name', 'miete', '--color', 'red'],
      ['entries', 'create', '--date', '2016-04-30', '--debit', '6000', '--credit', '6000', '--sum', '1'],
      ['import', 'upload-camt', join(__dirname, '../fixtures/documents.ts')],
    ]) {
      const [here, there] = [await local(args), await remote(args)];
      expect(here.code, args.join(' ')).not.toBe(0);
      expect([here.code, here.stderr], args.join(' ')).toEqual([there.code, there.stderr]);
    }
  });

  test('--debug shows the requests going to the in-process service, not to a port', async () => {
    const r = await local(['tags', 'list', '--debug']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/GET http:\/\/in-process\.localhost\/api\/v2\/companies\/1\/tags\?page=1/);
  });
});
