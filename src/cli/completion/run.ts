// `acct completion <shell>`: the completion script of the whole command tree.
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { bashScript, fishScript, zshScript } from './generate.js';
import { currentIO } from '../io.js';

const SHELLS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

interface CompletionOptions {
  shell: string;
}

/** The one verb that needs the whole command tree: program.ts hands it over (completion/ cannot import it). */
export default async function completion(
  { shell }: CompletionOptions,
  wholeProgram: () => Promise<Command>,
): Promise<void> {
  const generate = SHELLS[shell as keyof typeof SHELLS];
  if (!generate) throw new UsageError(`unknown shell "${shell}": use bash, zsh or fish`);
  currentIO().out.write(generate(await wholeProgram()));
}
