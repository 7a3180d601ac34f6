// The service and its test client share one process and one event loop. When the process stalls for
// more than ~5 s (a starved CI machine), Node's server retires an idle keep-alive socket before
// undici's coarser timer does, and the next request on it fails with ECONNRESET before the server
// ever sees it. Such a request is sent once more on a fresh connection; HTTP answers are never retried.
import type { TestService } from '../helpers/service.js';

const SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

function isStaleSocket(err: unknown): boolean {
  if (!(err instanceof TypeError)) return false;
  const cause = (err as { cause?: { code?: string } }).cause;
  return !!cause?.code && SOCKET_CODES.has(cause.code);
}

/** Makes `svc.call` resend a request once when a reused keep-alive socket turned out to be closed. */
export function retryOnStaleSocket(svc: TestService): TestService {
  const call = svc.call;
  svc.call = async (...args) => {
    try {
      return await call(...args);
    } catch (err) {
      if (!isStaleSocket(err)) throw err;
      return call(...args);
    }
  };
  return svc;
}
