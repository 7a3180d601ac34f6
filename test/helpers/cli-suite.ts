// One file's CLI tests against the test service: useCliAgainstService() starts the service and a sandbox
// before the file's tests (its beforeAll runs before those the file registers after it) and cleans both
// up after them. The accessors read what the hooks made; `acct` may be taken at once, it looks them up per call.
import { afterAll, beforeAll } from 'vitest';
import { acctAgainst, sandbox, type Acct, type AcctOptions, type Sandbox } from './cli.js';
import { startTestService, type TestService } from './service.js';

export interface CliSuite {
  /** the service the file's acct runs talk to */
  readonly svc: TestService;
  /** the sandbox of the acct runs (config and data directories) */
  readonly box: Sandbox;
  /** `acct args…` in the sandbox against the service */
  readonly acct: Acct;
}

export interface CliSuiteOptions {
  /** options of the test service (a rate limit) */
  service?: Parameters<typeof startTestService>[0];
  /** options every acct run of the file takes (a call's own go on top) */
  acct?: AcctOptions;
}

export function useCliAgainstService(opts: CliSuiteOptions = {}): CliSuite {
  let svc: TestService | undefined;
  let box: Sandbox | undefined;
  let run: Acct | undefined;
  beforeAll(async () => {
    svc = await startTestService(opts.service);
    box = sandbox();
    run = acctAgainst(box, svc, opts.acct);
  });
  afterAll(async () => {
    box?.cleanup();
    await svc?.close();
  });
  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useCliAgainstService: read before its beforeAll ran');
    return value;
  };
  return {
    get svc() { return made(svc); },
    get box() { return made(box); },
    acct: (args, acctOpts) => made(run)(args, acctOpts),
  };
}
