// The PDF worker run from the TypeScript sources, as the tests run the service (the build starts
// dist/pdf-worker.js instead and never includes this file). Node strips this file's types itself; the
// hooks give the worker's modules the same treatment: './x.js' names './x.ts', as tsc's nodenext
// resolution reads it, and the source is transformed rather than only stripped, since some of it uses
// syntax that stripping refuses (constructor parameter properties).
import { existsSync, readFileSync } from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
      const ts = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
      if (existsSync(ts)) return { url: ts.href, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
    const source = stripTypeScriptTypes(readFileSync(new URL(url), 'utf8'), { mode: 'transform', sourceUrl: url });
    return { format: 'module', source, shortCircuit: true };
  },
});

await import(new URL('./pdf-worker.ts', import.meta.url).href);
