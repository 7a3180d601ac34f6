// Bank statement uploads that must not take the service down (issue 21): a ZIP that inflates far past
// its size, or XML with a DOCTYPE or nested without end, is a 422 `errors.file`, answered at once,
// and the service goes on answering. Against `acct server start` in a process of its own (the built
// binary: `npm run build` first), so the test reads the service's own memory from /proc; the figures
// of the answer time and the memory are in bench/README.md ("Upload limits benchmark").
// Contract: docs/service/import-entries.md ("Upload").
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceProcess, type ServiceProcess } from '../helpers/service.js';
import { zipBomb } from '../helpers/zip-bomb.js';

const UPLOAD = '/companies/1/entries/import/camt-upload';
/** What the service's peak memory may grow by for one refused upload: the body, one member up to its limit, slack. */
const MAX_PEAK_GROWTH_MB = 200;
/** Generous for a shared test machine; the service answers within a second (bench/README.md). */
const MAX_ANSWER_MS = 5000;

let dataDir: string;
let svc: ServiceProcess;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'acct-upload-limits-'));
  svc = await startServiceProcess(dataDir);
}, 30_000);

afterAll(async () => {
  await svc?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The process's resident and peak resident memory in MB; undefined where there is no /proc. */
function memoryOf(pid: number): { rss: number; peak: number } | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function upload(content: Uint8Array | string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([content as BlobPart]), name);
  const started = performance.now();
  const res = await svc.call('POST', UPLOAD, form);
  return { ...res, ms: performance.now() - started };
}

/**
 * Uploads `content`: a 422 on `file` whose message matches `pattern`, in time, the peak memory barely moved, the
 * service still answering.
 */
async function expectRefused(content: Uint8Array | string, name: string, pattern: RegExp): Promise<void> {
  const before = memoryOf(svc.pid);
  const res = await upload(content, name);
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(Object.keys(res.body.errors)).toEqual(['file']);
  expect(res.body.errors.file[0]).toMatch(pattern);
  expect(res.ms).toBeLessThan(MAX_ANSWER_MS);
  const after = memoryOf(svc.pid);
  if (before && after)
    expect(after.peak - before.peak, `peak ${before.peak.toFixed(0)} → ${after.peak.toFixed(0)} MB`).toBeLessThan(
      MAX_PEAK_GROWTH_MB,
    );
  expect((await svc.call('GET', '/users/me')).status).toBe(200);
}

describe('ZIP bombs', () => {
  it('12 files of 400 MB of zeros in a 5 MB ZIP: 422 errors.file, at once, memory flat', async () => {
    const bomb = zipBomb(Array.from({ length: 12 }, (_, i) => ({ name: `auszug-${i + 1}.xml`, megabytes: 400 })));
    expect(bomb.length).toBeLessThan(6 * 1024 * 1024);
    await expectRefused(bomb, 'auszuege.zip', /auszug-1\.xml.*more than 51200 kilobytes/);
  }, 60_000);

  it('one file of 1 GB: 422 errors.file, not a 500', async () => {
    await expectRefused(
      zipBomb([{ name: 'gross.xml', megabytes: 1024 }]),
      'gross.zip',
      /gross\.xml.*more than 51200 kilobytes/,
    );
  }, 60_000);

  it("files each within the limit of one file, together beyond the archive's: 422 errors.file", async () => {
    const bomb = zipBomb(Array.from({ length: 4 }, (_, i) => ({ name: `teil-${i + 1}.xml`, megabytes: 45 })));
    await expectRefused(bomb, 'teile.zip', /more than 102400 kilobytes in all/);
  }, 60_000);
});

describe('XML the parser must not be handed', () => {
  it('a DOCTYPE (here an external entity) is a 422 errors.file naming it, never processed', async () => {
    const xml =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY x SYSTEM "file:///etc/passwd">]>' +
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04">' +
      '<BkToCstmrStmt><Stmt><Id>&x;</Id></Stmt></BkToCstmrStmt></Document>';
    await expectRefused(xml, 'doctype.xml', /DOCTYPE/);
  });

  it('20,000 nested elements are a 422 errors.file naming the depth', async () => {
    const xml = `<Document><BkToCstmrStmt>${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</BkToCstmrStmt></Document>`;
    await expectRefused(xml, 'tief.xml', /nested more than 100 levels deep/);
  });
});
