#!/usr/bin/env node
// Launcher: kept to syntax every Node can parse, so that an old Node gets one clear line.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 13)) {
  process.stderr.write(`acct needs Node.js 22.13 or newer (this is ${process.version}); run it through npx or install a newer Node.\n`);
  process.exit(2);
}
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // The version alone needs none of the program: answer before loading it.
  const fs = process.getBuiltinModule('node:fs');
  const { version } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  fs.writeSync(1, `${version}\n`);
} else {
  process.getBuiltinModule('node:module').enableCompileCache?.();
  await import('../dist/cli.js');
}
