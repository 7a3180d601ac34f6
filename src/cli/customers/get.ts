// `acct customers get <customer> [--include …]`: the single read with its relations embedded (by default
// the tax rate, the contacts and the active projects), shown with the address fields.
import type { Command } from 'commander';
import { getWithInclude } from '../resource/run.js';
import { CUSTOMER_DETAIL_COLUMNS, customersSpec } from './spec.js';

export default async function get(args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const include = (opts.include as string | undefined) ?? 'taxRate,contacts,activeProjects';
  await getWithInclude(customersSpec, CUSTOMER_DETAIL_COLUMNS, args[0], include, cmd);
}
