// The thin HTTP layer between the CLI and the Accounting Service: one keep-alive connection pool per
// origin, JSON/multipart bodies, error mapping to CliError exit codes, bounded retries and
// client-side pacing against the service's rate limit (120 requests/minute per IP).
import { Transport, type Exchanger } from './transport.js';
import { CliError, ExitCode, exitCodeForStatus } from '../errors.js';

export type QueryValue = string | number | boolean | null | undefined | (string | number)[];

export interface RequestOptions {
  /** Keys are used literally (`{ 'filter[name]': 'x', page: 2 }`); null/undefined are skipped,
   *  arrays become `key[]=a&key[]=b`, booleans `true`/`false`. */
  query?: Record<string, QueryValue>;
  /** JSON body. */
  json?: unknown;
  /** Multipart body; mutually exclusive with `json`. */
  form?: FormData;
  signal?: AbortSignal;
  /** the answer's body as bytes: `data` is a Uint8Array (a stored file) */
  binary?: boolean;
}

export interface ApiResponse<T = unknown> {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** Parsed JSON, null for 204/empty bodies, or the raw text when the body is not JSON. */
  data: T;
}

export interface RetryOptions {
  /** Total attempts including the first one. Default 4. */
  maxAttempts?: number;
  /** Upper bound on the summed retry waits. Default 90 s (a full 60 s Retry-After plus jitter fits). */
  maxTotalWaitMs?: number;
  /** First exponential back-off step. Default 500 ms. */
  baseDelayMs?: number;
}

export interface ClientOptions {
  /** e.g. `http://127.0.0.1:8787/api/v2` (a trailing slash is tolerated). */
  baseUrl: string;
  token?: string;
  /** When set, an HTTP trace is written through it (the token is always masked). */
  debug?: (line: string) => void;
  retry?: RetryOptions;
  userAgent?: string;
  /** Injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Injectable clock for tests (pacing). Default `Date.now`. */
  now?: () => number;
  /** Headers/body timeout per request. Default 60 s. */
  timeoutMs?: number;
  /**
   * Told of every wait the rate limit imposes (pacing, a 429's Retry-After) that is longer than 2 s,
   * before it starts, so a person is not left looking at a silent terminal.
   */
  onWait?: (ms: number) => void;
  /** what carries the requests (default: HTTP through node:http/https) */
  transport?: Exchanger;
}

/** Waits up to this long go unsaid. */
const QUIET_WAIT_MS = 2_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  419: 'Page Expired',
  422: 'Unprocessable Content',
  423: 'Locked',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function reasonPhrase(status: number): string {
  return REASONS[status] ?? (status >= 500 ? 'Server Error' : status >= 400 ? 'Client Error' : '');
}

export interface ApiErrorInit {
  status: number;
  method: string;
  path: string;
  message: string;
  details?: string[];
  fieldErrors?: Record<string, string[]>;
  body?: unknown;
}

/** A non-2xx answer of the service. The exit code follows `exitCodeForStatus`. */
export class ApiError extends CliError {
  readonly status: number;
  readonly fieldErrors: Record<string, string[]>;
  readonly method: string;
  readonly path: string;
  /** The parsed response body (token-free as sent by the server). */
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, exitCodeForStatus(init.status), init.details ?? []);
    this.name = 'ApiError';
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? {};
    this.method = init.method;
    this.path = init.path;
    this.body = init.body;
  }
}

// The service's window is 60 s, counted in whole seconds from its first hit; we treat it as 61 s so
// that a request we consider "in the next window" never lands in the old one.
const WINDOW_MS = 61_000;

/** A reserved send slot: the window it was counted in, its place there, and when it goes out. */
export interface PaceTicket {
  window: number;
  seq: number;
  sentAt: number;
}

/**
 * Client-side pacing against a fixed 60 s rate-limit window, safe for concurrent requests.
 *
 * The pacer counts its own sends per window (a window starts with the first send in it) and learns
 * from every answer's X-RateLimit-Limit/-Remaining how many hits the service counted: what exceeds
 * every request this window has sent so far is someone else's (another process of the same address),
 * and comes off the budget. While the budget is
 * healthy (> 10 % of Limit) requests go out at once; in the last tenth each is spaced
 * `timeLeftInWindow / left` after the previous one, so the rest lasts until the window rolls over;
 * when it is spent the next request waits for the next window. Slots are reserved synchronously and
 * counted at once, so concurrent callers queue up instead of bursting, and an answer that arrives late
 * (out of order, or from an earlier window) cannot make the pacer think there is more budget than there
 * is. An answer counting far fewer hits than this window sent shows that the service's window rolled
 * over earlier than the pacer's (it started with someone else's request): the pacer's window restarts
 * there.
 */
export class RatePacer {
  private limit: number | undefined;
  private window = 0;
  private windowStart: number | undefined;
  private sent = 0;
  private others = 0;
  private lastSendAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly lowFraction = 0.1,
  ) {}

  /**
   * Reserves the next send slot: how long to wait before sending (0 when healthy), and the ticket to
   * hand to observe(). `retry` is a request that has just waited out a 429's Retry-After: it goes now.
   */
  reserve(retry = false): { waitMs: number; remaining?: number; limit?: number; ticket: PaceTicket } {
    const now = this.now();
    if (this.windowStart === undefined || now >= this.windowStart + WINDOW_MS) this.open(now);
    if (retry && now < (this.windowStart as number)) this.windowStart = now;
    // a window opened ahead (the budget of the last one was spent, or a 429 said when): wait for it
    let at = Math.max(now, this.windowStart as number);
    let left: number | undefined;
    if (this.limit !== undefined) {
      left = this.limit - this.others - this.sent;
      if (left <= 0) {
        this.open((this.windowStart as number) + WINDOW_MS);
        at = this.windowStart as number;
        left = this.limit;
      } else if (left <= Math.max(1, Math.ceil(this.limit * this.lowFraction))) {
        const timeLeft = Math.max(0, (this.windowStart as number) + WINDOW_MS - at);
        at = Math.max(at, Math.ceil(this.lastSendAt + timeLeft / left));
        if (at >= (this.windowStart as number) + WINDOW_MS) {
          // the spacing reaches the rollover: this request opens the next window
          this.open((this.windowStart as number) + WINDOW_MS);
          at = Math.max(at, this.windowStart as number);
        }
      }
    }
    this.sent++;
    this.lastSendAt = at;
    return {
      waitMs: at - now,
      remaining: left,
      limit: this.limit,
      ticket: { window: this.window, seq: this.sent, sentAt: at },
    };
  }

  /** Feeds the rate-limit headers of the answer to the request of `ticket`. */
  observe(headers: Record<string, string>, ticket: PaceTicket): void {
    const limit = toInt(headers['x-ratelimit-limit']);
    const remaining = toInt(headers['x-ratelimit-remaining']);
    if (limit !== undefined) this.limit = limit;
    if (remaining === undefined || this.limit === undefined || ticket.window !== this.window) return;
    const counted = this.limit - remaining;
    // requests reach the service out of order (a slow one is overtaken by those sent after it), so
    // `counted` may hold any of ours sent so far: only what exceeds all of them is surely someone else's
    const notOurs = counted - this.sent;
    const slack = Math.max(16, Math.ceil(this.limit * 0.05));
    if (counted - ticket.seq < -slack) {
      // the service's window rolled over at or before this request: ours restarts there
      this.window++;
      this.windowStart = ticket.sentAt;
      this.sent = this.sent - ticket.seq + 1;
      this.others = Math.max(0, counted - 1);
      return;
    }
    if (notOurs > this.others) this.others = notOurs;
  }

  /**
   * A 429 says when the service's window ends: the next one starts then with a fresh budget (no pacing wait on top of
   * Retry-After).
   */
  observeRetryAfter(ms: number): void {
    this.open(this.now() + ms);
  }

  private open(start: number): void {
    this.window++;
    this.windowStart = start;
    this.sent = 0;
    this.others = 0;
    this.lastSendAt = Number.NEGATIVE_INFINITY;
  }
}

function toInt(v: string | undefined): number | undefined {
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}

/** Parses Retry-After (delta-seconds or HTTP date) into milliseconds. */
export function parseRetryAfter(v: string | undefined, now: number = Date.now()): number | undefined {
  if (v === undefined || v.trim() === '') return undefined;
  const s = Number(v.trim());
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : Math.max(0, t - now);
}

/** Encodes a query record; keys literal (brackets kept readable), values percent-encoded. */
export function encodeQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const k = key.endsWith('[]') ? key : `${key}[]`;
      for (const item of value) parts.push(`${encodeComponent(k)}=${encodeComponent(String(item))}`);
    } else {
      parts.push(`${encodeComponent(key)}=${encodeComponent(String(value))}`);
    }
  }
  return parts.join('&');
}

function encodeComponent(s: string): string {
  return encodeURIComponent(s).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

// Failures before the request left this machine: safe to retry for every method.
const PRE_SEND_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// Failures after (possibly) sending: only idempotent methods are retried.
const POST_SEND_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);
const IDEMPOTENT = new Set<HttpMethod>(['GET', 'PUT', 'DELETE']);
const RETRYABLE_STATUS = new Set([502, 503, 504]);

function networkCode(err: unknown): string | undefined {
  // OS errors carry a code directly; happy-eyeballs failures are AggregateErrors with `errors`; some wrap a `cause`.
  const codes: string[] = [];
  const walk = (e: unknown, depth: number): void => {
    if (!e || typeof e !== 'object' || depth > 4) return;
    const o = e as { code?: unknown; errors?: unknown; cause?: unknown };
    if (typeof o.code === 'string') codes.push(o.code);
    if (Array.isArray(o.errors)) for (const inner of o.errors) walk(inner, depth + 1);
    walk(o.cause, depth + 1);
  };
  walk(err, 0);
  return codes.find((c) => /^E[A-Z]+$/.test(c)) ?? codes[0];
}

function isAbort(err: unknown): boolean {
  const e = err as { name?: unknown; code?: unknown } | null;
  return !!e && (e.name === 'AbortError' || e.code === 'ABORT_ERR');
}

interface PreparedBody {
  body: string | Uint8Array | undefined;
  contentType: string | undefined;
  describe: string | undefined;
}

type Attempt =
  | { ok: true; response: ApiResponse }
  | { ok: false; error: CliError; retryable: boolean; why: string; retryAfterMs?: number };

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class ApiClient {
  private readonly baseUrl: URL;
  private readonly baseDisplay: string;
  private readonly token: string | undefined;
  private readonly debugFn: ((line: string) => void) | undefined;
  private readonly maxAttempts: number;
  private readonly maxTotalWaitMs: number;
  private readonly baseDelayMs: number;
  private readonly userAgent: string;
  private readonly sleepFn: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly onWait: ((ms: number) => void) | undefined;
  private readonly transport: Exchanger;
  private readonly pacer: RatePacer;
  private closed = false;

  constructor(opts: ClientOptions) {
    let url: URL;
    try {
      url = new URL(opts.baseUrl.replace(/\/+$/, ''));
    } catch {
      throw new CliError(`invalid service URL: ${opts.baseUrl}`, ExitCode.Usage);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new CliError(`invalid service URL: ${opts.baseUrl} (must be http or https)`, ExitCode.Usage);
    }
    url.search = '';
    url.hash = '';
    this.baseUrl = url;
    const shown = new URL(url.href);
    shown.username = '';
    shown.password = '';
    this.baseDisplay = shown.href.replace(/\/+$/, '');
    this.token = opts.token && opts.token.length > 0 ? opts.token : undefined;
    this.debugFn = opts.debug;
    this.maxAttempts = Math.max(1, opts.retry?.maxAttempts ?? 4);
    this.maxTotalWaitMs = Math.max(0, opts.retry?.maxTotalWaitMs ?? 90_000);
    this.baseDelayMs = Math.max(0, opts.retry?.baseDelayMs ?? 500);
    this.userAgent = opts.userAgent ?? `acct (node ${process.versions.node})`;
    this.sleepFn = opts.sleep ?? defaultSleep;
    this.now = opts.now ?? Date.now;
    this.timeoutMs = opts.timeoutMs ?? 60_000;
    this.onWait = opts.onWait;
    this.transport = opts.transport ?? new Transport();
    this.pacer = new RatePacer(this.now);
  }

  async get<T = unknown>(path: string, opts?: RequestOptions): Promise<T> {
    return (await this.request<T>('GET', path, opts)).data;
  }
  async post<T = unknown>(path: string, opts?: RequestOptions): Promise<T> {
    return (await this.request<T>('POST', path, opts)).data;
  }
  async put<T = unknown>(path: string, opts?: RequestOptions): Promise<T> {
    return (await this.request<T>('PUT', path, opts)).data;
  }
  async patch<T = unknown>(path: string, opts?: RequestOptions): Promise<T> {
    return (await this.request<T>('PATCH', path, opts)).data;
  }
  async delete<T = unknown>(path: string, opts?: RequestOptions): Promise<T> {
    return (await this.request<T>('DELETE', path, opts)).data;
  }

  /**
   * The bytes of a file the API links to (a receipt's signed URL). A link to the service's own origin is
   * fetched like any request; a link elsewhere (a hosted service may sign links into a file store) is
   * fetched without the token, which never goes to another origin.
   */
  async download(url: string, signal?: AbortSignal): Promise<Uint8Array> {
    return (await this.request<Uint8Array>('GET', url, { binary: true, signal }, true)).data;
  }

  async request<T = unknown>(
    method: HttpMethod,
    path: string,
    opts: RequestOptions = {},
    anyOrigin = false,
  ): Promise<ApiResponse<T>> {
    if (this.closed) throw new CliError('internal error: API client used after close()');
    if (opts.json !== undefined && opts.form !== undefined) {
      throw new CliError('internal error: a request cannot have both a JSON and a multipart body');
    }
    const url = this.resolve(path, opts.query, anyOrigin);
    const body = await prepareBody(opts);
    const headers: Record<string, string> = {
      accept: opts.binary ? '*/*' : 'application/json',
      'user-agent': this.userAgent,
    };
    if (this.token && url.origin === this.baseUrl.origin) headers.authorization = `Bearer ${this.token}`;
    if (body.contentType) headers['content-type'] = body.contentType;

    let waited = 0;
    let afterRetryAfter = false;
    for (let attempt = 1; ; attempt++) {
      this.checkAborted(opts.signal);
      const pace = this.pacer.reserve(afterRetryAfter);
      if (pace.waitMs > 0) {
        this.trace(
          `pacing: waiting ${fmtSeconds(pace.waitMs)} (${pace.remaining ?? '?'}/${pace.limit ?? '?'} requests ` +
            `left in window)`,
        );
        if (pace.waitMs > QUIET_WAIT_MS) this.onWait?.(pace.waitMs);
        await this.sleep(pace.waitMs, opts.signal);
      }
      const result = await this.attempt(
        method,
        url,
        headers,
        body,
        path,
        opts.signal,
        pace.ticket,
        opts.binary === true,
      );
      if (result.ok) return result.response as ApiResponse<T>;
      if (!result.retryable || attempt >= this.maxAttempts) throw result.error;
      const delay = this.retryDelay(attempt, result.retryAfterMs);
      if (waited + delay > this.maxTotalWaitMs) throw result.error;
      this.trace(`retrying in ${fmtSeconds(delay)} (${result.why}; attempt ${attempt + 1} of ${this.maxAttempts})`);
      if (result.why === '429' && delay > QUIET_WAIT_MS) this.onWait?.(delay);
      waited += delay;
      afterRetryAfter = result.retryAfterMs !== undefined;
      await this.sleep(delay, opts.signal);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.transport.close();
  }

  // ---------------------------------------------------------------------------------------------

  private resolve(path: string, query: Record<string, QueryValue> | undefined, anyOrigin = false): URL {
    let url: URL;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
      url = new URL(path);
      if (anyOrigin && url.protocol !== 'https:' && url.origin !== this.baseUrl.origin) {
        throw new CliError(
          `refusing to download from ${url.origin} over plain http (the service is ${this.baseUrl.origin})`,
        );
      }
      if (!anyOrigin && url.origin !== this.baseUrl.origin) {
        throw new CliError(`refusing to send a request to ${url.origin} (the service is ${this.baseUrl.origin})`);
      }
    } else {
      const p = path.startsWith('/') ? path : `/${path}`;
      url = new URL(this.baseUrl.href);
      const [pathname, search] = splitOnce(p, '?');
      url.pathname = this.baseUrl.pathname.replace(/\/+$/, '') + pathname;
      url.search = search ?? '';
    }
    const extra = encodeQuery(query);
    if (extra) {
      // Parameters given explicitly replace those already in the URL (e.g. `page` of a next link).
      const keys = new Set<string>();
      for (const [k, v] of Object.entries(query ?? {})) {
        if (v === undefined || v === null) continue;
        keys.add(Array.isArray(v) && !k.endsWith('[]') ? `${k}[]` : k);
      }
      const kept = url.search
        .replace(/^\?/, '')
        .split('&')
        .filter((pair) => {
          if (!pair) return false;
          const name = decodeURIComponentSafe(pair.split('=')[0].replace(/\+/g, ' '));
          return !keys.has(name);
        });
      url.search = [...kept, extra].join('&');
    }
    url.hash = '';
    return url;
  }

  private async attempt(
    method: HttpMethod,
    url: URL,
    headers: Record<string, string>,
    body: PreparedBody,
    path: string,
    signal: AbortSignal | undefined,
    ticket: PaceTicket,
    binary: boolean,
  ): Promise<Attempt> {
    if (this.debugFn) {
      this.trace(`> ${method} ${this.display(url)}`);
      for (const [k, v] of Object.entries(headers)) {
        this.trace(`> ${headerName(k)}: ${k === 'authorization' ? 'Bearer ***' : v}`);
      }
      if (body.describe) this.trace(`> ${body.describe}`);
    }
    const t0 = performance.now();
    let statusCode: number;
    let resHeaders: Record<string, string>;
    let text: string;
    let bytes: Uint8Array | undefined;
    try {
      const res = await this.transport.send({
        url,
        method,
        headers,
        body: body.body,
        signal,
        timeoutMs: this.timeoutMs,
        binary,
      });
      statusCode = res.status;
      resHeaders = flattenHeaders(res.headers);
      bytes = res.bytes;
      // an error's body is read as text (the service's message) even when bytes were asked for
      text = bytes && (statusCode < 200 || statusCode >= 300) ? Buffer.from(bytes).toString('utf8') : res.text;
    } catch (err) {
      if (isAbort(err) || signal?.aborted) throw new CliError('interrupted', ExitCode.Interrupted);
      const found = networkCode(err);
      // Anything without a network error code is a fault of ours, not of the network: let it surface.
      if (found === undefined) throw err;
      const code = found;
      this.trace(`< ${code} (${Math.round(performance.now() - t0)} ms)`);
      const error = new CliError(this.redact(`could not reach ${this.baseDisplay} (${code})`), ExitCode.Failure);
      const retryable = PRE_SEND_CODES.has(code) || (POST_SEND_CODES.has(code) && IDEMPOTENT.has(method));
      return { ok: false, error, retryable, why: code };
    }
    const ms = Math.round(performance.now() - t0);
    this.pacer.observe(resHeaders, ticket);
    if (this.debugFn) {
      this.trace(`< ${statusCode} ${reasonPhrase(statusCode)} (${ms} ms)`);
      for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'retry-after']) {
        if (resHeaders[h] !== undefined) this.trace(`< ${headerName(h)}: ${resHeaders[h]}`);
      }
      if (statusCode >= 400 && text) this.trace(`< ${truncate(text.replace(/\s+/g, ' '), 500)}`);
    }
    if (statusCode >= 200 && statusCode < 300 && binary) {
      return { ok: true, response: { status: statusCode, headers: resHeaders, data: bytes ?? new Uint8Array(0) } };
    }
    const response: ApiResponse = {
      status: statusCode,
      headers: resHeaders,
      data: parseBody(statusCode, resHeaders, text),
    };
    if (statusCode >= 200 && statusCode < 300) return { ok: true, response };
    const retryAfterMs = parseRetryAfter(resHeaders['retry-after'], this.now());
    if (statusCode === 429 && retryAfterMs !== undefined) this.pacer.observeRetryAfter(retryAfterMs);
    const error = this.toApiError(method, path, statusCode, response.data, retryAfterMs);
    const retryable = statusCode === 429 || (RETRYABLE_STATUS.has(statusCode) && IDEMPOTENT.has(method));
    return { ok: false, error, retryable, why: String(statusCode), retryAfterMs };
  }

  private toApiError(
    method: string,
    path: string,
    status: number,
    data: unknown,
    retryAfterMs: number | undefined,
  ): ApiError {
    const obj =
      data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
    const bodyMessage =
      obj && typeof obj.message === 'string' && obj.message.trim() !== '' ? obj.message.trim() : undefined;
    const message = bodyMessage ?? `HTTP ${status} ${reasonPhrase(status)}`.trim();
    const fieldErrors: Record<string, string[]> = {};
    if (obj?.errors && typeof obj.errors === 'object' && !Array.isArray(obj.errors)) {
      for (const [field, msgs] of Object.entries(obj.errors as Record<string, unknown>)) {
        const list = Array.isArray(msgs) ? msgs.map(String) : [String(msgs)];
        fieldErrors[field] = list.map((m) => this.redact(m));
      }
    }
    // the field errors travel apart (fieldErrors): the CLI prints each once (src/cli/failure.ts)
    const details: string[] = [];
    if (status === 401) details.push('run "acct login" or set ACCT_TOKEN');
    if (status === 429) {
      details.push(
        retryAfterMs !== undefined
          ? `rate limit exceeded; try again in ${Math.ceil(retryAfterMs / 1000)} s`
          : 'rate limit exceeded; try again in a minute',
      );
    }
    return new ApiError({
      status,
      method,
      path: this.redact(path),
      message: this.redact(message),
      details: details.map((d) => this.redact(d)),
      fieldErrors,
      body: data,
    });
  }

  /** Exponential back-off with jitter; a Retry-After (429/503) is honoured plus up to 10 % (≥ 100 ms) jitter. */
  private retryDelay(attempt: number, retryAfterMs: number | undefined): number {
    if (retryAfterMs !== undefined) {
      return Math.ceil(retryAfterMs + 100 + Math.random() * Math.max(400, retryAfterMs * 0.1));
    }
    const step = this.baseDelayMs * 2 ** (attempt - 1);
    return Math.ceil(step / 2 + (Math.random() * step) / 2);
  }

  private async sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
    if (!signal) return this.sleepFn(ms);
    this.checkAborted(signal);
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<void>((_, reject) => {
      onAbort = () => reject(new CliError('interrupted', ExitCode.Interrupted));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([this.sleepFn(ms), aborted]);
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  }

  private checkAborted(signal: AbortSignal | undefined): void {
    if (signal?.aborted) throw new CliError('interrupted', ExitCode.Interrupted);
  }

  private display(url: URL): string {
    const u = new URL(url.href);
    u.username = '';
    u.password = '';
    return u.href;
  }

  private trace(line: string): void {
    if (this.debugFn) this.debugFn(this.redact(line));
  }

  private redact(s: string): string {
    return this.token ? s.split(this.token).join('***') : s;
  }
}

async function prepareBody(opts: RequestOptions): Promise<PreparedBody> {
  if (opts.json !== undefined) {
    const text = JSON.stringify(opts.json);
    return { body: text, contentType: 'application/json', describe: `${truncate(text, 500)}` };
  }
  if (opts.form !== undefined) {
    // Serialised once into a buffer so the very same bytes (and boundary) can be re-sent on retry.
    const res = new Response(opts.form);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const fields = [...opts.form.keys()];
    return {
      body: bytes,
      contentType: res.headers.get('content-type') ?? 'multipart/form-data',
      describe: `(multipart body, ${bytes.byteLength} bytes, fields: ${fields.join(', ')})`,
    };
  }
  return { body: undefined, contentType: undefined, describe: undefined };
}

function parseBody(status: number, headers: Record<string, string>, text: string): unknown {
  if (status === 204 || text.trim() === '') return null;
  const ct = headers['content-type'] ?? '';
  const looksJson = /json/i.test(ct) || /^\s*[[{"]/.test(text);
  if (looksJson) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

function headerName(lower: string): string {
  if (lower === 'x-ratelimit-limit') return 'X-RateLimit-Limit';
  if (lower === 'x-ratelimit-remaining') return 'X-RateLimit-Remaining';
  return lower.replace(/(^|-)([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase());
}

function fmtSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
