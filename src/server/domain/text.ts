// Uploaded bytes as text: UTF-8 with or without BOM, else Windows-1252 as Swiss Excel writes it.

/** Upload bytes → text, or undefined when the bytes are not text (NUL bytes: a spreadsheet or a binary). */
export function decodeText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  if (text.includes('\u0000')) return undefined;
  return text.replace(/^\uFEFF/, '');
}
