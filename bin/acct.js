#!/bin/sh
":" //; f=$(readlink -f "$0"); n="${f%/*}/../node_modules/node/bin/node"
":" //; [ -x "$n" ] && exec "$n" "$0" "$@"; exec node "$0" "$@"
// Launcher. Started as a program (on the PATH, npx), the two lines above are shell: it runs this file on the
// package's own Node (the `node` devDependency of a checkout) when there is one, else on `node` — one
// Node start instead of an old Node's start and a hand-over. To Node each is a string and a
// comment. The rest is kept to syntax every Node can parse, so that an old Node gets one clear line, or
// hands the command over to the package's Node (run as `node bin/acct.js`).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 13)) await runOnOwnNode();
const fs = process.getBuiltinModule('node:fs');
const args = process.argv.slice(2);
const only = args.length === 1 ? args[0] : undefined;

/** The root help rendered at build time (dist/help.txt), for output that is not a terminal. */
function prebuiltHelp() {
  try {
    if (fs.fstatSync(1).isCharacterDevice()) return undefined;
    return fs.readFileSync(new URL('../dist/help.txt', import.meta.url), 'utf8');
  } catch {
    return undefined;
  }
}

// The version and the root help need none of the program: answer them before loading it.
const help = only === '--help' || only === '-h' ? prebuiltHelp() : undefined;
if (only === '--version' || only === '-V') {
  const { version } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  fs.writeSync(1, `${version}\n`);
} else if (help !== undefined) {
  fs.writeSync(1, help);
} else {
  const { enableCompileCache, registerHooks } = process.getBuiltinModule('node:module');
  enableCompileCache?.();
  // The bundle's chunks import each other by relative paths (hundreds of imports for one command);
  // resolved as plain URLs they skip Node's per-import file checks and symlink lookups: 5-10 ms a
  // command. Anything else (node: built-ins, node_modules) resolves as usual.
  const dist = new URL('../dist/', import.meta.url).href;
  registerHooks?.({
    resolve(specifier, context, nextResolve) {
      if (specifier.startsWith('.') && context.parentURL?.startsWith(dist)) {
        return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
  });
  await import('../dist/cli.js');
}

/**
 * On a Node older than acct needs: the command runs on the package's own Node when it has one (its
 * stdin, stdout, stderr and exit code are this process's); otherwise one line and exit 2. Never returns.
 */
async function runOnOwnNode() {
  const { existsSync, realpathSync } = await import('node:fs');
  const { fileURLToPath } = await import('node:url');
  const here = (path) => fileURLToPath(new URL(path, import.meta.url));
  const self = realpathSync(process.execPath);
  // the binary the `node` devDependency installs; never this Node again, which would loop
  const own = [here('../node_modules/node/bin/node'), here('../node_modules/.bin/node')]
    .find((path) => existsSync(path) && realpathSync(path) !== self);
  const refuse = (why) => {
    const needs = `acct needs Node.js 22.13 or newer (this is ${process.version})`;
    process.stderr.write(`${needs}${why}; install a newer Node.\n`);
    process.exit(2);
  };
  if (own === undefined) refuse('');
  const { spawn } = await import('node:child_process');
  const command = [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)];
  const child = spawn(own, command, { stdio: 'inherit' });
  // Ctrl-C reaches both processes (one process group); a signal sent to this one alone is passed on
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (err) => refuse(`, and ${own} did not start: ${err.code || err.message}`));
  child.on('exit', (code, signal) => {
    if (code !== null) process.exit(code);
    // ended by a signal: end the same way, so the shell sees what the command saw
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
  await new Promise(() => {});
}
