// `acct __complete GROUP [WORD]` (hidden): the names, numbers and ids a shell offers for a record
// argument, one a line. Quiet by design: a shell is waiting on it, so a failure prints nothing (exit 0)
// and local mode says nothing on stderr.
import { RefResolver } from '../refs.js';
import { withRuntime } from '../runtime.js';
import type { VerbIO } from '../verb.js';
import { RECORD_KINDS } from './records.js';

interface CompleteOptions {
  group: string;
  word?: string;
}

export default async function complete({ group, word = '' }: CompleteOptions, io: VerbIO): Promise<void> {
  const kind = RECORD_KINDS[group];
  if (!kind) return;
  io.env.ACCT_QUIET_LOCAL = '1';
  try {
    const values = await withRuntime(io.globals(), async (rt) =>
      new RefResolver(rt.client, await rt.company()).candidates(kind, word),
    );
    const wanted = values.filter((v) => v.toLowerCase().startsWith(word.toLowerCase()));
    if (wanted.length) io.out.write(`${wanted.join('\n')}\n`);
  } catch {
    // nothing to offer
  }
}
