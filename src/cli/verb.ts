// How a command's module is called (the gh style: flags parsed apart from the verb that runs). A
// declaration names the module with lazy(), so it loads only when the command runs; the verb gets its
// options as the flags declare them, each positional argument under its name (`<customer>` is
// options.customer, `<time-entry>` options.timeEntry), and the I/O of the invocation (as gh's IOStreams
// and factory): its stdout, stderr, stdin and environment, the global options, and the runtime.
import type { Command } from 'commander';
import { globalsOf, type GlobalOptions } from './globals.js';
import { currentInvocation, type CliIO } from './io.js';
import type { Runtime } from './runtime.js';

/** What a verb reads beside its own options: the run's ends and environment (CliIO), and these. */
export interface VerbIO extends CliIO {
  /** the global options (--output, --fields, --yes …), read and checked when first asked for */
  globals(): GlobalOptions;
  /** fn with the API client and company of this run (in local mode the service, opened for it and closed after) */
  withRuntime<T>(fn: (rt: Runtime) => Promise<T>): Promise<T>;
  /** the exit code of a run that ends without failing but not with 0 (timer status with no timer: 1) */
  setExitCode(code: number): void;
}

export type VerbRun<O> = (options: O, io: VerbIO) => Promise<void>;

/** The options of a verb that takes no flags and no arguments. */
export type NoOptions = Record<string, never>;

/** A commander action handler. */
export type Action = (...params: unknown[]) => Promise<void>;

/** The key under which commander keeps a flag's value: `per-page` → `perPage`. */
export const optionKey = (flag: string): string => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The flags given to `cmd`, and each of its arguments under its name. */
export function verbOptions(cmd: Command): Record<string, unknown> {
  const options: Record<string, unknown> = { ...cmd.opts() };
  cmd.registeredArguments.forEach((arg, i) => {
    options[optionKey(arg.name())] = cmd.processedArgs[i];
  });
  return options;
}

export function verbIO(cmd: Command): VerbIO {
  let read: GlobalOptions | undefined;
  const globals = () => (read ??= globalsOf(cmd));
  const run = currentInvocation();
  const { out, err, stdin, env } = run.io;
  return {
    out,
    err,
    stdin,
    env,
    globals,
    setExitCode: (code) => {
      run.exitCode = code;
    },
    // the runtime module (config, the API client) loads only for a verb that asks
    withRuntime: async (fn) => (await import('./runtime.js')).withRuntime(globals(), fn),
  };
}

/** An action whose module loads when it runs; `name` picks an export other than the default. */
export function lazy<M extends { default: VerbRun<never> }>(load: () => Promise<M>): Action;
export function lazy<K extends string, M extends Record<K, VerbRun<never>>>(load: () => Promise<M>, name: K): Action;
export function lazy(load: () => Promise<Record<string, VerbRun<never>>>, name = 'default'): Action {
  return async (...params) => {
    const cmd = params[params.length - 1] as Command;
    const run = (await load())[name] as VerbRun<Record<string, unknown>>;
    await run(verbOptions(cmd), verbIO(cmd));
  };
}

/** A verb one module serves for several groups: its export takes `of` (e.g. which kind of document) first. */
export type VerbRunFor<T, O> = (of: T, options: O, io: VerbIO) => Promise<void>;

/** An action whose module loads when it runs, as lazy(), handing `of` to the named export first. */
export function lazyFor<T, K extends string, M extends Record<K, VerbRunFor<T, never>>>(
  of: T,
  load: () => Promise<M>,
  name: K,
): Action {
  return lazy(async () => {
    const run = (await load())[name] as unknown as VerbRunFor<T, Record<string, unknown>>;
    return { default: (options: Record<string, unknown>, io: VerbIO) => run(of, options, io) };
  });
}
