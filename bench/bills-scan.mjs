#!/usr/bin/env node
// QR-bill scan benchmark (`acct bills add`, issue 25): how long finding and reading the Swiss QR code
// takes in
// - a 3-page A4 PDF with the QR-bill on page 3 (every page rendered by mupdf at 150 dpi and read by
//   zxing-wasm until the code is found: the worst case for a bill of 3 pages; target under 1 s);
// - a photo-like PNG (900 × 900, the code scaled 0.8 and turned 4° on grey with noise).
// Each run is a fresh Node process, as the command is: it loads both WebAssembly modules, reads the
// file and decodes it (src/cli/bills/scan.ts, run as it is by Node's type stripping). Against two
// baselines in the same run: `node -e 0`, and a process that only reads the file. Then the same
// decodes inside one process once the modules are loaded (warm). The files are drawn by
// test/helpers/foreign-qr-bills.ts (bwip-js, pdf-lib, pngjs). Figures, not assertions: exits 0 once
// they are printed (1 when a decode does not find the payload).
//
//   node bench/bills-scan.mjs [--runs N]
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchOptions, die, fmtMs, makeSandbox, positiveInt, ROOT, runTimed, summarize } from './lib.mjs';

const NODE = process.execPath;
const TARGET_MS = 1000;

const opts = benchOptions({ runs: { type: 'string', default: '7' } }, 'usage: node bench/bills-scan.mjs [--runs N]', [
  '--runs N   fresh processes per file and baseline (default 7; min and median shown)',
]);
const RUNS = positiveInt(opts.runs, '--runs', 1);
if (!process.features?.typescript)
  die(
    `this benchmark runs TypeScript files as they are and needs Node 22.18 or newer; this is ${process.version}. ` +
      `Run it with the project's Node: node_modules/.bin/node bench/bills-scan.mjs`,
  );

const { dirs, baseEnv } = makeSandbox();
const scanModule = pathToFileURL(join(ROOT, 'src/cli/bills/scan.ts')).href;
const drawings = await import(pathToFileURL(join(ROOT, 'test/helpers/foreign-qr-bills.ts')).href);

const payload = drawings.foreignPayload(drawings.IG_EXAMPLE_BILL);
const pdf = join(dirs.root, 'bill.pdf');
const png = join(dirs.root, 'photo.png');
writeFileSync(pdf, await drawings.threePagePdf(payload));
writeFileSync(png, await drawings.photoPng(payload, { scale: 0.8, degrees: 4 }));

/** A fresh process: `script` with the file as argv[1]; its wall time, from spawn to exit. */
async function timedProcess(script, file) {
  const r = await runTimed(NODE, ['--input-type=module', '-e', script, file], { env: baseEnv });
  if (r.status !== 0) die(`a run failed (exit ${r.status}):\n${r.stderr.slice(-2000)}`);
  return { ms: r.ms, out: r.stdout };
}

const decodeScript = `
import { readFileSync } from 'node:fs';
import { findQrBill, scanKind } from ${JSON.stringify(scanModule)};
const bytes = new Uint8Array(readFileSync(process.argv[1]));
const found = await findQrBill(bytes, scanKind(bytes));
process.stdout.write(JSON.stringify(found));`;
const readScript = `import { readFileSync } from 'node:fs'; readFileSync(process.argv[1]);`;

async function series(name, script, file, check) {
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const { ms, out } = await timedProcess(script, file);
    if (check && !check(out)) die(`${name}: the QR-bill's payload was not read back: ${out.slice(0, 300)}`);
    samples.push(ms);
  }
  return summarize(samples);
}

const found = (pages) => (out) => {
  const r = JSON.parse(out);
  return r.payload === payload && r.pages === pages;
};

process.stdout.write(
  `QR-bill scan: ${RUNS} fresh processes each (Node ${process.version}, ${availableParallelism()} cores, load ` +
    `${loadavg()[0].toFixed(2)})\n`,
);
const rows = [
  ['node -e 0', await series('node -e 0', '', pdf)],
  ['read the PDF only', await series('read', readScript, pdf)],
  ['3-page PDF, QR on page 3', await series('pdf', decodeScript, pdf, found(3))],
  ['photo PNG', await series('png', decodeScript, png, found(1))],
];
const baseline = rows[0][1].median;
for (const [name, s] of rows) {
  process.stdout.write(
    `  ${name.padEnd(26)} min ${fmtMs(s.min).padStart(7)}  median ${fmtMs(s.median).padStart(7)}  ` +
      `(${fmtMs(s.median - baseline)} over node -e 0)\n`,
  );
}

// the same inside one process, once mupdf and zxing-wasm are loaded
const { findQrBill, scanKind } = await import(scanModule);
const { readFileSync } = await import('node:fs');
const warm = async (file) => {
  const bytes = new Uint8Array(readFileSync(file));
  await findQrBill(bytes, scanKind(bytes));
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await findQrBill(bytes, scanKind(bytes));
    samples.push(performance.now() - t0);
  }
  return summarize(samples);
};
for (const [name, file] of [
  ['3-page PDF, warm', pdf],
  ['photo PNG, warm', png],
]) {
  const s = await warm(file);
  process.stdout.write(`  ${name.padEnd(26)} min ${fmtMs(s.min).padStart(7)}  median ${fmtMs(s.median).padStart(7)}\n`);
}
const pdfOver = rows[2][1].median - baseline;
process.stdout.write(
  `target: the 3-page PDF under ${fmtMs(TARGET_MS)} over Node's start: ${fmtMs(pdfOver)} ` +
    `${pdfOver < TARGET_MS ? '✓' : '✗'}\n`,
);
