// `acct proposals|invoices attach <ref> <file>` and `detach <ref> <file-id>`: files beside a document
// (the file is checked before any request: it exists, is a file, at most 6 MB).
import { basename } from 'node:path';
import { attachFile, detachFile } from '../../api/endpoints/documents.js';
import { UsageError } from '../../errors.js';
import { notice } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import type { VerbIO } from '../verb.js';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, readFileToUpload } from '../shared/upload.js';
import { withDocument, type DocumentArgs } from './common.js';
import { FILE_COLUMNS, type KindFacts } from './fields.js';

interface AttachOptions extends DocumentArgs {
  file: string;
}
interface DetachOptions extends DocumentArgs {
  fileId: string;
}

export async function attach(k: KindFacts, o: AttachOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, FILE_COLUMNS);
  const bytes = readFileToUpload(
    o.file,
    {
      directory: `${o.file} is a directory, not a file`,
      missing: `no such file: ${o.file}`,
      unreadable: (why) => `cannot read ${o.file}: ${why}`,
    },
    (size) => {
      if (size > MAX_UPLOAD_BYTES)
        throw new UsageError(
          `${o.file} is larger than ${MAX_UPLOAD_MB} MB; the service takes files up to ${MAX_UPLOAD_MB} MB`,
        );
    },
  );
  await withDocument(g, k, o, async ({ rt, company, id }) => {
    printRecord(
      plan,
      await attachFile(rt.client, k.kind, company, id, { bytes: new Uint8Array(bytes), name: basename(o.file) }),
    );
  });
}

export async function detach(k: KindFacts, o: DetachOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  if (!/^(id:)?\d+$/i.test(o.fileId.trim()))
    throw new UsageError(
      `invalid file id "${o.fileId}": expected the number acct ${k.kind} get shows under the attachments`,
    );
  const fileId = Number(o.fileId.trim().replace(/^id:/i, ''));
  await withDocument(g, k, o, async ({ rt, company, id }) => {
    await detachFile(rt.client, k.kind, company, id, fileId);
    notice(`Removed file ${fileId} from ${k.noun} ${o[k.noun]}.`);
  });
}
