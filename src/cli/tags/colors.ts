import type { Command } from 'commander';
import { tagColors } from '../../api/endpoints/tags.js';
import { globalsOf } from '../globals.js';
import { listRenderer, planOutput } from '../output.js';
import { withRuntime } from '../runtime.js';

export default async function colors(_args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planOutput(g, [{ key: 'color' }]);
  await withRuntime(g, async (rt) => {
    const list = await tagColors(rt.client, await rt.company());
    const renderer = listRenderer(plan);
    renderer.push(list.map((color) => ({ color })));
    renderer.end();
  });
}
