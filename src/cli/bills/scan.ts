// Finding the Swiss QR code of a bill in a file (`acct bills add`): a PDF's pages are rendered with
// mupdf and read with zxing-wasm, a PNG or JPEG is read as it is. Both are WebAssembly packages loaded
// here with await import(), so no other command loads them. zxing-wasm would fetch its .wasm from a CDN
// by default; it is handed the file from node_modules instead: nothing is downloaded at run time.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** A page rendered at this resolution gives the 46 mm code of a QR-bill about 3 pixels a module. */
const RENDER_DPI = 150;

export type ScanKind = 'pdf' | 'png' | 'jpeg';

/** An image zxing reads without decoding a file first: RGBA samples. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The kind of a file by its first bytes (not its name); undefined for anything else. */
export function scanKind(bytes: Uint8Array): ScanKind | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  return undefined;
}

let zxingReady: Promise<typeof import('zxing-wasm/reader')> | undefined;

/** zxing-wasm's reader with its .wasm read from node_modules (prepared once). */
function zxing(): Promise<typeof import('zxing-wasm/reader')> {
  zxingReady ??= (async () => {
    const reader = await import('zxing-wasm/reader');
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await reader.prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer }, fireImmediately: true });
    return reader;
  })();
  return zxingReady;
}

/**
 * The texts of the QR codes on an image (PNG or JPEG bytes, or RGBA pixels), as a banking app reads
 * them: zxing-cpp also reads a mirrored code (and says so), which banking apps do not, so those are left out.
 */
export async function qrCodesIn(image: Uint8Array | Pixels): Promise<string[]> {
  const { readBarcodes } = await zxing();
  const found = await readBarcodes(image as Parameters<typeof readBarcodes>[0], {
    formats: ['QRCode'],
    tryHarder: true,
  });
  return found.filter((b) => b.isValid && !b.isMirrored).map((b) => b.text);
}

/** Each page of a PDF as RGBA pixels, rendered in grey (a QR code needs no colour) one at a time. */
async function* pdfPages(bytes: Uint8Array, dpi = RENDER_DPI): AsyncGenerator<Pixels> {
  const mupdf = await import('mupdf');
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      const pixmap = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceGray, false, true);
      yield greyToRgba(pixmap.getPixels(), pixmap.getWidth(), pixmap.getHeight(), pixmap.getStride());
      pixmap.destroy();
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
}

function greyToRgba(grey: Uint8ClampedArray, width: number, height: number, stride: number): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const g = grey[y * stride + x];
      const at = (y * width + x) * 4;
      data[at] = g;
      data[at + 1] = g;
      data[at + 2] = g;
      data[at + 3] = 255;
    }
  }
  return { data, width, height };
}

/** What a file held: the QR-bill's payload (or undefined) and how many other QR codes were seen. */
export interface ScanResult {
  payload: string | undefined;
  otherCodes: number;
  pages: number;
}

const isQrBill = (text: string) => text.startsWith('SPC');

/**
 * The first QR code whose text starts with SPC, page by page; a PDF's later pages are not rendered once it is found.
 */
export async function findQrBill(bytes: Uint8Array, kind: ScanKind): Promise<ScanResult> {
  // both WebAssembly modules compile at the same time: zxing's while mupdf renders the first page
  void zxing();
  let otherCodes = 0;
  let pages = 0;
  const images: AsyncIterable<Uint8Array | Pixels> =
    kind === 'pdf'
      ? pdfPages(bytes)
      : (async function* () {
          yield bytes;
        })();
  for await (const image of images) {
    pages++;
    const codes = await qrCodesIn(image);
    const payload = codes.find(isQrBill);
    if (payload !== undefined) return { payload, otherCodes, pages };
    otherCodes += codes.length;
  }
  return { payload: undefined, otherCodes, pages };
}
