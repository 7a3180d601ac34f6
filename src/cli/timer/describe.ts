// `acct timer describe TEXT`: the description of the running timer.
import { describeTimer } from '../../api/endpoints/timer.js';
import { CliError, ExitCode } from '../../errors.js';
import { planOutput } from '../output.js';
import { today } from '../resource/body.js';
import type { VerbIO } from '../verb.js';
import { readTimer } from './common.js';
import { statusLine } from './line.js';

interface DescribeOptions {
  /** the new description */
  text: string;
}

export default async function describe({ text }: DescribeOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, []);
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    if (!(await readTimer(rt, company)).view)
      throw new CliError('no timer is running', ExitCode.NotFound, ['start one with "acct timer start PROJECT"']);
    const state = await describeTimer(rt.client, company, text);
    const after = await readTimer(rt, company);
    if (plan.format === 'json' || plan.format === 'ndjson') {
      io.out.write(`${plan.format === 'json' ? JSON.stringify(state, null, 2) : JSON.stringify(state)}\n`);
    } else if (after.view) {
      io.out.write(`${statusLine(after.view, today())}\n`);
    }
  });
}
