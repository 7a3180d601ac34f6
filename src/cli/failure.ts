// How a failure reads on stderr: one line `acct: <message>`, then the further field errors and hints.
// A 422 says each field error once, under the flag that was typed where the verb named it
// (`--name: The name has already been taken.`), else under the API's field.
import { invocationState } from './io.js';

/** A failure as the layers throw it: CliError, and ApiError with the field errors of a 422. */
interface Failure {
  message: string;
  details: string[];
  fieldErrors?: Record<string, string[]>;
}

/** The flag (`--from`) that filled an API field (`start`), registered in this run by the verb that sends it. */
const FLAG_OF_FIELD = Symbol('flag of field');
const flagsOfRun = () => invocationState(FLAG_OF_FIELD, () => new Map<string, string>());

/** Records which flag fills which API field, so the service's field errors name the flag typed. */
export function nameFlags(pairs: Iterable<readonly [field: string, flag: string]>): void {
  const flagOfField = flagsOfRun();
  for (const [field, flag] of pairs) flagOfField.set(field, flag.startsWith('-') ? flag : `--${flag}`);
}

/** Laravel sums up a 422 as its first field error plus " (and N more errors)". */
const SUMMARY_TAIL = / \(and \d+ more errors?\)$/;

/** The lines of a failure: the headline first (without `acct: `), then details. */
export function failureLines(err: Failure): string[] {
  const fields = Object.entries(err.fieldErrors ?? {});
  if (fields.length === 0) return [err.message, ...err.details];
  const flagOfField = flagsOfRun();
  const label = (field: string) => flagOfField.get(field) ?? field;
  const errors = fields.flatMap(([field, messages]) =>
    messages.map((text) => ({ text, line: `${label(field)}: ${text}` })),
  );
  const first = errors.findIndex((e) => e.text === err.message.replace(SUMMARY_TAIL, ''));
  if (first < 0) return [err.message, ...errors.map((e) => `  ${e.line}`), ...err.details];
  // the message is one of the field errors: that one heads, the others follow once each
  const [head] = errors.splice(first, 1);
  return [head.line, ...errors.map((e) => `  ${e.line}`), ...err.details];
}

/** A failure in one line, for a refused row, file or entry among others: its lines joined by "; ". */
export function failureText(err: Failure): string {
  return failureLines(err)
    .map((line) => line.trim())
    .join('; ');
}
