// Finding a QR-bill in a file (src/cli/bills/scan.ts) on files this project did not draw
// (test/helpers/foreign-qr-bills.ts): the kind by the first bytes, the pages read until the code is
// found, a QR code that is no QR-bill passed over.
import { describe, expect, it } from 'vitest';
import { findQrBill, scanKind } from '../../src/cli/bills/scan.js';
import { foreignPayload, photoPng, qrPng, threePagePdf } from '../helpers/foreign-qr-bills.js';

const payload = foreignPayload({
  iban: 'CH3709000000304442225',
  creditor: {
    name: 'Druckerei Müller GmbH',
    street: 'Bahnhofstrasse',
    building: '7',
    zip: '8001',
    city: 'Zürich',
    country: 'CH',
  },
  amount: '99.90',
  currency: 'CHF',
  referenceType: 'SCOR',
  reference: 'RF18539007547034',
  message: 'Flyer',
});

describe('scanKind', () => {
  it('tells PDF, PNG and JPEG by their first bytes, nothing else', async () => {
    expect(scanKind(await threePagePdf(null))).toBe('pdf');
    expect(scanKind(await qrPng('x'))).toBe('png');
    expect(scanKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(scanKind(new TextEncoder().encode('SPC\n0200'))).toBeUndefined();
    expect(scanKind(new Uint8Array())).toBeUndefined();
  });
});

describe('findQrBill', () => {
  it('reads the pages of a PDF until the QR-bill, which is on page 3', async () => {
    expect(await findQrBill(await threePagePdf(payload), 'pdf')).toEqual({ payload, otherCodes: 0, pages: 3 });
  });

  it('says how many pages it read and how many other codes it saw when there is no QR-bill', async () => {
    expect(await findQrBill(await threePagePdf(null), 'pdf')).toEqual({ payload: undefined, otherCodes: 0, pages: 3 });
    expect(await findQrBill(await qrPng('https://example.ch/'), 'png')).toEqual({
      payload: undefined,
      otherCodes: 1,
      pages: 1,
    });
  });

  it('reads a photo: scaled, turned, on grey with noise', async () => {
    for (const degrees of [3, 5, -4]) {
      expect((await findQrBill(await photoPng(payload, { degrees, scale: 0.8 }), 'png')).payload, `${degrees}°`).toBe(
        payload,
      );
    }
  });
});
