// One file's CLI tests against the test service: useCliAgainstService() starts the service and a sandbox
// before the file's tests (its beforeAll runs before those the file registers after it) and cleans both
// up after them. `svc` and `acct` may be taken at once (they read through to what the hooks made); `box` is
// read once they ran.
import { afterAll, beforeAll } from 'vitest';
import { acctAgainst, sandbox, type Acct, type AcctOptions, type Sandbox } from './cli.js';
import { useTestService, type TestService } from './service.js';

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
  service?: Parameters<typeof useTestService>[0];
  /** options every acct run of the file takes (a call's own go on top) */
  acct?: AcctOptions;
}

export function useCliAgainstService(opts: CliSuiteOptions = {}): CliSuite {
  const svc = useTestService(opts.service);
  let box: Sandbox | undefined;
  let run: Acct | undefined;
  beforeAll(() => {
    box = sandbox();
    run = acctAgainst(box, svc, opts.acct);
  });
  afterAll(() => box?.cleanup());
  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useCliAgainstService: read before its beforeAll ran');
    return value;
  };
  return {
    svc,
    get box() {
      return made(box);
    },
    acct: (args, acctOpts) => made(run)(args, acctOpts),
  };
}
