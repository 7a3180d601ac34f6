// Starting and stopping `acct server start` for the benchmarks (shared by startup.mjs and ledger.mjs).
import { spawn } from 'node:child_process';

/**
 * Starts the service on a free port and resolves with `{ url, child }` once it prints its ready line.
 * `node` and `bin` say what to run; `env` is the child's environment.
 */
export async function startAcctServer({ node, bin, cwd, env, dataDir, token, timeoutMs = 30_000 }) {
  const child = spawn(node, [bin, 'server', 'start', '--port', '0', '--data', dataDir, '--token', token, '--rate-limit', 'off'], {
    cwd, env, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => { stderr += d; });
  child.stdout.setEncoding('utf8');
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`service did not report listening within ${timeoutMs / 1000} s\n${stderr}`)), timeoutMs);
    const onData = (d) => {
      out += d;
      const m = /acct server listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stdout.resume(); // keep draining
        resolve(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`service exited early (code ${code}, signal ${signal})\n${out}${stderr}`));
    });
  });
  return { url, child };
}

/** SIGTERM, then SIGKILL when the service has not stopped within 5 s. */
export async function stopAcctServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 5_000));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    process.stderr.write('bench: service did not stop within 5 s of SIGTERM; killing it\n');
    child.kill('SIGKILL');
    await exited;
  }
}
