// `acct timer discard`: drops the running timer; the tracked time is lost, so it asks on a terminal and
// needs --yes elsewhere. Without a running timer nothing happens (exit 0).
import { discardTimer } from '../../api/endpoints/timer.js';
import { formatMinutes } from '../shared/duration.js';
import { notice } from '../globals.js';
import { confirmDestructive } from '../prompt.js';
import type { NoOptions, VerbIO } from '../verb.js';
import { readTimer } from './common.js';

export default async function discard(_options: NoOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const { view } = await readTimer(rt, company);
    if (!view) {
      notice('No timer running; nothing to discard.');
      return;
    }
    await confirmDestructive(
      g,
      `Discard the timer on ${view.project} (${formatMinutes(view.elapsed)} since ${view.start}, not saved)?`,
    );
    await discardTimer(rt.client, company);
    notice(`Discarded the timer on ${view.project}; ${formatMinutes(view.elapsed)} not saved.`);
  });
}
