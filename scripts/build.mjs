// Bundles the CLI and the service into dist/ with code splitting, so that a command's module and
// its heavy dependencies are separate chunks that load only when that command runs.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

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
  logLevel: 'warning',
});
