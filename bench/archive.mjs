#!/usr/bin/env node
// The ten-year archive at scale: `acct archive YEAR` of a year of 100,000 bookings (bench/bookings.mjs)
// with receipts, invoices and proposals, against `acct server start` over HTTP (as against a remote
// profile: the archive reads through the API alone). Prints each command's time (median of --runs) and
// the CLI's peak memory, beside the baseline measured in the same run: `acct entries export` of the same
// year (the bookings alone, as CSV). `acct archive verify` of the archive is timed too. Memory flat
// means: what the archive keeps does not grow with the bookings; both commands run once more within a
// 64 MiB heap to show it (a command that kept every booking would run out of heap there).
//
//   node bench/archive.mjs [--bookings N] [--receipts N] [--invoices N] [--runs N] [--year YYYY] [--seed N] [--keep]
import { statSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  benchOptions,
  BIN,
  die,
  fmtMs as fmt,
  httpRequest,
  makeSandbox,
  median,
  mustRun,
  positiveInt,
  procMiB,
  requireNodeAndBuild,
  ROOT,
  startAcctServer,
  stopAcctServer,
} from './lib.mjs';
import { loadVatRule, seedBookings, YEAR_HELP, YEAR_OPTIONS, yearOptions } from './bookings.mjs';
import { mulberry32 } from './random.mjs';

const NODE = process.execPath;
const TOKEN = 'bench-token';

const opts = benchOptions(
  {
    ...YEAR_OPTIONS,
    runs: { type: 'string', default: '3' },
    receipts: { type: 'string', default: '1000' },
    invoices: { type: 'string', default: '100' },
  },
  'usage: node bench/archive.mjs [--bookings N] [--receipts N] [--invoices N] [--runs N] [--year YYYY] [--seed N] ' +
    '[--keep]',
  [
    '--bookings N   bookings to generate (default 100000)',
    '--receipts N   of them with a receipt of 20-60 KB (default 1000)',
    '--invoices N   invoices of the year, and a fifth as many proposals (default 100)',
    '--runs N       measured runs of each command (default 3)',
    ...YEAR_HELP,
  ],
);
const { bookings: BOOKINGS, year: YEAR, seed: SEED } = yearOptions(opts);
const RUNS = positiveInt(opts.runs, '--runs', 1);
const RECEIPTS = Math.min(positiveInt(opts.receipts, '--receipts', 0), BOOKINGS);
const INVOICES = positiveInt(opts.invoices, '--invoices', 0);
requireNodeAndBuild(ROOT, 'node_modules/.bin/node bench/archive.mjs');
const vat = await loadVatRule(ROOT);
const { dirs, acctEnv } = makeSandbox({ keep: opts.keep });
const out = (line = '') => process.stdout.write(`${line}\n`);

/** Every RECEIPTS-th booking gets a receipt: a file under files/bench/ and its row, as an upload would leave them. */
function seedReceipts(dataDir) {
  const { DatabaseSync } = process.getBuiltinModule('node:sqlite');
  const db = new DatabaseSync(join(dataDir, 'acct.sqlite'));
  const rand = mulberry32(SEED);
  let bytes = 0;
  try {
    mkdirSync(join(dataDir, 'files', 'bench'), { recursive: true });
    const ids = db
      .prepare('SELECT id FROM entries WHERE company_id = 1 ORDER BY id')
      .all()
      .map((r) => Number(r.id));
    const step = Math.max(1, Math.floor(ids.length / Math.max(1, RECEIPTS)));
    const insert = db.prepare(
      'INSERT INTO files (company_id, name, size, mime, path, created_at, updated_at) VALUES (1, ?, ?, ' +
        "'application/pdf', ?, datetime('now'), datetime('now'))",
    );
    const link = db.prepare('UPDATE entries SET file_id = ? WHERE id = ?');
    db.exec('BEGIN');
    for (let i = 0; i < RECEIPTS; i++) {
      const content = Buffer.alloc(20_000 + Math.floor(rand() * 40_000));
      for (let k = 0; k < content.length; k++) content[k] = (rand() * 256) | 0;
      const path = join('files', 'bench', `receipt-${i}.pdf`);
      writeFileSync(join(dataDir, path), content);
      bytes += content.length;
      const id = Number(insert.run(`Beleg ${i + 1}.pdf`, content.length, path).lastInsertRowid);
      link.run(id, ids[i * step]);
    }
    db.exec('COMMIT');
  } finally {
    db.close();
  }
  return bytes;
}

async function api(base, method, path, body) {
  const { status, text } = await httpRequest(`${base}/companies/1${path}`, TOKEN, { method, body });
  if (status < 200 || status > 299) die(`${method} ${path}: HTTP ${status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** The creditor and IBAN a QR-bill needs, a customer, the invoices and proposals of the year through the API. */
async function seedDocuments(base) {
  await mustRun(
    NODE,
    [
      BIN,
      'server',
      'companies',
      'set',
      '1',
      '--data',
      dirs.serverData,
      '--creditor-name',
      'Bench AG',
      '--creditor-street',
      'Bahnhofstrasse',
      '--creditor-building',
      '12',
      '--creditor-zip',
      '8001',
      '--creditor-city',
      'Zürich',
    ],
    { env: acctEnv },
  );
  const bank = (await api(base, 'GET', '/accounts?type=bank')).find((a) => a.number === 1020);
  await api(base, 'PUT', `/accounts/${bank.id}`, { iban: 'CH93 0076 2011 6238 5295 7' });
  const customer = (
    await api(base, 'POST', '/customers', {
      name: 'Beispiel AG',
      street: 'Seestrasse 5',
      zip: '6003',
      city: 'Luzern',
      country: 'CH',
    })
  ).data;
  const day = (i, n) =>
    new Date(Date.UTC(YEAR, 0, 1) + Math.floor((i * 364) / Math.max(1, n)) * 86400000).toISOString().slice(0, 10);
  const positions = (i) =>
    Array.from({ length: 6 }, (_, k) => ({
      description: `Beratung ${i + 1}.${k + 1}`,
      amount: 1 + (k % 5),
      price: 150,
      unit: 'h',
    }));
  for (let i = 0; i < INVOICES; i++)
    await api(base, 'POST', '/invoices', {
      customer_id: customer.id,
      date: day(i, INVOICES),
      title: `Mandat ${i + 1}`,
      positions: positions(i),
    });
  const proposals = Math.ceil(INVOICES / 5);
  for (let i = 0; i < proposals; i++)
    await api(base, 'POST', '/proposals', {
      customer_id: customer.id,
      date: day(i, proposals),
      title: `Offerte ${i + 1}`,
      positions: positions(i),
    });
  return proposals;
}

out(
  `acct archive benchmark: ${BOOKINGS} bookings in ${YEAR} (${RECEIPTS} with a receipt), ${INVOICES} invoices, ` +
    `node ${process.version}, ${availableParallelism()} CPUs`,
);
// the service seeds the directory (company 1, the chart, the token); the bookings go straight into its database
let server = (await startAcctServer({ env: acctEnv, dataDir: dirs.serverData, token: TOKEN })).child;
await stopAcctServer(server);
const { ms: seedMs } = seedBookings(dirs.serverData, { bookings: BOOKINGS, year: YEAR, seed: SEED, vat });
const receiptBytes = seedReceipts(dirs.serverData);
const started = await startAcctServer({
  env: acctEnv,
  dataDir: dirs.serverData,
  token: TOKEN,
});
server = started.child;
const proposals = await seedDocuments(started.url);
out(
  `seeded in ${fmt(seedMs)}; receipts ${(receiptBytes / 2 ** 20).toFixed(1)} MiB; ${INVOICES} invoices and ` +
    `${proposals} proposals through the API\n`,
);

const env = { ...acctEnv, ACCT_BASE_URL: started.url, ACCT_TOKEN: TOKEN, ACCT_COMPANY: '1' };
const archive = join(dirs.root, `buchhaltung-${YEAR}.zip`);
const exported = join(dirs.root, `bookings-${YEAR}.csv`);
// V8 lets its heap grow while garbage comes fast, so a peak RSS alone does not tell what is kept: each
// command runs once more with the old generation held to HEAP_MIB, which it survives only if what it
// keeps stays below that whatever the number of bookings
const HEAP_MIB = 64;
const PERIOD = ['--from', `${YEAR}-01-01`, '--to', `${YEAR}-12-31`];
const exportArgs = ['entries', 'export', ...PERIOD, '--out', exported, '--force'];
const archiveArgs = ['archive', String(YEAR), '--out', archive, '--force'];
const commands = [
  { name: 'acct entries export (baseline)', args: exportArgs },
  { name: `acct archive ${YEAR}`, args: archiveArgs },
  { name: 'acct archive verify', args: ['archive', 'verify', archive] },
  { name: `  export, heap ${HEAP_MIB} MiB`, args: exportArgs, node: [`--max-old-space-size=${HEAP_MIB}`], runs: 1 },
  { name: `  archive, heap ${HEAP_MIB} MiB`, args: archiveArgs, node: [`--max-old-space-size=${HEAP_MIB}`], runs: 1 },
];
const rows = [];
for (const c of commands) {
  const runs = [];
  for (let i = 0; i < (c.runs ?? RUNS); i++)
    runs.push(await mustRun(NODE, [...(c.node ?? []), BIN, ...c.args], { env, peakRss: true }));
  rows.push({
    ...c,
    ms: median(runs.map((r) => r.ms)),
    rssMiB: Math.max(...runs.map((r) => r.rssKiB ?? 0)) / 1024,
    stderr: runs.at(-1).stderr,
  });
}
const serviceMiB = procMiB(server.pid, 'VmHWM');
await stopAcctServer(server);

const base = rows[0];
out('command                          median   × baseline   peak RSS');
out('-------------------------------  -------  -----------  --------');
for (const r of rows)
  out(
    `${r.name.padEnd(31)}  ${fmt(r.ms).padStart(7)}  ${`${(r.ms / base.ms).toFixed(2)}×`.padStart(11)}  ` +
      `${`${r.rssMiB.toFixed(0)} MiB`.padStart(8)}`,
  );
const said = /Archive of .*$/m.exec(rows[1].stderr)?.[0] ?? '(no summary line)';
out(`\n${said}`);
out(
  `archive ${(statSync(archive).size / 2 ** 20).toFixed(1)} MiB; bookings CSV alone ` +
    `${(statSync(exported).size / 2 ** 20).toFixed(1)} MiB; the service's peak RSS ` +
    `${serviceMiB?.toFixed(0) ?? '?'} MiB`,
);
const load = loadavg()[0];
if (load > availableParallelism() * 0.75)
  out(
    `note: the machine was busy (1-min load average ${load.toFixed(2)} on ${availableParallelism()} CPUs); ` +
      `figures are noisy`,
  );
if (opts.keep) out(`kept: ${dirs.root}`);
