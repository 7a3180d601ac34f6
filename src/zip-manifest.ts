// ZIP files that carry their own proof: every member's SHA-256 in a manifest.json written last. Used by
// the service's backups (src/server/backup.ts) and the CLI's year archive (src/cli/archive/), so one
// reader verifies both. Written and read as streams (fflate's Zip and Unzip, one chunk at a time), so
// memory stays flat however large the receipts folder or the ledger is.
import { createHash, type Hash } from 'node:crypto';
import { closeSync, fstatSync, fsyncSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { Unzip, UnzipInflate, Zip, ZipDeflate } from 'fflate';

export const MANIFEST_NAME = 'manifest.json';

export interface ManifestMember { path: string; size: number; sha256: string }

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

  /** `level`: deflate level of every member (1 is fast, 9 small; fflate's default is 6) */
  constructor(private readonly out: string, private readonly format: string, private readonly level: 1 | 6 | 9 = 6) {
    mkdirSync(dirname(out), { recursive: true });
    this.tmp = `${out}.${process.pid}.partial`;
    this.fd = openSync(this.tmp, 'w', 0o600);
    // the callback runs synchronously inside push(): each compressed chunk goes straight to the file
    this.zip = new Zip((err, chunk) => {
      if (err) this.failure ??= err;
      else writeSync(this.fd, chunk);
    });
  }

  /** Adds one member from bytes in memory (small ones: CSV pages, PDFs, the manifest). */
  addBytes(path: string, bytes: Uint8Array | string): ManifestMember {
    const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
    const member = this.open(path);
    member.push(data);
    return member.close();
  }

  /** Adds one member read from a file on disk in chunks. */
  addFile(path: string, source: string): ManifestMember {
    const member = this.open(path);
    const fd = openSync(source, 'r');
    try {
      const buf = Buffer.allocUnsafe(READ_CHUNK);
      for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0;) member.push(buf.subarray(0, n));
    } finally {
      closeSync(fd);
    }
    return member.close();
  }

  /** A member written in pieces (an export's pages as they arrive). */
  open(path: string): { push(chunk: Uint8Array | string): void; close(): ManifestMember } {
    const entry = new ZipDeflate(path, { level: this.level });
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
      format: this.format, version: 1, created_at: new Date().toISOString(), ...extra,
      members: this.members, content_sha256: contentHash(this.members),
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
    try { closeSync(this.fd); } catch { /* closed already */ }
    rmSync(this.tmp, { force: true });
  }

  private throwIfFailed(): void {
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
 * Reads a manifest ZIP as a stream and checks it: every member is listed in the manifest with its size
 * and SHA-256, every listed member is there, and the content hash matches. With `extractTo`, members
 * are written there as they are read (the caller removes the directory when this throws). Returns the
 * manifest; throws ZipVerifyError naming the first thing wrong.
 */
export function verifyManifestZip(file: string, extractTo?: string): Manifest {
  const seen = new Map<string, ManifestMember>();
  let manifestText: string | undefined;
  let failure: Error | undefined;
  const fail = (err: Error) => { failure ??= err; };
  const unzip = new Unzip((member) => {
    const name = member.name;
    const isManifest = name === MANIFEST_NAME;
    const hash = createHash('sha256');
    const text: Buffer[] = [];
    let size = 0;
    let fd: number | undefined;
    if (seen.has(name)) { fail(new ZipVerifyError(`member "${name}" appears twice`)); return; }
    if (extractTo && !isManifest && !name.endsWith('/')) {
      try {
        const target = join(extractTo, safeMemberPath(name));
        mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
        fd = openSync(target, 'w', 0o600);
      } catch (err) { fail(err as Error); return; }
    }
    member.ondata = (err, chunk, final) => {
      if (err) { fail(new ZipVerifyError(`member "${name}" cannot be read: ${err.message}`)); return; }
      hash.update(chunk);
      size += chunk.byteLength;
      if (isManifest) text.push(Buffer.from(chunk));
      else if (fd !== undefined) writeSync(fd, chunk);
      if (!final) return;
      if (fd !== undefined) { closeSync(fd); fd = undefined; }
      if (isManifest) manifestText = Buffer.concat(text).toString('utf8');
      else seen.set(name, { path: name, size, sha256: hash.digest('hex') });
    };
    member.start();
  });
  unzip.register(UnzipInflate);
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(READ_CHUNK);
    let n: number;
    do {
      n = readSync(fd, buf, 0, buf.length, null);
      // a copy: fflate may keep a reference to the chunk until the next push
      unzip.push(Uint8Array.from(buf.subarray(0, n)), n === 0);
    } while (n > 0 && !failure);
  } catch (err) {
    fail(new ZipVerifyError(`not a readable ZIP file: ${(err as Error).message}`));
  } finally {
    closeSync(fd);
  }
  if (failure) throw failure;
  const manifest = checkAgainstManifest(manifestText, seen);
  checkEnd(file, seen.size + 1);
  return manifest;
}

/**
 * The streaming read sees the members' own headers only: the end of the file (the central directory's
 * end record, as written here with no comment) must be there too, for the member count read, else the
 * file was cut short after its last member.
 */
function checkEnd(file: string, members: number): void {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const end = Buffer.alloc(22);
    if (size < 22 || readSync(fd, end, 0, 22, size - 22) !== 22 || end.readUInt32LE(0) !== 0x06054b50) {
      throw new ZipVerifyError('the end of the ZIP file is missing (the file is truncated)');
    }
    const count = end.readUInt16LE(10);
    const directoryEnd = end.readUInt32LE(16) + end.readUInt32LE(12);
    if (count !== members || directoryEnd !== size - 22) throw new ZipVerifyError(`the ZIP's directory does not match its ${members} members (the file is damaged)`);
  } finally {
    closeSync(fd);
  }
}

function checkAgainstManifest(manifestText: string | undefined, seen: Map<string, ManifestMember>): Manifest {
  if (manifestText === undefined) throw new ZipVerifyError(`no ${MANIFEST_NAME} (the file is truncated or not an acct archive)`);
  let manifest: Manifest;
  try { manifest = JSON.parse(manifestText) as Manifest; } catch { throw new ZipVerifyError(`${MANIFEST_NAME} is not valid JSON`); }
  if (!Array.isArray(manifest.members)) throw new ZipVerifyError(`${MANIFEST_NAME} lists no members`);
  for (const listed of manifest.members) {
    const got = seen.get(listed.path);
    if (!got) throw new ZipVerifyError(`${listed.path}: listed in the manifest but missing`);
    if (got.size !== listed.size) throw new ZipVerifyError(`${listed.path}: ${got.size} bytes, the manifest says ${listed.size}`);
    if (got.sha256 !== listed.sha256) throw new ZipVerifyError(`${listed.path}: SHA-256 ${got.sha256} does not match the manifest's ${listed.sha256}`);
  }
  const listedPaths = new Set(manifest.members.map((m) => m.path));
  for (const path of seen.keys()) if (!listedPaths.has(path)) throw new ZipVerifyError(`${path}: in the archive but not in the manifest`);
  if (contentHash(manifest.members) !== manifest.content_sha256) throw new ZipVerifyError('the content hash does not match the manifest');
  return manifest;
}
