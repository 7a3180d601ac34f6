// The QR code `acct invoices qr --show` draws in the terminal: the characters turned back into an
// image decode to the invoice's payload, the Swiss cross in the middle notwithstanding.
import { create } from 'qrcode';
import { describe, expect, test } from 'vitest';
import { withSwissCross } from '../../src/cli/invoices/qr.js';
import { drawQr } from '../../src/cli/shared/qr-terminal.js';
import { decodeQr, terminalQrPng } from '../helpers/pdf.js';

const PAYLOAD = ['SPC', '0200', '1', 'CH4431999123000889012', 'S', 'Muster Treuhand GmbH', 'Bahnhofstrasse', '12', '8001', 'Zürich', 'CH',
  '', '', '', '', '', '', '', '2825.35', 'CHF', 'S', 'Beispiel AG', 'Seestrasse 5', '', '6003', 'Luzern', 'CH',
  'QRR', '000000000000010000000000429', 'R-2026-001 Website', 'EPD'].join('\n');

describe('the QR code drawn in the terminal', () => {
  const code = create(PAYLOAD, { errorCorrectionLevel: 'M' }).modules;
  const drawn = drawQr(withSwissCross(code.size, (x, y) => code.get(x, y) === 1));

  test('is two modules a line inside a quiet zone of four', () => {
    expect(drawn).toHaveLength(Math.ceil((code.size + 8) / 2));
    expect(drawn.every((l) => [...l].length === code.size + 8)).toBe(true);
    expect(drawn[0]).toBe('█'.repeat(code.size + 8));
  });

  test('decodes to the payload, Swiss cross and all', async () => {
    expect(await decodeQr(terminalQrPng(drawn))).toEqual([PAYLOAD]);
  });

  test('the cross covers the centre: a dark square with a light cross', () => {
    const crossed = withSwissCross(code.size, () => false);
    const centre = code.size >> 1;
    expect(crossed.dark(centre, centre)).toBe(false);
    expect(crossed.dark(centre - 2, centre - 2)).toBe(true);
  });
});
