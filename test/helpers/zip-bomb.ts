// ZIP bombs for the upload limits: archives of a few megabytes whose members inflate to hundreds of
// megabytes of zeros. A megabyte of zeros is deflated once (level 9) and its sync-flushed stream
// repeated, which DEFLATE allows, so building a 1 GB member costs neither 1 GB of memory nor the time
// to compress it.
import { crc32 } from 'node:zlib';
import { Deflate, Zip, deflateSync, type ZipInputFile } from 'fflate';

const MB = 1024 * 1024;
const ZEROS = new Uint8Array(MB);

/** One megabyte of zeros as a DEFLATE stream that ends on a byte boundary and is not final. */
function megabyteOfZeros(): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => {
    parts.push(chunk);
  });
  deflate.push(ZEROS);
  deflate.flush(true);
  return new Uint8Array(Buffer.concat(parts));
}

const SEGMENT = megabyteOfZeros();
/** An empty final block: ends the stream. */
const END = deflateSync(new Uint8Array(0));

const crcs = new Map<number, number>();

/** The CRC-32 of `megabytes` MB of zeros, a megabyte at a time (remembered: a bomb's members are alike). */
function crcOfZeros(megabytes: number): number {
  let crc = crcs.get(megabytes);
  if (crc !== undefined) return crc;
  crc = 0;
  for (let i = 0; i < megabytes; i++) crc = crc32(ZEROS, crc);
  crcs.set(megabytes, crc);
  return crc;
}

export interface BombMember {
  name: string;
  megabytes: number;
}

/** A ZIP whose members are each `megabytes` MB of zeros, deflated, with true sizes and CRCs in its headers. */
export function zipBomb(members: BombMember[]): Uint8Array {
  const out: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    out.push(chunk);
  });
  for (const { name, megabytes } of members) {
    const file: ZipInputFile = { filename: name, size: megabytes * MB, crc: crcOfZeros(megabytes), compression: 8 };
    zip.add(file);
    for (let i = 0; i < megabytes; i++) file.ondata!(null, SEGMENT, false);
    file.ondata!(null, END, true);
  }
  zip.end();
  return Buffer.concat(out);
}
