// `acct archive verify FILE`: reads the whole archive as a stream and checks every member against
// manifest.json (size and SHA-256), that nothing is missing or added, the content hash and the ZIP's
// end. Exit 0 when it holds; a damaged archive is one line naming the first fault, exit 8.
import { existsSync } from 'node:fs';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { verifyManifestZip, ZipVerifyError } from '../../zip-manifest.js';
import { notice } from '../globals.js';
import { currentIO } from '../io.js';

/** What the manifest of a year archive says it is (a backup says acct-backup). */
export const ARCHIVE_FORMAT = 'acct-archive';

export async function verifyArchive(file: string): Promise<void> {
  if (!existsSync(file)) throw new UsageError(`no file ${file}`);
  let manifest: Awaited<ReturnType<typeof verifyManifestZip>>;
  try {
    manifest = await verifyManifestZip(file);
  } catch (err) {
    if (err instanceof ZipVerifyError) throw new CliError(`${file} is damaged: ${err.message}`, ExitCode.Unsound);
    throw err;
  }
  if (manifest.format !== ARCHIVE_FORMAT) {
    throw new UsageError(
      `${file} is intact but not a year archive (its manifest says ${JSON.stringify(manifest.format)})`,
      manifest.format === 'acct-backup' ? ['a backup is read by acct server restore'] : [],
    );
  }
  const company = manifest.company as { name?: string } | undefined;
  currentIO().out.write(`${file}: ok\n`);
  notice(
    `${manifest.members.length} files as the manifest lists them (the year ${String(manifest.year)} of ` +
      `${company?.name ?? 'an unnamed company'}, written ${manifest.created_at}); content SHA-256 ` +
      `${manifest.content_sha256}.`,
  );
}
