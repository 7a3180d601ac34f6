import { me } from '../../api/endpoints/users.js';
import { listRenderer, planOutput } from '../output.js';
import type { NoOptions, VerbIO } from '../verb.js';

export default async function companiesList(_options: NoOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, [
    { key: 'id', kind: 'int' },
    { key: 'name' },
    { key: 'role' },
    { key: 'current', kind: 'bool' },
  ]);
  await io.withRuntime(async (rt) => {
    const user = await me(rt.client);
    const current = await rt.company().catch(() => undefined);
    const renderer = listRenderer(plan);
    renderer.push(user.companies.map((c) => ({ ...c, current: c.id === current })));
    renderer.end();
  });
}
