// `acct timer start [PROJECT] [--billable] [--description T]`.
import { describeTimer, startTimer } from '../../api/endpoints/timer.js';
import { CliError, ExitCode } from '../../errors.js';
import { formatMinutes } from '../shared/duration.js';
import { planOutput } from '../output.js';
import { today } from '../resource/body.js';
import type { VerbIO } from '../verb.js';
import { pickProject } from '../shared/projects.js';
import { readTimer } from './common.js';
import { statusLine } from './line.js';

interface StartOptions {
  /** id or exact name; on a terminal chosen from a list when missing or unclear */
  project?: string;
  billable?: boolean;
  description?: string;
}

export default async function start(opts: StartOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, []);
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const before = await readTimer(rt, company);
    if (before.view) {
      throw new CliError(
        `a timer is already running: ${before.view.project} ${formatMinutes(before.view.elapsed)} (since ` +
          `${before.view.start})`,
        ExitCode.Conflict,
        ['stop it with "acct timer stop" or drop it with "acct timer discard"'],
      );
    }
    const projectId = await pickProject(rt.client, company, g, opts.project, '<project>');
    await startTimer(rt.client, company, { project_id: projectId, billable: opts.billable === true });
    if (opts.description !== undefined) await describeTimer(rt.client, company, opts.description);
    const after = await readTimer(rt, company);
    if (plan.format === 'json' || plan.format === 'ndjson') {
      io.out.write(`${plan.format === 'json' ? JSON.stringify(after.state, null, 2) : JSON.stringify(after.state)}\n`);
    } else if (after.view) {
      io.out.write(`${statusLine(after.view, today())}\n`);
    }
  });
}
