// `acct customers get <customer> [--include …]`: the single read with its relations embedded (by default
// the tax rate, the contacts and the active projects), shown with the address fields.
import type { Command } from 'commander';
import type { Column } from '../../output/types.js';
import { globalsOf } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import { RefResolver } from '../refs.js';
import { resolveRef } from '../resource/run.js';
import type { ResourceSpec } from '../resource/spec.js';
import { withRuntime } from '../runtime.js';
import { CUSTOMER_DETAIL_COLUMNS, customersSpec } from './spec.js';

/** Reads one record of `spec` with `include=…` and prints it with `columns`. Shared with contacts. */
export async function getWithInclude(spec: ResourceSpec, columns: Column[], ref: string, include: string | undefined, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planOutput(g, columns);
  await withRuntime(g, async (rt) => {
    const company = await rt.company();
    const base = `/companies/${company}/${spec.path}`;
    const id = await resolveRef(rt.client, spec, base, ref, new RefResolver(rt.client, company));
    const query = include && include.trim() !== '' ? { include: include.replace(/\s+/g, '') } : undefined;
    const body = await rt.client.get<{ data: Record<string, unknown> }>(`${base}/${id}`, { query });
    printRecord(plan, body.data);
  });
}

export default async function get(args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const include = (opts.include as string | undefined) ?? 'taxRate,contacts,activeProjects';
  await getWithInclude(customersSpec, CUSTOMER_DETAIL_COLUMNS, args[0], include, cmd);
}
