// Validating XML against the official XSDs in ../shared/schemas (beside the repository), with libxml2
// compiled to WebAssembly (libxml2-wasm): the schema's own rules, element order included, not a check
// of element names. The imports' http://www.ech.ch/... locations are answered from the local copies
// through the folder's OASIS catalog, so no network is needed and the .xsd files stay verbatim.
//
// The module is `libxml2-wasm` (a devDependency to add); until it is in node_modules, ACCT_LIBXML2_WASM
// may name a copy installed elsewhere (its lib/index.mjs). `loadXsdValidator` answers undefined only when
// neither can be imported, and the tests that need it skip then — saying so.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const SCHEMAS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/schemas');

/** What is used of libxml2-wasm (typed here, so the type check passes before it is installed). */
interface XmlDoc { dispose(): void }
interface Libxml2 {
  xmlRegisterInputProvider(provider: unknown): boolean;
  XmlBufferInputProvider: new (files: Record<string, Uint8Array>) => unknown;
  XmlDocument: { fromBuffer(b: Uint8Array, o?: { url?: string }): XmlDoc; fromString(s: string): XmlDoc };
  XsdValidator: { fromDoc(doc: XmlDoc): { validate(doc: XmlDoc): void } };
  XmlValidateError: new (...args: never[]) => Error & { details: Array<{ message: string; line: number }> };
}

/** A variable, so neither the bundler nor the type check look for the module before it is installed. */
const MODULE = 'libxml2-wasm';

async function importLibxml2(): Promise<Libxml2 | undefined> {
  try {
    return (await import(MODULE)) as Libxml2;
  } catch {
    const path = process.env.ACCT_LIBXML2_WASM;
    if (!path) return undefined;
    return (await import(pathToFileURL(path).href)) as Libxml2;
  }
}

/** The problems of a document (empty: valid), checked against one schema of a folder with a catalog.xml. */
export type XsdCheck = (xml: string) => string[];

let registered = false;

export async function loadXsdValidator(folder: string, schemaFile: string): Promise<XsdCheck | undefined> {
  const lib = await importLibxml2();
  if (!lib) return undefined;
  const dir = join(SCHEMAS_DIR, folder);
  if (!registered) {
    // the catalog maps each imported schema's URL to its file beside the catalog
    const catalog = readFileSync(join(dir, 'catalog.xml'), 'utf8');
    const files: Record<string, Uint8Array> = {};
    for (const m of catalog.matchAll(/<uri name="([^"]+)" uri="([^"]+)"\/>/g)) files[m[1]] = readFileSync(join(dir, m[2]));
    lib.xmlRegisterInputProvider(new lib.XmlBufferInputProvider(files));
    registered = true;
  }
  const schema = lib.XmlDocument.fromBuffer(readFileSync(join(dir, schemaFile)), { url: join(dir, schemaFile) });
  const validator = lib.XsdValidator.fromDoc(schema);
  return (xml: string) => {
    const doc = lib.XmlDocument.fromString(xml);
    try {
      validator.validate(doc);
      return [];
    } catch (err) {
      if (err instanceof lib.XmlValidateError) return err.details.map((d) => `${d.line}: ${d.message.trim()}`);
      throw err;
    } finally {
      doc.dispose();
    }
  };
}
