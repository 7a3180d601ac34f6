// One PDF job, on whichever thread draws it (the worker's, or the service's own in local mode): the
// document's model in, the PDF's bytes or the API's JSON answer holding them out.
import { renderDocumentPdf } from './document-pdf.js';
import { labelsFor } from './labels.js';
import type { PdfModel } from './document-model.js';

/** A model as it crosses to the worker: without the labels (they hold functions), made again there from `lang`. */
export type PdfJob = Omit<PdfModel, 'labels'>;
/**
 * What a job answers: the PDF's bytes, or the API's JSON answer `{ base64, fileName }` as bytes. For a
 * PDF of thousands of pages, encoding and serialising it takes a quarter of a second: the worker's time
 * too, not the service's.
 */
export type PdfForm = 'pdf' | 'json';

/** `{ base64: "data:application/pdf;base64,…", fileName }` as the API answers it (base64 needs no escaping in JSON). */
function jsonAnswer(pdf: Buffer, fileName: string): Buffer {
  return Buffer.concat([
    Buffer.from('{"base64":"data:application/pdf;base64,'),
    Buffer.from(pdf.toString('base64'), 'latin1'),
    Buffer.from(`","fileName":${JSON.stringify(fileName)}}`),
  ]);
}

export async function runPdfJob(model: PdfJob, form: PdfForm): Promise<Buffer> {
  // the labels hold functions, which cannot cross threads: made again from the language
  const pdf = await renderDocumentPdf({ ...model, labels: labelsFor(model.lang) });
  return form === 'json' ? jsonAnswer(pdf, model.fileName) : pdf;
}
