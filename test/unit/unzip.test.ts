// Reading a ZIP archive within limits (src/domain/unzip.ts): the files as fflate's unzipSync reads them,
// ZIP64, and every limit — counted on the bytes actually inflated, whatever the headers declare, and
// inflating stopped at the limit. The CAMT upload's limits and messages: camt.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { UnzipError, unzipWithin, type UnzipLimits } from '../../src/domain/unzip.js';
import { zipBomb } from '../helpers/zip-bomb.js';

const MB = 1024 * 1024;
const ROOMY: UnzipLimits = { files: 100, fileBytes: 100 * MB, totalBytes: 100 * MB };
const sample = (file: string): Uint8Array =>
  new Uint8Array(readFileSync(join(import.meta.dirname, '../fixtures/camt', file)));

/** The UnzipError `unzipWithin` throws. */
function errorOf(data: Uint8Array, limits: UnzipLimits = ROOMY): UnzipError {
  try {
    unzipWithin(data, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(UnzipError);
    return error as UnzipError;
  }
  throw new Error('no UnzipError');
}

const u32At = (d: Uint8Array, at: number) => new DataView(d.buffer, d.byteOffset).getUint32(at, true);
const setU32 = (d: Uint8Array, at: number, value: number) =>
  new DataView(d.buffer, d.byteOffset).setUint32(at, value, true);
const setU16 = (d: Uint8Array, at: number, value: number) =>
  new DataView(d.buffer, d.byteOffset).setUint16(at, value, true);
/** Offsets of the central directory entries. */
function directoryEntries(d: Uint8Array): number[] {
  const at: number[] = [];
  for (let i = 0; i + 4 <= d.length; i++) if (u32At(d, i) === 0x02014b50) at.push(i);
  return at;
}

describe('reading', () => {
  test('deflated and stored files, folders and empty files, in central directory order, as unzipSync reads', () => {
    const xml = sample('camt054-v04-collective.xml');
    for (const level of [0, 6] as const) {
      const zip = zipSync(
        {
          'b/statement.xml': xml,
          'a.txt': strToU8('hallo'),
          'empty.txt': new Uint8Array(0),
          'folder/': new Uint8Array(0),
        },
        { level },
      );
      const files = unzipWithin(zip, ROOMY);
      expect(files.map((f) => f.name)).toEqual(['b/statement.xml', 'a.txt', 'empty.txt', 'folder/']);
      expect(Object.fromEntries(files.map((f) => [f.name, new Uint8Array(f.bytes)]))).toEqual(unzipSync(zip));
    }
  });

  test('a ZIP64 archive (zip -fz): the end records and the offsets in ZIP64 extra fields', () => {
    const files = unzipWithin(sample('collective-zip64.zip'), ROOMY);
    expect(files.map((f) => [f.name, f.bytes.length])).toEqual([
      ['a.xml', 2308],
      ['empty.txt', 0],
      ['d/', 0],
    ]);
    expect(new Uint8Array(files[0].bytes)).toEqual(sample('camt054-v04-collective.xml'));
  });

  test('a streamed archive (data descriptors, no sizes in the local headers)', () => {
    const files = unzipWithin(
      zipBomb([
        { name: 'a.bin', megabytes: 2 },
        { name: 'b.bin', megabytes: 1 },
      ]),
      ROOMY,
    );
    expect(files.map((f) => [f.name, f.bytes.length, f.bytes.every((b) => b === 0)])).toEqual([
      ['a.bin', 2 * MB, true],
      ['b.bin', MB, true],
    ]);
  });

  test('broken archives: not a ZIP, cut off, data past the end, an unknown compression method', () => {
    expect(errorOf(strToU8('PK\x03\x04 nothing more')).message).toBe('no end of central directory');
    const zip = zipSync({ 'a.xml': sample('camt054-v04-collective.xml') });
    expect(errorOf(zip.slice(0, zip.length - 30)).tooLarge).toBe(false);
    const long = zip.slice();
    setU32(long, directoryEntries(long)[0] + 20, 1_000_000); // compressed size
    expect(errorOf(long).message).toBe('a.xml: the data runs past the end of the archive');
    const method = zip.slice();
    setU16(method, directoryEntries(method)[0] + 10, 12);
    expect(errorOf(method).message).toBe('a.xml: compression method 12 is not supported');
    const corrupt = zip.slice();
    corrupt.fill(0xff, 40, 60); // inside the deflated data
    expect(errorOf(corrupt).message).toMatch(/^a\.xml: /);
  });
});

describe('limits', () => {
  test('files: counted from the central directory before anything is inflated', () => {
    const zip = zipSync(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.xml`, strToU8('<a/>')])));
    expect(unzipWithin(zip, { ...ROOMY, files: 11 })).toHaveLength(11);
    const error = errorOf(zip, { ...ROOMY, files: 10 });
    expect([error.message, error.tooLarge]).toEqual(['it holds 11 files, more than 10', true]);
  });

  test("one file's inflated bytes: up to the limit, not a byte more", () => {
    const zip = zipSync({ 'a.bin': new Uint8Array(1024), 'b.bin': new Uint8Array(1025) });
    const error = errorOf(zip, { ...ROOMY, fileBytes: 1024 });
    expect([error.message, error.tooLarge]).toEqual(['b.bin unpacks to more than 1 kilobytes', true]);
    expect(unzipWithin(zip, { ...ROOMY, fileBytes: 1025 })).toHaveLength(2);
  });

  test("all files' inflated bytes together", () => {
    const zip = zipSync({ 'a.bin': new Uint8Array(3 * 1024), 'b.bin': new Uint8Array(3 * 1024) }, { level: 0 });
    expect(errorOf(zip, { ...ROOMY, totalBytes: 6 * 1024 - 1 }).message).toBe(
      'its files unpack to more than 5 kilobytes in all',
    );
    expect(unzipWithin(zip, { ...ROOMY, totalBytes: 6 * 1024 })).toHaveLength(2);
  });

  test('declared sizes do not count: a file that declares 10 bytes and inflates to 2 MB is refused', () => {
    const zip = zipSync({ 'a.bin': new Uint8Array(2 * MB) });
    setU32(zip, directoryEntries(zip)[0] + 24, 10); // uncompressed size in the central directory
    setU32(zip, 22, 10); // and in the local header
    expect(errorOf(zip, { ...ROOMY, fileBytes: MB }).message).toBe('a.bin unpacks to more than 1024 kilobytes');
  });

  test('entries that share their data (an overlapping bomb) count each time', () => {
    const zip = zipSync({ 'a.bin': new Uint8Array(1024) }, { level: 0 });
    // the central directory entry written three times, all pointing at the one file's data
    const [entry] = directoryEntries(zip);
    const end = zip.length - 22;
    const record = zip.subarray(entry, end);
    const bomb = new Uint8Array(entry + 3 * record.length + 22);
    bomb.set(zip.subarray(0, entry));
    for (let i = 0; i < 3; i++) bomb.set(record, entry + i * record.length);
    bomb.set(zip.subarray(end), entry + 3 * record.length);
    setU16(bomb, bomb.length - 22 + 8, 3);
    setU16(bomb, bomb.length - 22 + 10, 3);
    setU32(bomb, bomb.length - 22 + 12, 3 * record.length);
    expect(unzipWithin(bomb, ROOMY).map((f) => f.name)).toEqual(['a.bin', 'a.bin', 'a.bin']);
    expect(errorOf(bomb, { ...ROOMY, totalBytes: 2 * 1024 }).message).toBe(
      'its files unpack to more than 2 kilobytes in all',
    );
  });

  test('inflating stops at the limit: a 1 GB file refused at 1 MB takes a moment, not the seconds 1 GB takes', () => {
    const bomb = zipBomb([{ name: 'big.bin', megabytes: 1024 }]);
    const started = performance.now();
    expect(errorOf(bomb, { ...ROOMY, fileBytes: MB }).message).toBe('big.bin unpacks to more than 1024 kilobytes');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
