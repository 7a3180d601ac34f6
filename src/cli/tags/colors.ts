import { tagColors } from '../../api/endpoints/tags.js';
import { listRenderer, planOutput } from '../output.js';
import type { NoOptions, VerbIO } from '../verb.js';

export default async function colors(_options: NoOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, [{ key: 'color' }]);
  await io.withRuntime(async (rt) => {
    const list = await tagColors(rt.client, await rt.company());
    const renderer = listRenderer(plan);
    renderer.push(list.map((color) => ({ color })));
    renderer.end();
  });
}
