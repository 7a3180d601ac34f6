// Keeping the books safe at scale: `acct server check`, `acct server backup` and `acct server restore`
// on a data directory holding a year of 100,000 bookings (bench/bookings.mjs). Prints each command's
// time (median of --runs) and peak memory; the target: check under 5 s, for a nightly cron.
import { statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  benchOptions,
  BIN,
  fmtMs as fmt,
  makeSandbox,
  median,
  mustRun,
  positiveInt,
  requireNodeAndBuild,
  ROOT,
} from './lib.mjs';
import { loadVatRule, seedBookings, YEAR_HELP, YEAR_OPTIONS, yearOptions } from './bookings.mjs';

const NODE = process.execPath;
const CHECK_TARGET_MS = 5000;

const opts = benchOptions(
  { ...YEAR_OPTIONS, runs: { type: 'string', default: '3' } },
  'usage: node bench/safekeeping.mjs [--bookings N] [--runs N] [--year YYYY] [--seed N] [--keep]',
  [
    '--bookings N   bookings to generate (default 100000)',
    '--runs N       measured runs of each command (default 3)',
    ...YEAR_HELP,
  ],
);
const { bookings: BOOKINGS, year: YEAR, seed: SEED } = yearOptions(opts);
const RUNS = positiveInt(opts.runs, '--runs', 1);
requireNodeAndBuild(ROOT, 'node_modules/.bin/node bench/safekeeping.mjs');
const vat = await loadVatRule(ROOT);
const { dirs, acctEnv } = makeSandbox({ keep: opts.keep });

process.stdout.write(`acct safekeeping benchmark: ${BOOKINGS} bookings in ${YEAR}, node ${process.version}\n`);
// a data directory seeded by the administration (company 1, the standard chart), then the bookings
await mustRun(NODE, [BIN, 'server', 'recur', '--data', dirs.serverData], { env: acctEnv });
const { ms: seedMs } = seedBookings(dirs.serverData, { bookings: BOOKINGS, year: YEAR, seed: SEED, vat });
const dbBytes = statSync(join(dirs.serverData, 'acct.sqlite')).size;
process.stdout.write(`seeded in ${fmt(seedMs)}; database ${(dbBytes / 2 ** 20).toFixed(1)} MiB\n\n`);

const backupFile = join(dirs.root, 'backup.zip');
const commands = [
  { name: 'acct server check', args: () => ['server', 'check', '--data', dirs.serverData], target: CHECK_TARGET_MS },
  { name: 'acct server backup', args: () => ['server', 'backup', '--data', dirs.serverData, '--out', backupFile] },
  {
    name: 'acct server restore',
    args: (i) => ['server', 'restore', backupFile, '--data', join(dirs.root, `restored-${i}`)],
  },
];
const rows = [];
for (const c of commands) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await mustRun(NODE, [BIN, ...c.args(i)], { env: acctEnv, peakRss: true }));
  rows.push({ ...c, ms: median(runs.map((r) => r.ms)), rssMiB: Math.max(...runs.map((r) => r.rssKiB ?? 0)) / 1024 });
}
process.stdout.write('command               median   peak RSS  target   result\n');
process.stdout.write('--------------------  -------  --------  -------  ------\n');
for (const r of rows) {
  const target = r.target ? `< ${fmt(r.target)}` : '';
  const result = r.target ? (r.ms < r.target ? 'ok' : 'over') : '';
  process.stdout.write(
    `${r.name.padEnd(20)}  ${fmt(r.ms).padStart(7)}  ${`${r.rssMiB.toFixed(0)} MiB`.padStart(8)}  ` +
      `${target.padEnd(7)}  ${result}\n`,
  );
}
process.stdout.write(
  `\nbackup file ${(statSync(backupFile).size / 2 ** 20).toFixed(1)} MiB (database ` +
    `${(dbBytes / 2 ** 20).toFixed(1)} MiB)\n`,
);
const load = loadavg()[0];
if (load > availableParallelism() * 0.75)
  process.stdout.write(
    `note: the machine was busy (1-min load average ${load.toFixed(2)} on ${availableParallelism()} CPUs); ` +
      `figures are noisy\n`,
  );
if (opts.keep) process.stdout.write(`kept: ${dirs.root}\n`);
