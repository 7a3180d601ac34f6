// `acct timer start [PROJECT] [--billable] [--description T]`.
import type { Command } from 'commander';
import { describeTimer, startTimer } from '../../api/endpoints/timer.js';
import { CliError, ExitCode } from '../../errors.js';
import { formatMinutes } from '../duration.js';
import { globalsOf } from '../globals.js';
import { planOutput } from '../output.js';
import { today } from '../resource/body.js';
import { withRuntime } from '../runtime.js';
import { pickProject } from '../shared/projects.js';
import { readTimer } from './common.js';
import { statusLine } from './line.js';

export default async function start(args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planOutput(g, []);
  await withRuntime(g, async (rt) => {
    const company = await rt.company();
    const before = await readTimer(rt, company);
    if (before.view) {
      throw new CliError(`a timer is already running: ${before.view.project} ${formatMinutes(before.view.elapsed)} (since ${before.view.start})`, ExitCode.Conflict,
        ['stop it with "acct timer stop" or drop it with "acct timer discard"']);
    }
    const projectId = await pickProject(rt.client, company, g, args[0]);
    await startTimer(rt.client, company, { project_id: projectId, billable: opts.billable === true });
    if (typeof opts.description === 'string') await describeTimer(rt.client, company, opts.description);
    const after = await readTimer(rt, company);
    if (plan.format === 'json' || plan.format === 'ndjson') {
      process.stdout.write(`${plan.format === 'json' ? JSON.stringify(after.state, null, 2) : JSON.stringify(after.state)}\n`);
    } else if (after.view) {
      process.stdout.write(`${statusLine(after.view, today())}\n`);
    }
  });
}
