// `acct invoices qr <invoice>`: the QR-bill payload of an invoice (as its PDF carries it), for scripts;
// with --show also the code drawn in the terminal, so a banking app can scan it from the screen.
import { invoiceQrPayload } from '../../api/endpoints/documents.js';
import { stdoutSink } from '../fd-output.js';
import type { VerbIO } from '../verb.js';
import { withDocument } from '../documents/common.js';
import { KINDS } from '../documents/fields.js';
import { drawQr, qrModules } from '../shared/qr-terminal.js';

interface QrOptions {
  invoice: string;
  show?: boolean;
}

export default async function qr(o: QrOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const payload = await withDocument(g, KINDS.invoices, o, async ({ rt, company, id }) =>
    invoiceQrPayload(rt.client, company, id),
  );
  if (!o.show) {
    stdoutSink.write(`${payload}\n`);
    return;
  }
  const code = await qrModules(payload);
  stdoutSink.write(`${drawQr(withSwissCross(code.size, code.dark)).join('\n')}\n`);
}

/**
 * The Swiss cross of the QR-bill over the code's centre (7 mm of 46 mm): a white frame, a black square
 * and a white cross, as the standard draws it; error correction M restores the covered modules.
 */
export function withSwissCross(
  size: number,
  dark: (x: number, y: number) => boolean,
): { size: number; dark: (x: number, y: number) => boolean } {
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
      const onCross =
        (Math.abs(i - mid) < arm && Math.abs(j - mid) <= bar) || (Math.abs(j - mid) < arm && Math.abs(i - mid) <= bar);
      return !onCross;
    },
  };
}
