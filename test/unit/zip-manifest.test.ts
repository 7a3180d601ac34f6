// The manifest ZIP (backups and year archives) refuses damage wherever it is: a bit flipped in any byte
// a reader's extraction depends on — the data, the local headers, the data descriptors, the central
// directory, its end — and a file cut at any length. Only dates and version numbers may change unseen,
// and the padding bits after a deflate stream's last code, which no inflater reads (zlib extracts the
// very same bytes: checked).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManifestZipWriter, verifyManifestZip, ZipVerifyError } from '../../src/zip-manifest.js';

let dir: string;
let bytes: Buffer;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'acct-zip-'));
  const w = new ManifestZipWriter(join(dir, 'a.zip'), 'acct-archive', 6);
  w.addBytes('README.txt', 'Buchhaltung, Geschäftsjahr 2025 '.repeat(10));
  w.addBytes(
    'receipts/A-2025-001_Quittung Bäckerei.pdf',
    Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 31) % 251)),
  );
  w.addBytes('receipts/A-2025-002_Foto.jpg', Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 17) % 253)), 0);
  const m = w.open('bookings.csv');
  m.push('id,date\r\n');
  m.push('1,2025-01-02\r\n');
  m.close();
  w.finish({ year: 2025 });
  bytes = readFileSync(join(dir, 'a.zip'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** verifyManifestZip of `data`: undefined when it passes, else the error. */
async function verify(data: Uint8Array): Promise<Error | undefined> {
  const file = join(dir, 'damaged.zip');
  writeFileSync(file, data);
  try {
    await verifyManifestZip(file);
    return undefined;
  } catch (err) {
    return err as Error;
  }
}

/** Every member as zlib extracts it, found through the central directory as an unzip tool finds it. */
function extracted(zip: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  const end = zip.length - 22;
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const name = zip.subarray(at + 46, at + 46 + zip.readUInt16LE(at + 28)).toString('utf8');
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + zip.readUInt32LE(at + 20));
    out[name] = (zip.readUInt16LE(at + 10) === 0 ? data : inflateRawSync(data)).toString('hex');
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

/** The offsets of the bytes that hold only dates and version numbers: the local headers' and the directory entries'. */
function cosmetic(zip: Buffer): Set<number> {
  const out = new Set<number>();
  const end = zip.length - 22;
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    for (const k of [4, 5, 6, 7, 12, 13, 14, 15]) out.add(at + k);
    const local = zip.readUInt32LE(at + 42);
    for (const k of [4, 5, 10, 11, 12, 13]) out.add(local + k);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

describe('verifyManifestZip', () => {
  it('passes the ZIP as written', async () => {
    expect(await verify(bytes)).toBeUndefined();
  });

  it('refuses a bit flipped in any byte but a date, a version number or an unread padding bit', async () => {
    const skip = cosmetic(bytes);
    const original = extracted(bytes);
    const passed: string[] = [];
    for (let i = 0; i < bytes.length; i++) {
      if (skip.has(i)) continue;
      for (const bit of [0x01, 0x80]) {
        const flipped = Buffer.from(bytes);
        flipped[i] ^= bit;
        const err = await verify(flipped);
        if (err !== undefined) {
          expect(err, `byte ${i}`).toBeInstanceOf(ZipVerifyError);
          continue;
        }
        // passed: only where an unzip tool extracts the very same bytes too
        let same = false;
        try {
          same = JSON.stringify(extracted(flipped)) === JSON.stringify(original);
        } catch {
          /* zlib refuses it */
        }
        if (!same) passed.push(`byte ${i} bit ${bit}`);
      }
    }
    expect(passed).toEqual([]);
  }, 120_000);

  it('refuses the file cut at any length', async () => {
    for (let n = 0; n < bytes.length; n++)
      expect(await verify(bytes.subarray(0, n)), `${n} bytes`).toBeInstanceOf(ZipVerifyError);
  }, 60_000);

  it('extracts every member byte for byte', async () => {
    const into = join(dir, 'out');
    await verifyManifestZip(join(dir, 'a.zip'), into);
    expect(readFileSync(join(into, 'bookings.csv'), 'utf8')).toBe('id,date\r\n1,2025-01-02\r\n');
    expect(readFileSync(join(into, 'receipts', 'A-2025-001_Quittung Bäckerei.pdf'))).toEqual(
      Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 31) % 251)),
    );
    expect(readFileSync(join(into, 'receipts', 'A-2025-002_Foto.jpg'))).toEqual(
      Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 17) % 253)),
    );
  });
});
