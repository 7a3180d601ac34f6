// Exit codes and the error classes every layer of the CLI throws; the command runner turns them into
// one line on stderr and the documented exit code.

export const ExitCode = {
  Ok: 0,
  Failure: 1,
  Usage: 2,
  Validation: 3,
  Auth: 4,
  NotFound: 5,
  Conflict: 6,
  RateLimited: 7,
  /**
   * the books need work: acct check found a violated rule, a backup or archive failed verification, or acct import
   * reconcile found the books differing from the bank
   */
  Unsound: 8,
  Interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.Failure,
    /** Extra lines printed after the message (field errors, hints). */
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Wrong flags or arguments: caught before any request is sent. */
export class UsageError extends CliError {
  constructor(message: string, details: string[] = []) {
    super(message, ExitCode.Usage, details);
    this.name = 'UsageError';
  }
}

/** Maps an HTTP status of the API to the CLI's exit code. */
export function exitCodeForStatus(status: number): ExitCode {
  if (status === 422) return ExitCode.Validation;
  if (status === 401 || status === 402 || status === 403) return ExitCode.Auth;
  if (status === 404) return ExitCode.NotFound;
  if (status === 400 || status === 409) return ExitCode.Conflict;
  if (status === 429) return ExitCode.RateLimited;
  return ExitCode.Failure;
}
