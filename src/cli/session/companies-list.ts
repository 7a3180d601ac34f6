import type { Command } from 'commander';
import { me } from '../../api/endpoints/users.js';
import { globalsOf } from '../globals.js';
import { listRenderer, planOutput } from '../output.js';
import { withRuntime } from '../runtime.js';

export default async function companiesList(_args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planOutput(g, [{ key: 'id', kind: 'int' }, { key: 'name' }, { key: 'role' }, { key: 'current', kind: 'bool' }]);
  await withRuntime(g, async (rt) => {
    const user = await me(rt.client);
    const current = await rt.company().catch(() => undefined);
    const renderer = listRenderer(plan);
    renderer.push(user.companies.map((c) => ({ ...c, current: c.id === current })));
    renderer.end();
  });
}
