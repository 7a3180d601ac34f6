// Text files as bookkeepers' programs write them, for both layers (the service's CSV uploads, the CLI's
// CSV import): the encoding (UTF-8 with or without BOM, else Windows-1252 as Swiss Excel writes it) and
// the delimiter of a CSV header line.

/** Bytes → text, or undefined when the bytes are not text (NUL bytes: a spreadsheet or a binary). */
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

/** The delimiter of the header line: the most frequent of `;`, `,` and tab outside quotes (`,` on a tie, then `;`). */
export function detectDelimiter(firstLine: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
  }
  let best: ',' | ';' | '\t' = ',';
  for (const d of [';', '\t'] as const) if (counts[d] > counts[best]) best = d;
  return best;
}
