// The program's version, one module of its own: the root command prints it and the VAT file names the
// sending application with it, without a report importing the program.
declare const __ACCT_VERSION__: string | undefined;
/** package.json's version, put in by the build (scripts/build.mjs). */
export const VERSION = typeof __ACCT_VERSION__ === 'string' ? __ACCT_VERSION__ : sourceVersion();

/** Run from the sources (a test runs the CLI in its own process): package.json's version, read. */
function sourceVersion(): string {
  try {
    const { readFileSync } = process.getBuiltinModule('node:fs');
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    return 'dev';
  }
}
