#!/usr/bin/env node
// Launcher: kept to syntax every Node can parse, so that an old Node gets one clear line.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 13)) {
  process.stderr.write(`acct needs Node.js 22.13 or newer (this is ${process.version}); run it through npx or install a newer Node.\n`);
  process.exit(2);
}
const fs = process.getBuiltinModule('node:fs');
const args = process.argv.slice(2);
const only = args.length === 1 ? args[0] : undefined;

/** The root help rendered at build time (dist/help.txt), for output that is not a terminal. */
function prebuiltHelp() {
  try {
    return fs.fstatSync(1).isCharacterDevice() ? undefined : fs.readFileSync(new URL('../dist/help.txt', import.meta.url), 'utf8');
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
