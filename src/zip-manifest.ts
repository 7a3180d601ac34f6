// ZIP files that carry their own proof: every member's SHA-256 in a manifest.json written last. Used by
// the service's backups (src/server/backup.ts) and the CLI's year archive (src/cli/archive/), so one
// reader verifies both. Written and read as streams (fflate's Zip one chunk at a time; read through the
// directory with Node's zlib, whose inflate refuses a damaged stream where fflate's would guess), so
// memory stays flat however large the receipts folder or the ledger is.
import { createHash, type Hash } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export const MANIFEST_NAME = 'manifest.json';

export interface ManifestMember {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  /** what the ZIP is: 'acct-backup' or 'acct-archive' */
  format: string;
  version: 1;
  created_at: string;
  members: ManifestMember[];
  /** SHA-256 of the members' lines `<sha256>  <path>\n` in order: the content as a whole */
  content_sha256: string;
  [key: string]: unknown;
}

/** A ZIP that does not hold what its manifest says (or no manifest): names the first thing wrong. */
export class ZipVerifyError extends Error {}

const READ_CHUNK = 1 << 20;

/** The content hash: one line per member, as sha256sum prints them, hashed in order. */
export function contentHash(members: readonly ManifestMember[]): string {
  const h = createHash('sha256');
  for (const m of members) h.update(`${m.sha256}  ${m.path}\n`);
  return h.digest('hex');
}

/**
 * How a member is compressed: 0 stored as it is (files compressed already), deflate 1 fast, 6 fflate's default, 9
 * small.
 */
export type DeflateLevel = 0 | 1 | 6 | 9;

/**
 * Writes a ZIP to `out` through a temporary file beside it, renamed into place once complete and
 * flushed: a reader never sees half an archive. Members are added with addBytes/addFile; finish()
 * appends the manifest (with `extra` fields) and returns it.
 */
export class ManifestZipWriter {
  private readonly tmp: string;
  private readonly fd: number;
  private readonly zip: Zip;
  private readonly members: ManifestMember[] = [];
  private failure: Error | undefined;
  private written = 0;

  /** `level`: deflate level of the members (1 is fast, 9 small; fflate's default is 6), unless a member says */
  constructor(
    private readonly out: string,
    private readonly format: string,
    private readonly level: DeflateLevel = 6,
  ) {
    mkdirSync(dirname(out), { recursive: true });
    this.tmp = `${out}.${process.pid}.partial`;
    this.fd = openSync(this.tmp, 'w', 0o600);
    // the callback runs synchronously inside push(): each compressed chunk goes straight to the file
    this.zip = new Zip((err, chunk) => {
      if (err) this.failure ??= err;
      else this.written += writeSync(this.fd, chunk);
    });
  }

  /** Adds one member from bytes in memory (small ones: CSV pages, PDFs, the manifest). */
  addBytes(path: string, bytes: Uint8Array | string, level?: DeflateLevel): ManifestMember {
    const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
    const member = this.open(path, level);
    member.push(data);
    return member.close();
  }

  /** Adds one member read from a file on disk in chunks. */
  addFile(path: string, source: string, level?: DeflateLevel): ManifestMember {
    const member = this.open(path, level);
    const fd = openSync(source, 'r');
    try {
      const buf = Buffer.allocUnsafe(READ_CHUNK);
      for (let n: number; (n = readSync(fd, buf, 0, buf.length, null)) > 0; ) member.push(buf.subarray(0, n));
    } finally {
      closeSync(fd);
    }
    return member.close();
  }

  /** A member written in pieces (an export's pages as they arrive). */
  open(
    path: string,
    level: DeflateLevel = this.level,
  ): { push(chunk: Uint8Array | string): void; close(): ManifestMember } {
    // without ZIP64 (fflate writes none) a ZIP holds 65,535 entries, the manifest one of them
    if (this.members.length >= 0xfffe) throw new Error(`more than ${0xfffe} files: a ZIP without ZIP64 holds no more`);
    const entry = level === 0 ? new ZipPassThrough(path) : new ZipDeflate(path, { level });
    this.zip.add(entry);
    const hash: Hash = createHash('sha256');
    let size = 0;
    return {
      push: (chunk) => {
        const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        hash.update(data);
        size += data.byteLength;
        entry.push(data);
        this.throwIfFailed();
      },
      close: () => {
        entry.push(new Uint8Array(0), true);
        this.throwIfFailed();
        const member = { path, size, sha256: hash.digest('hex') };
        this.members.push(member);
        return member;
      },
    };
  }

  finish(extra: Record<string, unknown> = {}): Manifest {
    const manifest: Manifest = {
      format: this.format,
      version: 1,
      created_at: new Date().toISOString(),
      ...extra,
      members: this.members,
      content_sha256: contentHash(this.members),
    };
    const entry = new ZipDeflate(MANIFEST_NAME, { level: 6 });
    this.zip.add(entry);
    entry.push(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), true);
    this.zip.end();
    this.throwIfFailed();
    fsyncSync(this.fd);
    closeSync(this.fd);
    renameSync(this.tmp, this.out);
    return manifest;
  }

  /** Gives up: the partial file is removed, `out` is left as it was. */
  abort(): void {
    try {
      closeSync(this.fd);
    } catch {
      /* closed already */
    }
    rmSync(this.tmp, { force: true });
  }

  private throwIfFailed(): void {
    // offsets and sizes are 32 bits without ZIP64: a larger file would be damaged from the start
    if (this.written > 0xffffffff - (1 << 20))
      this.failure ??= new Error('the ZIP reaches 4 GiB, the most a ZIP without ZIP64 holds');
    if (this.failure) throw this.failure;
  }
}

/** A member's path that stays inside the directory it is extracted to. */
function safeMemberPath(path: string): string {
  const clean = normalize(path);
  if (clean.startsWith('..') || clean.startsWith(sep) || clean.includes(`..${sep}`) || path.includes('\0')) {
    throw new ZipVerifyError(`member "${path}" points outside the archive`);
  }
  return clean;
}

/**
 * Reads a manifest ZIP and checks it: the central directory at its end lists exactly the members that
 * follow one another from the file's start, each with its local header (and data descriptor) agreeing on
 * every field extraction reads; each member's data inflates strictly (Node's zlib: a damaged stream is an
 * error, never a guess) to its stated size and CRC-32; every member is listed in the manifest with its
 * size and SHA-256, every listed member is there, and the content hash matches. So whatever reads the
 * file later, an unzip tool through the directory or a stream through the headers, it gets what the
 * manifest vouches for. Members are read one after another as streams, so memory stays flat. With
 * `extractTo`, members are written there as they are read (the caller removes the directory when this
 * throws). Returns the manifest; throws ZipVerifyError naming the first thing wrong.
 */
export async function verifyManifestZip(file: string, extractTo?: string): Promise<Manifest> {
  const seen = new Map<string, ManifestMember>();
  let manifestText: string | undefined;
  const fd = openSync(file, 'r');
  try {
    const { entries, directoryStart } = readDirectory(fd);
    let next = 0;
    for (const e of entries) {
      if (e.offset !== next)
        throw new ZipVerifyError(
          `the ZIP's directory places ${e.name} at ${e.offset}, where the member before ends at ${next}`,
        );
      const dataStart = checkLocalHeader(fd, e);
      next = dataStart + e.compressed + (e.flags & 0x8 ? 16 : 0);
      const isManifest = e.name === MANIFEST_NAME;
      if (seen.has(e.name) || (isManifest && manifestText !== undefined))
        throw new ZipVerifyError(`member "${e.name}" appears twice`);
      const target =
        extractTo && !isManifest && !e.name.endsWith('/') ? join(extractTo, safeMemberPath(e.name)) : undefined;
      const read = await readMember(file, e, dataStart, target, isManifest);
      if (isManifest) manifestText = read.text;
      else seen.set(e.name, { path: e.name, size: read.size, sha256: read.sha256 });
    }
    if (next !== directoryStart)
      throw new ZipVerifyError(`${directoryStart - next} bytes lie between the last member and the ZIP's directory`);
  } finally {
    closeSync(fd);
  }
  return checkAgainstManifest(manifestText, seen);
}

interface DirectoryEntry {
  name: string;
  rawName: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/**
 * The end record (written with no comment, so the file's last 22 bytes) and the central directory it
 * points at: its entries in order. A missing end is a truncated file.
 */
function readDirectory(fd: number): { entries: DirectoryEntry[]; directoryStart: number } {
  const size = fstatSync(fd).size;
  const end = Buffer.alloc(22);
  if (size < 22 || readSync(fd, end, 0, 22, size - 22) !== 22 || end.readUInt32LE(0) !== 0x06054b50) {
    throw new ZipVerifyError('the end of the ZIP file is missing (the file is truncated, or it is no ZIP)');
  }
  const [count, length, start] = [end.readUInt16LE(10), end.readUInt32LE(12), end.readUInt32LE(16)];
  if (
    end.readUInt32LE(4) !== 0 ||
    end.readUInt16LE(8) !== count ||
    end.readUInt16LE(20) !== 0 ||
    start + length !== size - 22
  ) {
    throw new ZipVerifyError('the end record of the ZIP does not match its directory');
  }
  const directory = Buffer.alloc(length);
  if (readSync(fd, directory, 0, length, start) !== length)
    throw new ZipVerifyError("the ZIP's directory cannot be read");
  const entries: DirectoryEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > length || directory.readUInt32LE(at) !== 0x02014b50)
      throw new ZipVerifyError(`the ZIP's directory ends after ${i} of its ${count} entries`);
    const nameLength = directory.readUInt16LE(at + 28);
    const rawName = directory.subarray(at + 46, at + 46 + nameLength);
    const flags = directory.readUInt16LE(at + 8);
    const name = rawName.toString(flags & 0x800 ? 'utf8' : 'latin1');
    // on disk 0 and without attributes: nothing an unzip tool would make a link or an executable of
    if (
      directory.readUInt16LE(at + 34) !== 0 ||
      directory.readUInt16LE(at + 36) !== 0 ||
      directory.readUInt32LE(at + 38) !== 0
    ) {
      throw new ZipVerifyError(`the ZIP's directory gives ${name} a disk or attributes this writer never sets`);
    }
    entries.push({
      name,
      rawName,
      flags,
      method: directory.readUInt16LE(at + 10),
      crc: directory.readUInt32LE(at + 16),
      compressed: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      offset: directory.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  if (at !== length) throw new ZipVerifyError("the ZIP's directory holds more than its entries");
  return { entries, directoryStart: start };
}

/**
 * The entry's local header: there, with the same name, flags and method, and the same CRC-32 and sizes
 * as the data descriptor after the data (streamed members: the header leaves them 0) or as the header
 * itself. Answers where the member's data starts.
 */
function checkLocalHeader(fd: number, e: DirectoryEntry): number {
  const head = Buffer.alloc(30 + e.rawName.length);
  const there = readSync(fd, head, 0, head.length, e.offset) === head.length && head.readUInt32LE(0) === 0x04034b50;
  if (!there || head.readUInt16LE(26) !== e.rawName.length || !head.subarray(30).equals(e.rawName)) {
    throw new ZipVerifyError(`the ZIP's directory points ${e.name} to the wrong place`);
  }
  if (head.readUInt16LE(6) !== e.flags || head.readUInt16LE(8) !== e.method)
    throw new ZipVerifyError(`the ZIP's directory and the header of ${e.name} differ (flags or method)`);
  const dataStart = e.offset + head.length + head.readUInt16LE(28);
  const stated = [e.crc, e.compressed, e.size];
  const inHeader = [head.readUInt32LE(14), head.readUInt32LE(18), head.readUInt32LE(22)];
  if (e.flags & 0x8) {
    const descriptor = Buffer.alloc(16);
    const found =
      readSync(fd, descriptor, 0, 16, dataStart + e.compressed) === 16 && descriptor.readUInt32LE(0) === 0x08074b50;
    if (!found) throw new ZipVerifyError(`no data descriptor follows ${e.name} where its size says`);
    const inDescriptor = [descriptor.readUInt32LE(4), descriptor.readUInt32LE(8), descriptor.readUInt32LE(12)];
    if (inHeader.some((v, i) => v !== 0 && v !== stated[i]) || inDescriptor.some((v, i) => v !== stated[i])) {
      throw new ZipVerifyError(`the ZIP's directory and the data descriptor of ${e.name} differ (CRC-32 or sizes)`);
    }
  } else if (inHeader.some((v, i) => v !== stated[i])) {
    throw new ZipVerifyError(`the ZIP's directory and the header of ${e.name} differ (CRC-32 or sizes)`);
  }
  return dataStart;
}

/**
 * One member's data, inflated as a stream (or stored as it is): its size, SHA-256 and CRC-32 checked
 * against the directory, its compressed data used up exactly; written to `target` if given, kept as
 * text for the manifest.
 */
async function readMember(
  file: string,
  e: DirectoryEntry,
  dataStart: number,
  target: string | undefined,
  keepText: boolean,
): Promise<{ size: number; sha256: string; text?: string }> {
  if (e.method !== 0 && e.method !== 8)
    throw new ZipVerifyError(`${e.name} is stored with an unknown method (${e.method})`);
  const hash = createHash('sha256');
  const text: Buffer[] = [];
  let size = 0;
  let crc = 0;
  let out: number | undefined;
  if (target) {
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    out = openSync(target, 'w', 0o600);
  }
  const inflate = e.method === 8 ? createInflateRaw() : undefined;
  try {
    const source = createReadStream(file, {
      start: dataStart,
      end: dataStart + e.compressed - 1,
      highWaterMark: READ_CHUNK,
    });
    const sink = async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) {
        hash.update(chunk);
        crc = crc32(chunk, crc);
        size += chunk.byteLength;
        if (keepText) text.push(chunk);
        if (out !== undefined) writeSync(out, chunk);
      }
    };
    // an empty stored member has no data to read; an empty deflate stream is no stream at all
    if (e.compressed === 0 && inflate) throw new Error('no compressed data');
    if (inflate) await pipeline(source, inflate, sink);
    else if (e.compressed > 0) await pipeline(source, sink);
    else source.destroy();
  } catch (err) {
    throw new ZipVerifyError(`member "${e.name}" cannot be read: ${(err as Error).message}`);
  } finally {
    if (out !== undefined) closeSync(out);
  }
  if (inflate && inflate.bytesWritten !== e.compressed)
    throw new ZipVerifyError(`${e.name}'s compressed data ends before its stated size`);
  if (size !== e.size || crc >>> 0 !== e.crc)
    throw new ZipVerifyError(`${e.name} does not inflate to the size and CRC-32 the ZIP states`);
  return { size, sha256: hash.digest('hex'), text: keepText ? Buffer.concat(text).toString('utf8') : undefined };
}

function checkAgainstManifest(manifestText: string | undefined, seen: Map<string, ManifestMember>): Manifest {
  if (manifestText === undefined)
    throw new ZipVerifyError(`no ${MANIFEST_NAME} (the file is truncated or not an acct archive)`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw new ZipVerifyError(`${MANIFEST_NAME} is not valid JSON`);
  }
  if (!Array.isArray(manifest.members)) throw new ZipVerifyError(`${MANIFEST_NAME} lists no members`);
  for (const listed of manifest.members) {
    const got = seen.get(listed.path);
    if (!got) throw new ZipVerifyError(`${listed.path}: listed in the manifest but missing`);
    if (got.size !== listed.size)
      throw new ZipVerifyError(`${listed.path}: ${got.size} bytes, the manifest says ${listed.size}`);
    if (got.sha256 !== listed.sha256)
      throw new ZipVerifyError(`${listed.path}: SHA-256 ${got.sha256} does not match the manifest's ${listed.sha256}`);
  }
  const listedPaths = new Set(manifest.members.map((m) => m.path));
  for (const path of seen.keys())
    if (!listedPaths.has(path)) throw new ZipVerifyError(`${path}: in the archive but not in the manifest`);
  if (contentHash(manifest.members) !== manifest.content_sha256)
    throw new ZipVerifyError('the content hash does not match the manifest');
  return manifest;
}
