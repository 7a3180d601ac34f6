// Bundles the CLI and the service into dist/ with code splitting, so that a command's module and
// its heavy dependencies are separate chunks that load only when that command runs.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli/main.ts', server: 'src/server/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS dependencies inside an ESM bundle need a require().
  banner: { js: "import { createRequire as __acctCreateRequire } from 'node:module'; const require = __acctCreateRequire(import.meta.url);" },
  define: { __ACCT_VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
});
