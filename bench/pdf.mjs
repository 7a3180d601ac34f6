#!/usr/bin/env node
// PDF benchmark: renders invoice PDFs through the API of `acct server start` (GET /invoices/{id}/pdf,
// the QR-bill part included) one after another and prints the time per PDF — the first, which loads
// pdfkit and swissqrbill, apart from the rest — and the service process's peak memory (VmHWM).
// Figures, not assertions: exits 0 once they are printed. Target: under 50 ms a PDF after the first.
//
//   node bench/pdf.mjs [--invoices N] [--positions N]
//
// See bench/README.md ("PDF benchmark").
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOptions, die, httpRequest, makeSandbox, positiveInt, procMiB, requireNodeAndBuild, startAcctServer, stopAcctServer, summarize } from './lib.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'acct.js');
const NODE = process.execPath;
const TOKEN = 'bench-token';
const TARGET_MS = 50;

const opts = benchOptions({
  invoices: { type: 'string', default: '100' },
  positions: { type: 'string', default: '12' },
}, 'usage: node bench/pdf.mjs [--invoices N] [--positions N]', [
  '--invoices N    invoices rendered, one PDF each (default 100)',
  '--positions N   positions per invoice (default 12)',
]);
const INVOICES = positiveInt(opts.invoices, '--invoices', 2);
const POSITIONS = positiveInt(opts.positions, '--positions', 1);

requireNodeAndBuild(ROOT, 'node_modules/.bin/node bench/pdf.mjs');
const { dirs, acctEnv } = makeSandbox();

async function api(base, method, path, body) {
  const { status, text } = await httpRequest(`${base}/companies/1${path}`, TOKEN, { method, body });
  if (status < 200 || status > 299) throw new Error(`${method} ${path}: HTTP ${status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}


let server = null;
try {
  const started = await startAcctServer({ node: NODE, bin: BIN, cwd: ROOT, env: acctEnv, dataDir: dirs.serverData, token: TOKEN });
  server = started.child;
  const baseUrl = started.url;
  // the creditor address the QR part needs, set as an operator does (the service reads it per request)
  const set = spawnSync(NODE, [BIN, 'server', 'companies', 'set', '1', '--data', dirs.serverData,
    '--creditor-street', 'Bahnhofstrasse', '--creditor-building', '12', '--creditor-zip', '8001', '--creditor-city', 'Zürich'], { env: acctEnv, encoding: 'utf8' });
  if (set.status !== 0) throw new Error(`acct server companies set: ${set.stderr}`);

  // seed: the bank account's IBAN, a customer, N invoices
  const bank = (await api(baseUrl, 'GET', '/accounts?type=bank')).find((a) => a.number === 1020);
  await api(baseUrl, 'PUT', `/accounts/${bank.id}`, { iban: 'CH93 0076 2011 6238 5295 7' });
  const customer = (await api(baseUrl, 'POST', '/customers', { name: 'Beispiel AG', street: 'Seestrasse 5', zip: '6003', city: 'Luzern', country: 'CH' })).data;
  const ids = [];
  for (let i = 0; i < INVOICES; i++) {
    const positions = Array.from({ length: POSITIONS }, (_, k) => ({ description: `Beratung ${i + 1}.${k + 1}`, amount: 1 + (k % 5), price: 150, unit: 'h' }));
    ids.push((await api(baseUrl, 'POST', '/invoices', { customer_id: customer.id, title: `Mandat ${i + 1}`, positions })).id);
  }
  const before = procMiB(server.pid, 'VmRSS');

  const ms = [];
  let bytes = 0;
  for (const id of ids) {
    const t0 = process.hrtime.bigint();
    const out = await api(baseUrl, 'GET', `/invoices/${id}/pdf`);
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (!out.base64.startsWith('data:application/pdf;base64,')) throw new Error(`invoice ${id}: not a PDF`);
    bytes += (out.base64.length - 28) * 0.75;
  }
  const peak = procMiB(server.pid, 'VmHWM');

  const rest = summarize(ms.slice(1));
  const f = (v) => v.toFixed(1).padStart(7);
  const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
  process.stdout.write(
    `acct ${version} PDF benchmark: node ${process.versions.node}; ${INVOICES} invoices of ${POSITIONS} positions (QR-bill part included), ` +
    `rendered one after another through GET /invoices/{id}/pdf\n\n` +
    `first PDF (loads pdfkit, swissqrbill)  ${f(ms[0])} ms\n` +
    `after the first: median                ${f(rest.median)} ms\n` +
    `                 p90                   ${f(rest.p90)} ms\n` +
    `                 mean                  ${f(rest.mean)} ms\n` +
    `                 min / max             ${rest.min.toFixed(1)} / ${rest.max.toFixed(1)} ms\n` +
    `average PDF size                       ${f(bytes / INVOICES / 1024)} KB\n` +
    `service memory: resident before ${before === undefined ? '?' : before.toFixed(0)} MB, peak (VmHWM) ${peak === undefined ? '? (no /proc)' : `${peak.toFixed(0)} MB`}\n\n`,
  );
  const load = loadavg()[0];
  if (load > availableParallelism() * 0.7) process.stdout.write(`note: the machine was busy (1-min load average ${load.toFixed(2)} on ${availableParallelism()} CPUs); figures are noisy\n`);
  process.stdout.write(`target: median after the first under ${TARGET_MS} ms: ${rest.median < TARGET_MS ? 'met' : 'NOT met'}\n`);
} catch (err) {
  die(`PDF benchmark failed: ${err.message}`);
} finally {
  await stopAcctServer(server);
}
