#!/usr/bin/env node
// Upload limits benchmark (issue 21): bank statement uploads built to take the service down — ZIP bombs
// (12 files of 400 MB of zeros in 5 MB, one file of 1 GB, files each within the limit but beyond the
// archive's), XML with a DOCTYPE, 20,000 nested elements — each sent to a fresh `acct server start`
// of its own: the answer's status and time, the service's memory before, at its peak and after, and
// whether it still answers `GET /users/me`. Figures, not assertions: exits 0 once they are printed.
// Target: a 422 within a second, the peak memory barely moving.
//
//   node bench/upload-limits.mjs [--only NAME]
//
// See bench/README.md ("Upload limits benchmark").
import { join } from 'node:path';
import {
  benchOptions,
  die,
  httpGet,
  makeSandbox,
  procMiB,
  requireNodeAndBuild,
  ROOT,
  startAcctServer,
  stopAcctServer,
} from './lib.mjs';

const TOKEN = 'bench-token';
const USAGE = 'usage: node bench/upload-limits.mjs [--only NAME]';

const options = benchOptions({ only: { type: 'string' } }, USAGE, [
  '--only NAME   one case: bomb-12x400, bomb-1g, bomb-total, doctype, nested',
]);
requireNodeAndBuild(ROOT, 'node_modules/.bin/node bench/upload-limits.mjs');

// the tests' bomb builder (test/helpers/zip-bomb.ts), bundled in memory
const { build } = await import('esbuild');
const bundle = await build({
  entryPoints: [join(ROOT, 'test/helpers/zip-bomb.ts')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
  logLevel: 'silent',
});
const { zipBomb } = await import(
  `data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`
);

const members = (n, megabytes, name) =>
  Array.from({ length: n }, (_, i) => ({ name: `${name}-${i + 1}.xml`, megabytes }));
const CASES = {
  'bomb-12x400': {
    what: 'ZIP: 12 × 400 MB of zeros',
    name: 'bomb.zip',
    content: () => zipBomb(members(12, 400, 'auszug')),
  },
  'bomb-1g': { what: 'ZIP: 1 × 1 GB of zeros', name: 'gross.zip', content: () => zipBomb(members(1, 1024, 'gross')) },
  'bomb-total': { what: 'ZIP: 4 × 45 MB of zeros', name: 'teile.zip', content: () => zipBomb(members(4, 45, 'teil')) },
  doctype: {
    what: 'XML with a DOCTYPE',
    name: 'doctype.xml',
    content: () =>
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document><BkToCstmrStmt><Stmt>' +
      '<Id>&x;</Id></Stmt></BkToCstmrStmt></Document>',
  },
  nested: {
    what: 'XML nested 20,000 deep',
    name: 'tief.xml',
    content: () =>
      `<Document><BkToCstmrStmt>${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</BkToCstmrStmt></Document>`,
  },
};
if (options.only !== undefined && !(options.only in CASES)) die(`unknown case "${options.only}"\n${USAGE}`, 2);

const { dirs, baseEnv } = makeSandbox();

/** One case on a service of its own: status, time, memory. */
async function runCase(key, { what, name, content }) {
  const bytes = content();
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const encoded = new Response(form); // the multipart body, encoded before the clock starts
  const body = Buffer.from(await encoded.arrayBuffer());
  const { url, child } = await startAcctServer({
    env: baseEnv,
    dataDir: join(dirs.serverData, key),
    token: TOKEN,
  });
  await httpGet(`${url}/users/me`, TOKEN); // the routes loaded, as after any first request
  const rssBefore = procMiB(child.pid);
  const peakBefore = procMiB(child.pid, 'VmHWM');
  const t0 = performance.now();
  let status;
  let message = '';
  try {
    const res = await fetch(`${url}/companies/1/entries/import/camt-upload`, {
      method: 'POST',
      body,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        accept: 'application/json',
        'content-type': encoded.headers.get('content-type'),
      },
    });
    status = res.status;
    const json = await res.json().catch(() => ({}));
    message = json.errors?.file?.[0] ?? json.message ?? '';
  } catch (err) {
    status = `failed (${err.cause?.code ?? err.message})`;
  }
  const ms = performance.now() - t0;
  const peak = procMiB(child.pid, 'VmHWM');
  const rssAfter = procMiB(child.pid);
  const alive = await httpGet(`${url}/users/me`, TOKEN).then(
    (r) => r.status,
    () => 'no answer',
  );
  await stopAcctServer(child);
  return { what, size: bytes.length, status, ms, rssBefore, peakBefore, peak, rssAfter, alive, message };
}

const mib = (v) => (v === undefined ? '?' : `${v.toFixed(0)} MB`);
process.stdout.write(`node ${process.version}, ${new Date().toISOString()}\n\n`);
process.stdout.write(
  '| case | upload | status | answer | RSS before | peak (VmHWM) | RSS after | then GET /users/me |\n' +
    '|---|---|---|---|---|---|---|---|\n',
);
const messages = [];
for (const [key, spec] of Object.entries(CASES)) {
  if (options.only !== undefined && key !== options.only) continue;
  const r = await runCase(key, spec);
  const size = r.size >= 1024 * 1024 ? `${(r.size / 1024 / 1024).toFixed(1)} MB` : `${(r.size / 1024).toFixed(0)} KB`;
  process.stdout.write(
    `| ${r.what} | ${size} | ${r.status} | ${r.ms.toFixed(0)} ms | ${mib(r.rssBefore)} | ${mib(r.peak)} ` +
      `(+${(r.peak - r.peakBefore).toFixed(0)}) | ${mib(r.rssAfter)} | ${r.alive} |\n`,
  );
  messages.push(`${key}: ${r.message}`);
}
process.stdout.write(`\n${messages.join('\n')}\n`);
