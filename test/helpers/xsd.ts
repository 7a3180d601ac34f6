// Validating XML against the official XSDs, with libxml2 compiled to WebAssembly (libxml2-wasm, a
// devDependency): the schema's own rules, element order included, not a check of element names. The
// schemas are verbatim copies of ../shared/schemas in test/fixtures/schemas (so a checkout needs
// nothing beside it); the imports' http://www.ech.ch/... locations are answered from those copies
// through the folder's OASIS catalog, so no network is needed and the .xsd files stay unchanged.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as lib from 'libxml2-wasm';

export const SCHEMAS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/schemas');

/** The problems of a document (empty: valid), checked against one schema of a folder with a catalog.xml. */
export type XsdCheck = (xml: string) => string[];

let registered = false;

/** `folder`'s schema; a folder without a catalog.xml holds a self-contained schema (no imports to answer). */
export async function loadXsdValidator(folder: string, schemaFile: string): Promise<XsdCheck> {
  const dir = join(SCHEMAS_DIR, folder);
  if (!registered && existsSync(join(dir, 'catalog.xml'))) {
    // the catalog maps each imported schema's URL to its file beside the catalog
    const catalog = readFileSync(join(dir, 'catalog.xml'), 'utf8');
    const files: Record<string, Uint8Array> = {};
    for (const m of catalog.matchAll(/<uri name="([^"]+)" uri="([^"]+)"\/>/g))
      files[m[1]] = readFileSync(join(dir, m[2]));
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
