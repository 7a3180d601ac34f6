// The PDF worker thread (pdf-renderer.ts starts it): takes a document's model, answers its PDF's bytes
// or the API's JSON answer holding them. A document of many pages keeps pdfkit busy for seconds; here
// that is this thread's time, not the service's. Jobs come one at a time over the port and are answered
// in order; a refusal (the QR part's 422) travels back as its status, message and field errors,
// anything else as a message.
import { parentPort } from 'node:worker_threads';
import { HttpError } from '../http-error.js';
import { runPdfJob } from './pdf-job.js';
import type { PdfForm, PdfJob } from './pdf-job.js';
import type { PdfAnswer } from './pdf-renderer.js';

const port = parentPort!;

port.on('message', async ({ id, model, form }: { id: number; model: PdfJob; form: PdfForm }) => {
  let answer: PdfAnswer;
  let moved: ArrayBuffer[] = [];
  try {
    const bytes = await runPdfJob(model, form);
    answer = { id, bytes };
    // handed over instead of copied, unless the bytes share their memory (Node's pool for small buffers)
    if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) moved = [bytes.buffer as ArrayBuffer];
  } catch (err) {
    answer =
      err instanceof HttpError
        ? { id, error: { message: err.message, status: err.status, errors: err.errors } }
        : { id, error: { message: err instanceof Error ? (err.stack ?? err.message) : String(err) } };
  }
  port.postMessage(answer, moved);
});
