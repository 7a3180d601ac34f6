// `acct timer status [--format T]`: one line while a timer runs (exit 0); exit 1 when none runs.
import { notice } from '../globals.js';
import { planOutput } from '../output.js';
import { today } from '../resource/body.js';
import type { VerbIO } from '../verb.js';
import { readTimer } from './common.js';
import { checkTemplate, renderTemplate, statusLine } from './line.js';

interface StatusOptions {
  /** a template of placeholders (line.ts) instead of the status line */
  format?: string;
}

export default async function status({ format: template }: StatusOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  if (template !== undefined) checkTemplate(template);
  const plan = planOutput(g, []);
  const running = await io.withRuntime(async (rt) => readTimer(rt, await rt.company()));
  const json = plan.format === 'json' || plan.format === 'ndjson';
  if (template === undefined && json) {
    io.out.write(
      `${plan.format === 'json' ? JSON.stringify(running.state, null, 2) : JSON.stringify(running.state)}\n`,
    );
  } else if (running.view) {
    io.out.write(
      `${template === undefined ? statusLine(running.view, today()) : renderTemplate(template, running.view)}\n`,
    );
  } else if (template === undefined) {
    notice('No timer running.');
  }
  if (!running.view) io.setExitCode(1);
}
