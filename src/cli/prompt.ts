// Interactive questions (loaded only when a prompt is really shown).
import { UsageError } from '../errors.js';
import { canPrompt, type GlobalOptions } from './globals.js';
import { flushHeld } from './pager.js';

/**
 * Without --yes and without a terminal to ask on, a destructive verb stops here, before any request:
 * `what` is the action as typed ("Delete tag travel"). With a terminal the verb reads the records
 * first and asks about them with confirmDestructive.
 */
export function refuseUnconfirmed(g: GlobalOptions, what: string, flagHint = '--yes'): void {
  if (!g.yes && !canPrompt(g)) throw new UsageError(`${what}: refusing without confirmation; pass ${flagHint}`);
}

export async function confirmDestructive(g: GlobalOptions, question: string, flagHint = '--yes'): Promise<void> {
  if (g.yes) return;
  refuseUnconfirmed(g, question.replace(/\?$/, ''), flagHint);
  flushHeld();
  const { confirm } = await import('@inquirer/prompts');
  const ok = await confirm({ message: question, default: false });
  if (!ok) throw new UsageError('cancelled');
}

/** Without a terminal a required value that was not given is a usage error naming the flag. */
export function requireAnswerable(g: GlobalOptions, flag: string): void {
  if (!canPrompt(g)) throw new UsageError(`missing required ${flag}`);
}

/**
 * A required value that was not given, asked on a terminal (else a usage error naming the flag). `read`
 * turns the answer into the value as the flag's would be (a date, an amount, an account's id); an
 * answer it refuses is said under the question, which is asked again.
 */
export async function askRequired<T = string>(
  g: GlobalOptions,
  flag: string,
  message: string,
  choices?: readonly string[],
  read?: (answer: string) => T | Promise<T>,
): Promise<T> {
  requireAnswerable(g, flag);
  flushHeld();
  const prompts = await import('@inquirer/prompts');
  if (choices)
    return prompts.select({ message, choices: choices.map((value) => ({ value, name: value })) }) as Promise<T>;
  const accept = read ?? ((answer: string) => answer as T);
  const validate = async (answer: string): Promise<string | true> => {
    try {
      await accept(answer);
      return true;
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      return [err.message, ...err.details].join('; ');
    }
  };
  return accept(await prompts.input({ message, required: true, validate }));
}

export async function askSecret(message: string): Promise<string> {
  flushHeld();
  const { password } = await import('@inquirer/prompts');
  return password({ message, mask: '*' });
}

export async function choose<T>(message: string, choices: { name: string; value: T }[]): Promise<T> {
  flushHeld();
  const { select } = await import('@inquirer/prompts');
  return select({ message, choices });
}
