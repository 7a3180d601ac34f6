// Reading a ZIP archive within limits (pure, no I/O): at most so many files, each inflating to at most
// so many bytes, and all of them together to at most so many. The sizes an archive declares can lie (a
// ZIP bomb declares what it likes), so the bytes are counted as they are inflated and inflating stops
// as soon as a limit is passed: a 5 MB archive of 12 files of 400 MB each costs what its first 50 MB
// cost, not 4.8 GB. Node's zlib counts and stops (`maxOutputLength`), in C: at 50 MB of zeros it stops
// in a tenth of the time fflate's streaming Inflate takes, fed a few kilobytes at a time, and with half
// the memory (bench/README.md, "Upload limits benchmark").
//
// The files are found as fflate's unzipSync finds them, through the central directory (ZIP64 too);
// stored and deflated files are read, any other method is an error.
import { inflateRawSync } from 'node:zlib';

export interface UnzipLimits {
  /** Files in the archive (folders and every other entry count). */
  files: number;
  /** Inflated bytes of one file. */
  fileBytes: number;
  /** Inflated bytes of all files together. */
  totalBytes: number;
}

export interface UnzippedFile {
  name: string;
  bytes: Uint8Array;
}

/** The archive cannot be read; `tooLarge` when it is because it passes a limit, else it is broken. */
export class UnzipError extends Error {
  override name = 'UnzipError';
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

const u16 = (d: Uint8Array, at: number): number => d[at] | (d[at + 1] << 8);
const u32 = (d: Uint8Array, at: number): number =>
  (d[at] | (d[at + 1] << 8) | (d[at + 2] << 16) | (d[at + 3] << 24)) >>> 0;
/** A ZIP64 8-byte number; beyond 2^53 it is no offset or size of a buffer anyway. */
const u64 = (d: Uint8Array, at: number): number => u32(d, at) + u32(d, at + 4) * 0x1_0000_0000;

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ALL_ONES = 0xffffffff;

const broken = (what: string) => new UnzipError(what);

const utf8 = new TextDecoder();
/** A file name: UTF-8 when the entry's flag says so, else byte for byte (Latin-1), as unzipSync reads it. */
const nameOf = (bytes: Uint8Array, isUtf8: boolean): string =>
  isUtf8 ? utf8.decode(bytes) : String.fromCharCode(...bytes);

/** Where the central directory starts and how many entries it has. */
function directoryOf(data: Uint8Array): { offset: number; count: number } {
  // the end record is the last 22 bytes, or further back by a comment of up to 65,535 bytes
  let end = data.length - 22;
  while (end >= 0 && u32(data, end) !== END_OF_DIRECTORY) {
    if (data.length - end > 65_557) {
      end = -1;
      break;
    }
    end -= 1;
  }
  if (end < 0) throw broken('no end of central directory');
  let count = u16(data, end + 10);
  let offset = u32(data, end + 16);
  if (end >= 20 && u32(data, end - 20) === ZIP64_LOCATOR) {
    const at = u64(data, end - 12);
    if (at + 56 <= data.length && u32(data, at) === ZIP64_END_OF_DIRECTORY) {
      count = u64(data, at + 32);
      offset = u64(data, at + 48);
    }
  }
  return { offset, count };
}

interface Entry {
  name: string;
  method: number;
  start: number;
  compressedSize: number;
  next: number;
}

/** The central directory entry at `at`, with where its data starts in the archive. */
function entryAt(data: Uint8Array, at: number): Entry {
  if (at + 46 > data.length || u32(data, at) !== DIRECTORY_ENTRY) throw broken('a damaged central directory');
  const nameLength = u16(data, at + 28);
  const extraLength = u16(data, at + 30);
  const extra = at + 46 + nameLength;
  const next = extra + extraLength + u16(data, at + 32);
  if (next > data.length) throw broken('a damaged central directory');
  const name = nameOf(data.subarray(at + 46, extra), (u16(data, at + 8) & 0x800) !== 0);
  let compressedSize = u32(data, at + 20);
  let local = u32(data, at + 42);
  const zip64 = zip64Field(data, extra, extraLength);
  if (zip64 !== undefined) {
    // the ZIP64 field holds, in this order, those of the sizes and the offset that are all ones
    let field = zip64;
    if (u32(data, at + 24) === ALL_ONES) field += 8;
    if (compressedSize === ALL_ONES) {
      compressedSize = u64(data, field);
      field += 8;
    }
    if (local === ALL_ONES) local = u64(data, field);
  }
  if (local + 30 > data.length || u32(data, local) !== LOCAL_HEADER) throw broken(`${name}: no local header`);
  const start = local + 30 + u16(data, local + 26) + u16(data, local + 28);
  if (start + compressedSize > data.length) throw broken(`${name}: the data runs past the end of the archive`);
  return { name, method: u16(data, at + 10), start, compressedSize, next };
}

/** Where the data of an entry's ZIP64 extra field starts; undefined without one. */
function zip64Field(data: Uint8Array, at: number, length: number): number | undefined {
  for (let field = at; field + 4 <= at + length; field += 4 + u16(data, field + 2)) {
    if (u16(data, field) === 1) return field + 4;
  }
  return undefined;
}

/** The inflated bytes so far against the limits. */
class Budget {
  private total = 0;
  constructor(private readonly limits: UnzipLimits) {}

  /** The most the next file may inflate to. */
  room(): number {
    return Math.min(this.limits.fileBytes, this.limits.totalBytes - this.total);
  }

  /** Counts a file's bytes; past the room, the error of the limit that set it. */
  take(name: string, bytes: Uint8Array): Uint8Array {
    if (bytes.length > this.room()) throw this.passed(name);
    this.total += bytes.length;
    return bytes;
  }

  passed(name: string): UnzipError {
    const kb = (n: number) => `${Math.floor(n / 1024)} kilobytes`;
    return this.limits.fileBytes <= this.limits.totalBytes - this.total
      ? new UnzipError(`${name} unpacks to more than ${kb(this.limits.fileBytes)}`, true)
      : new UnzipError(`its files unpack to more than ${kb(this.limits.totalBytes)} in all`, true);
  }
}

/** An entry's bytes, inflated no further than the budget's room (zlib stops once its output passes it). */
function inflateEntry(data: Uint8Array, entry: Entry, budget: Budget): Uint8Array {
  const compressed = data.subarray(entry.start, entry.start + entry.compressedSize);
  if (entry.compressedSize === 0) return compressed; // a folder, an empty file
  if (entry.method === 0) return budget.take(entry.name, compressed);
  if (entry.method !== 8) throw broken(`${entry.name}: compression method ${entry.method} is not supported`);
  try {
    return budget.take(entry.name, inflateRawSync(compressed, { maxOutputLength: Math.max(budget.room(), 1) }));
  } catch (error) {
    if (error instanceof UnzipError) throw error;
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw budget.passed(entry.name);
    throw broken(`${entry.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The files of a ZIP archive in the order of its central directory, within `limits`. A broken archive,
 * or one past a limit (`tooLarge`), throws an UnzipError; inflating stops at the limit.
 */
export function unzipWithin(data: Uint8Array, limits: UnzipLimits): UnzippedFile[] {
  const { offset, count } = directoryOf(data);
  if (count > limits.files) throw new UnzipError(`it holds ${count} files, more than ${limits.files}`, true);
  const budget = new Budget(limits);
  const files: UnzippedFile[] = [];
  for (let i = 0, at = offset; i < count; i++) {
    const entry = entryAt(data, at);
    files.push({ name: entry.name, bytes: inflateEntry(data, entry, budget) });
    at = entry.next;
  }
  return files;
}
