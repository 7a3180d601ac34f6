// `acct archive YEAR --out FILE [--force]` writes a year's archive (write.ts); `acct archive verify FILE`
// checks one (verify.ts). One command with both forms, as the issue names them.
import { UsageError } from '../../errors.js';
import type { VerbIO } from '../verb.js';

interface ArchiveOptions {
  /** the business year, or the word verify */
  year: string;
  /** verify's file */
  file?: string;
  out?: string;
  force?: boolean;
}

export default async function archive(opts: ArchiveOptions, io: VerbIO): Promise<void> {
  if (opts.year === 'verify') {
    if (opts.file === undefined) throw new UsageError('name the archive to check: acct archive verify FILE');
    if (opts.out !== undefined || opts.force)
      throw new UsageError('verify reads an archive: --out and --force go with acct archive YEAR');
    await (await import('./verify.js')).verifyArchive(opts.file);
    return;
  }
  const { parseYear, writeArchive } = await import('./write.js');
  const year = parseYear(opts.year);
  if (opts.file !== undefined)
    throw new UsageError(`unexpected argument "${opts.file}": the archive's file is given with --out`);
  if (opts.out === undefined)
    throw new UsageError(`give the archive's file: acct archive ${year} --out buchhaltung-${year}.zip`);
  await writeArchive(io.globals(), { year, out: opts.out, force: opts.force === true });
}
