// Bundles the CLI and the service into dist/ with code splitting, so that a command's module and
// its heavy dependencies are separate chunks that load only when that command runs.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// `import … from 'node:http'` in ESM builds the built-in's namespace, reading every export, and one of
// them (WebSocket) loads Node's fetch implementation: tens of milliseconds on every start. These
// built-ins are reached through process.getBuiltinModule instead, as CommonJS, whose exports are read
// only where they are used.
const builtinsWithoutNamespace = {
  name: 'builtins-without-namespace',
  setup(b) {
    b.onResolve({ filter: /^(node:)?(http|https|http2|net|stream|crypto|zlib)$/ }, (args) => ({
      path: args.path.replace(/^node:/, ''),
      namespace: 'builtin',
    }));
    b.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({
      contents: `module.exports = process.getBuiltinModule('node:${args.path}');`,
      loader: 'js',
    }));
  },
};

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  // the PDF worker is an entry of its own: the service starts it as a thread from its file
  // (src/server/render/pdf-renderer.ts)
  entryPoints: {
    cli: 'src/cli/main.ts',
    server: 'src/server/main.ts',
    'pdf-worker': 'src/server/render/pdf-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  // CommonJS packages needed only for CSV and terminal tables stay outside the bundle and load from
  // node_modules when the code that needs them first runs (the CLI's lazy require(), the service's CSV
  // chunk reached by await import()), so other commands and the service's start neither load nor parse them.
  // pdfkit reads its font metrics from files beside its own module, so it (and swissqrbill, which draws
  // on it, and linebreak, whose line breaker the PDF code shares with it) stays in node_modules too,
  // imported only by the PDF worker's chunks.
  // mupdf and zxing-wasm (acct bills add) are WebAssembly beside their modules: loaded from node_modules too.
  external: ['papaparse', 'cli-table3', 'pdfkit', 'swissqrbill', 'linebreak', 'mupdf', 'zxing-wasm', 'zxing-wasm/*'],
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS dependencies inside an ESM bundle need a require().
  banner: {
    js:
      "import { createRequire as __acctCreateRequire } from 'node:module'; const require = " +
      '__acctCreateRequire(import.meta.url);',
  },
  // Response, Request and Headers are Node's own unless the service runs inside the CLI's process, where
  // src/light-web.ts stands in for them (Node's load its whole fetch implementation: see that file)
  inject: ['src/light-web.ts'],
  define: {
    __ACCT_VERSION__: JSON.stringify(version),
    Response: '__acctWeb.Response',
    Request: '__acctWeb.Request',
    Headers: '__acctWeb.Headers',
  },
  plugins: [builtinsWithoutNamespace],
  logLevel: 'warning',
});

// The root help is a pure function of the command tree: render it once here, so the launcher can print
// it without loading the program (as for --version). bin/acct.js serves it only when stdout is not a
// terminal, where commander renders it at this same width.
const help = execFileSync(process.execPath, ['bin/acct.js', '--help'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
writeFileSync(new URL('../dist/help.txt', import.meta.url), help);
