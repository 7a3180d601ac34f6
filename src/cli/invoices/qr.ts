// `acct invoices qr <invoice>`: the QR-bill payload of an invoice (as its PDF carries it), for scripts;
// with --show also the code drawn in the terminal, so a banking app can scan it from the screen.
import { invoiceQrPayload } from '../../api/endpoints/documents.js';
import { stdoutSink } from '../fd-output.js';
import type { VerbIO } from '../verb.js';
import { withDocument } from '../shared/documents/common.js';
import { KINDS } from '../shared/documents/fields.js';

interface QrOptions {
  invoice: string;
  show?: boolean;
}

export default async function qr(o: QrOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const payload = await withDocument(g, KINDS.invoices, o, async ({ rt, company, id }) => invoiceQrPayload(rt.client, company, id));
  if (!o.show) {
    stdoutSink.write(`${payload}\n`);
    return;
  }
  // qrcode loads only here: drawing is the one thing acct needs it for
  const mod = await import('qrcode');
  // a CommonJS package: its functions sit on the default export when bundled
  const { create } = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const { modules } = create(payload, { errorCorrectionLevel: 'M' });
  stdoutSink.write(`${drawQr(withSwissCross(modules.size, (x, y) => modules.get(x, y) === 1)).join('\n')}\n`);
}

/**
 * The Swiss cross of the QR-bill over the code's centre (7 mm of 46 mm): a white frame, a black square
 * and a white cross, as the standard draws it; error correction M restores the covered modules.
 */
export function withSwissCross(size: number, dark: (x: number, y: number) => boolean): { size: number; dark: (x: number, y: number) => boolean } {
  const side = Math.round((size * 7) / 46) | 1;
  const start = (size - side) >> 1;
  const mid = side >> 1;
  const arm = Math.max(1, Math.round(side / 7));
  const bar = Math.max(1, Math.round((side * 3) / 7) >> 1);
  return {
    size,
    dark: (x, y) => {
      const i = x - start;
      const j = y - start;
      if (i < 0 || j < 0 || i >= side || j >= side) return dark(x, y);
      if (i === 0 || j === 0 || i === side - 1 || j === side - 1) return false; // white frame
      const onCross = (Math.abs(i - mid) < arm && Math.abs(j - mid) <= bar) || (Math.abs(j - mid) < arm && Math.abs(i - mid) <= bar);
      return !onCross;
    },
  };
}

/** Two rows of modules per line with half blocks, dark on light, inside a quiet zone of 4 modules. */
export function drawQr(code: { size: number; dark: (x: number, y: number) => boolean }): string[] {
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
