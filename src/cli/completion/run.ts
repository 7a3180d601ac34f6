import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { buildProgram } from '../program.js';
import { bashScript, fishScript, zshScript } from './generate.js';

const SHELLS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

export default async function completion(args: string[], _opts: Record<string, unknown>, _cmd: Command): Promise<void> {
  const generate = SHELLS[args[0] as keyof typeof SHELLS];
  if (!generate) throw new UsageError(`unknown shell "${args[0]}": use bash, zsh or fish`);
  process.stdout.write(generate(await buildProgram('all')));
}
