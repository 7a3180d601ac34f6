import type { Command } from 'commander';
import { notice } from '../globals.js';
import { loadConfig } from '../runtime.js';

export default async function profilesUse(args: string[], _opts: Record<string, unknown>, _cmd: Command): Promise<void> {
  loadConfig().useProfile(args[0]);
  notice(`Profile "${args[0]}" is now current.`);
}
