// Headers, Request and Response for the service run inside the CLI's own process (local mode).
//
// Node's Request, Response and Headers live in its bundled fetch implementation, which loads on first
// touch and costs 20–30 ms — more than the rest of a local `acct tags list`. The service answers an
// in-process request with strings and bytes only, so these small classes carry them instead. The build
// (scripts/build.mjs) points every bare `Response`, `Request` and `Headers` of the bundle at `__acctWeb`,
// which hands out Node's own classes unless `useLightWeb()` was called (the in-process service does, the
// HTTP server never). What they do not carry themselves (a multipart form, a Blob body) they pass to
// Node's classes, loaded then.
//
// Bare `Response`, `Request` and `Headers` appear here only as types: in the bundle they would name
// __acctWeb. Node's own are reached as globalThis.X.

type Bytes = Uint8Array<ArrayBufferLike>;
type Source = string | Bytes | ReadableStream<Bytes> | null;
type HeadersLike = { forEach(fn: (value: string, name: string) => void): void };
type HeadersInit =
  | HeadersLike
  | Iterable<readonly [string, string]>
  | Record<string, string | readonly string[] | undefined>
  | undefined;

const native = {
  headers: () => globalThis.Headers,
  request: () => globalThis.Request,
  response: () => globalThis.Response,
};

/** A body these classes carry themselves: text, bytes, a stream, or none. */
function ownSource(body: unknown): Source | undefined {
  if (body === null || body === undefined) return null;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (body instanceof ReadableStream) return body as ReadableStream<Bytes>;
  return undefined;
}

export class LightHeaders {
  readonly #map = new Map<string, string>();

  constructor(init?: HeadersInit) {
    if (init === undefined || init === null) return;
    if (typeof (init as HeadersLike).forEach === 'function' && !Array.isArray(init)) {
      (init as HeadersLike).forEach((value, name) => {
        this.append(name, value);
      });
    } else if (typeof (init as Iterable<unknown>)[Symbol.iterator] === 'function') {
      for (const [name, value] of init as Iterable<readonly [string, string]>) this.append(name, value);
    } else {
      for (const [name, value] of Object.entries(init as Record<string, string | readonly string[] | undefined>)) {
        if (value === undefined) continue;
        if (Array.isArray(value)) for (const v of value) this.append(name, v);
        else this.append(name, value as string);
      }
    }
  }

  get(name: string): string | null {
    return this.#map.get(name.toLowerCase()) ?? null;
  }
  has(name: string): boolean {
    return this.#map.has(name.toLowerCase());
  }
  set(name: string, value: string): void {
    this.#map.set(name.toLowerCase(), String(value).trim());
  }
  delete(name: string): void {
    this.#map.delete(name.toLowerCase());
  }
  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const had = this.#map.get(key);
    const v = String(value).trim();
    this.#map.set(key, had === undefined ? v : `${had}, ${v}`);
  }
  getSetCookie(): string[] {
    return [];
  }
  /** In name order, as the standard's Headers iterate. */
  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.#map.keys()].sort()) yield [name, this.#map.get(name)!];
  }
  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }
  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
  forEach(fn: (value: string, name: string, headers: LightHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) fn.call(thisArg, value, name, this);
  }
}

/** The body half of a request or a response: read once, as text, JSON, bytes or a form. */
abstract class LightBody {
  #source: Source;
  #used = false;
  abstract readonly headers: LightHeaders;

  protected constructor(source: Source) {
    this.#source = source;
  }

  get body(): ReadableStream<Bytes> | null {
    const source = this.#source;
    if (source === null) return null;
    if (source instanceof ReadableStream) return source;
    const bytes = typeof source === 'string' ? Buffer.from(source, 'utf8') : source;
    const stream = new ReadableStream<Bytes>({
      start(c) {
        if (bytes.byteLength) c.enqueue(bytes);
        c.close();
      },
    });
    this.#source = stream;
    return stream;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  /** The source as it is, marking the body read (a second read is a TypeError, as with fetch's classes). */
  protected take(): Source {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#source;
  }

  /** The source for a copy (clone, a request made from a request), unread; a stream is split in two. */
  protected fork(): Source {
    if (!(this.#source instanceof ReadableStream)) return this.#source;
    const [mine, theirs] = this.#source.tee();
    this.#source = mine;
    return theirs;
  }

  async bytes(): Promise<Bytes> {
    const source = this.take();
    if (source === null) return new Uint8Array(0);
    if (typeof source === 'string') return Buffer.from(source, 'utf8');
    if (source instanceof Uint8Array) return source;
    const chunks: Bytes[] = [];
    const reader = source.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  }

  async text(): Promise<string> {
    const source = this.#used ? undefined : this.#source;
    if (typeof source === 'string') {
      this.take();
      return source;
    }
    return Buffer.from(await this.bytes()).toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async blob(): Promise<Blob> {
    return new Blob([(await this.bytes()) as Uint8Array<ArrayBuffer>], {
      type: this.headers.get('content-type') ?? '',
    });
  }

  /** Multipart and urlencoded bodies are parsed by Node's own Response (loaded now). */
  async formData(): Promise<FormData> {
    const bytes = await this.bytes();
    const type = this.headers.get('content-type');
    return new (native.response())(bytes as BodyInit, { headers: type ? { 'content-type': type } : {} }).formData();
  }
}

interface LightRequestInit {
  method?: string;
  headers?: HeadersInit;
  body?: unknown;
}

export class LightRequest extends LightBody {
  readonly url!: string;
  readonly method!: string;
  readonly headers!: LightHeaders;

  // biome-ignore lint/correctness/noUnreachableSuper: a body it cannot hold returns Node's Request instead
  constructor(input: string | URL | LightRequest, init: LightRequestInit = {}) {
    const replaced = init.body !== undefined ? ownSource(init.body) : undefined;
    if (init.body !== undefined && init.body !== null && replaced === undefined) {
      // a body of another kind (a FormData …): Node's own Request takes it
      // biome-ignore lint/correctness/noConstructorReturn: Node's own Request takes this body
      return new (native.request())(
        input instanceof LightRequest ? input.url : input,
        init as RequestInit,
      ) as unknown as LightRequest;
    }
    const from = input instanceof LightRequest ? input : undefined;
    super(replaced !== undefined ? replaced : from ? from.fork() : null);
    this.url = from ? from.url : String(input);
    this.method = (init.method ?? from?.method ?? 'GET').toUpperCase();
    this.headers = new LightHeaders(init.headers ?? from?.headers);
  }

  clone(): LightRequest {
    return new LightRequest(this);
  }
}

interface LightResponseInit {
  status?: number;
  statusText?: string;
  headers?: HeadersInit;
}

export class LightResponse extends LightBody {
  readonly status!: number;
  readonly statusText!: string;
  readonly headers!: LightHeaders;
  readonly type = 'default';
  readonly url = '';
  readonly redirected = false;

  // biome-ignore lint/correctness/noUnreachableSuper: a body it cannot hold returns Node's Response instead
  constructor(body?: unknown, init: LightResponseInit = {}) {
    const source = ownSource(body);
    if (source === undefined) {
      // a FormData, Blob or URLSearchParams body: Node's own Response serialises it
      const headers = init.headers === undefined ? undefined : Object.fromEntries(new LightHeaders(init.headers));
      // biome-ignore lint/correctness/noConstructorReturn: Node's own Response serialises this body
      return new (native.response())(body as BodyInit, {
        status: init.status,
        statusText: init.statusText,
        headers,
      }) as unknown as LightResponse;
    }
    super(source);
    this.status = init.status ?? 200;
    this.statusText = init.statusText ?? '';
    this.headers = new LightHeaders(init.headers);
    if (typeof source === 'string' && !this.headers.has('content-type'))
      this.headers.set('content-type', 'text/plain;charset=UTF-8');
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  clone(): LightResponse {
    return new LightResponse(this.fork(), this);
  }
}

let light = false;

/** From now on, the bundle's Response, Request and Headers are the light ones (the in-process service). */
export function useLightWeb(): void {
  light = true;
}

/** What the bundle's bare Response, Request and Headers name (scripts/build.mjs). */
export const __acctWeb = {
  get Headers(): typeof globalThis.Headers {
    return (light ? LightHeaders : native.headers()) as typeof globalThis.Headers;
  },
  get Request(): typeof globalThis.Request {
    return (light ? LightRequest : native.request()) as unknown as typeof globalThis.Request;
  },
  get Response(): typeof globalThis.Response {
    return (light ? LightResponse : native.response()) as unknown as typeof globalThis.Response;
  },
};
