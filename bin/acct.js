#!/usr/bin/env node
// Launcher: kept to syntax every Node can parse, so that an old Node gets one clear line.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 13)) {
  process.stderr.write(`acct needs Node.js 22.13 or newer (this is ${process.version}); run it through npx or install a newer Node.\n`);
  process.exit(2);
}
const { enableCompileCache } = await import('node:module');
enableCompileCache?.();
await import('../dist/cli.js');
