// A QR code drawn in the terminal with half blocks, for a phone to scan from the screen: the QR-bill's
// payload (`acct invoices qr --show`, with the Swiss cross) and a proposal's public link
// (`acct proposals share`). qrcode loads only when a code is drawn.

/** A code's modules by column `x` and row `y`, as they are drawn. */
export interface QrModules {
  size: number;
  dark: (x: number, y: number) => boolean;
}

/** The modules of `text`'s QR code (error correction M). */
export async function qrModules(text: string): Promise<QrModules> {
  const mod = await import('qrcode');
  // a CommonJS package: its functions sit on the default export when bundled
  const { create } = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  // qrcode's BitMatrix.get takes row, then column: swapped, the code comes out mirrored, which
  // phones do not read
  return { size: modules.size, dark: (x, y) => modules.get(y, x) === 1 };
}

/** Two rows of modules per line with half blocks, dark on light, inside a quiet zone of 4 modules. */
export function drawQr(code: QrModules): string[] {
  const quiet = 4;
  const at = (x: number, y: number) => x >= 0 && y >= 0 && x < code.size && y < code.size && code.dark(x, y);
  const lines: string[] = [];
  for (let y = -quiet; y < code.size + quiet; y += 2) {
    let line = '';
    for (let x = -quiet; x < code.size + quiet; x++) {
      const top = at(x, y);
      const bottom = at(x, y + 1);
      // light modules are drawn as blocks, dark ones as blanks, so the code reads on a dark terminal
      line += top && bottom ? ' ' : top ? '▄' : bottom ? '▀' : '█';
    }
    lines.push(line);
  }
  return lines;
}
