// `acct timer describe TEXT`: the description of the running timer.
import type { Command } from 'commander';
import { describeTimer } from '../../api/endpoints/timer.js';
import { CliError, ExitCode } from '../../errors.js';
import { globalsOf } from '../globals.js';
import { planOutput } from '../output.js';
import { today } from '../resource/body.js';
import { withRuntime } from '../runtime.js';
import { readTimer } from './common.js';
import { statusLine } from './line.js';

export default async function describe(args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planOutput(g, []);
  await withRuntime(g, async (rt) => {
    const company = await rt.company();
    if (!(await readTimer(rt, company)).view) throw new CliError('no timer is running', ExitCode.Conflict, ['start one with "acct timer start PROJECT"']);
    const state = await describeTimer(rt.client, company, args[0]);
    const after = await readTimer(rt, company);
    if (plan.format === 'json' || plan.format === 'ndjson') {
      process.stdout.write(`${plan.format === 'json' ? JSON.stringify(state, null, 2) : JSON.stringify(state)}\n`);
    } else if (after.view) {
      process.stdout.write(`${statusLine(after.view, today())}\n`);
    }
  });
}
