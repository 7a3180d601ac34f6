// PDFs are rendered on a worker thread (pdf-worker.ts): a document of hundreds of pages is seconds of
// pdfkit, and on the service's own thread every other request (the public share link's too) would wait
// for it. One worker, started with the first PDF, renders one document after another. It does not keep
// the process alive while it has nothing to do, and it stops after a while without work, giving back the
// memory a big document made it take. The service inside the CLI's process (local mode) draws on its
// own thread instead: its requests come one after another from one command, so nothing waits, and the
// command is spared starting a thread (100-250 ms measured on `acct proposals pdf`).
import { Worker } from 'node:worker_threads';
import { HttpError, type FieldErrors } from '../http-error.js';
import type { PdfModel } from './document-model.js';
import type { PdfForm, PdfJob } from './pdf-job.js';

/** Where PDFs are drawn: on the worker thread, or on the calling one (local mode). */
export type PdfThread = 'worker' | 'caller';
export type PdfAnswer =
  | { id: number; bytes: Uint8Array }
  | { id: number; error: { message: string; status?: number; errors?: FieldErrors } };

/** How long the worker waits for the next PDF before it stops. */
const IDLE_MS = 60_000;

interface Job {
  resolve(bytes: Buffer): void;
  reject(err: Error): void;
}
interface Thread {
  worker: Worker;
  jobs: Map<number, Job>;
  idle?: NodeJS.Timeout;
}

let current: Thread | undefined;
let nextId = 1;

/** The PDF (or the API's JSON answer holding it), rendered on the worker or here. */
export async function renderPdf(model: PdfModel, form: PdfForm = 'pdf', thread: PdfThread = 'worker'): Promise<Buffer> {
  const { labels: _labels, ...job } = model;
  if (thread === 'caller') return (await import('./pdf-job.js')).runPdfJob(job, form);
  return onWorker(job, form);
}

function onWorker(job: PdfJob, form: PdfForm): Promise<Buffer> {
  const thread = (current ??= startThread());
  clearTimeout(thread.idle);
  thread.worker.ref();
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    thread.jobs.set(id, { resolve, reject });
    thread.worker.postMessage({ id, model: job, form });
  });
}

/**
 * The worker's script. In the build it is dist/pdf-worker.js, an entry of its own beside cli.js and
 * server.js, while this module is bundled into a chunk (dist/chunks/) or an entry (dist/). Run from the
 * TypeScript sources (the tests), the worker starts from a file that teaches Node to load them.
 */
export function workerScript(here = import.meta.url): URL {
  if (here.endsWith('.ts')) return new URL('./pdf-worker-source.ts', here);
  return new URL(/\/chunks\/[^/]*$/.test(here) ? '../pdf-worker.js' : './pdf-worker.js', here);
}

function startThread(): Thread {
  const thread: Thread = { worker: new Worker(workerScript(), { name: 'acct-pdf' }), jobs: new Map() };
  thread.worker.on('message', (answer: PdfAnswer) => settle(thread, answer));
  // a crash (out of memory, say) fails the documents it held; the next PDF starts a new worker
  thread.worker.on('error', (err) => end(thread, new Error(`The PDF could not be made: ${err.message}`)));
  thread.worker.on('exit', (code) =>
    end(thread, new Error(`The PDF could not be made: the renderer stopped (${code}).`)),
  );
  return thread;
}

function settle(thread: Thread, answer: PdfAnswer): void {
  const job = thread.jobs.get(answer.id);
  thread.jobs.delete(answer.id);
  if (thread.jobs.size === 0) rest(thread);
  if (!job) return;
  if ('bytes' in answer)
    job.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
  else if (answer.error.status)
    job.reject(new HttpError(answer.error.status, answer.error.message, answer.error.errors));
  else job.reject(new Error(`The PDF could not be made: ${answer.error.message}`));
}

/** Nothing to do: the worker no longer holds the process open, and stops if nothing comes. */
function rest(thread: Thread): void {
  thread.worker.unref();
  thread.idle = setTimeout(() => {
    if (current === thread) current = undefined;
    void thread.worker.terminate();
  }, IDLE_MS);
  thread.idle.unref();
}

function end(thread: Thread, err: Error): void {
  if (current === thread) current = undefined;
  clearTimeout(thread.idle);
  for (const job of thread.jobs.values()) job.reject(err);
  thread.jobs.clear();
}
