// A recording HTTP proxy in front of a test service: every request it passed on (method, path, JSON
// body), and a hook that may hold a request before it reaches the service or hold the service's answer
// before it reaches the client — the moment to kill the client in the exactly-once tests.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  body: unknown;
  status?: number;
}

/** Where to hold a request: before it goes to the service, or after the service answered it. */
export type Hold = 'before' | 'after' | undefined;

export interface TestProxy {
  /** the proxy's base URL (the target's path kept) */
  url: string;
  seen: Seen[];
  /** decides, for each request in arrival order (1 is the first), whether to hold it */
  hold: (seen: Seen, n: number) => Hold;
  /** resolves when a request was held */
  held: Promise<Seen>;
  /** the path (with its query) sent on to the service: a service that reads less of a request than ours */
  rewrite: (path: string) => string;
  /** the writes seen (POST, PUT, PATCH, DELETE) */
  writes(): Seen[];
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<TestProxy> {
  const to = new URL(target);
  let onHeld: (s: Seen) => void = () => {};
  const held = new Promise<Seen>((resolve) => {
    onHeld = resolve;
  });
  const sockets = new Set<import('node:net').Socket>();
  const proxy: TestProxy = {
    url: '',
    seen: [],
    hold: () => undefined,
    rewrite: (path) => path,
    held,
    writes: () => proxy.seen.filter((s) => s.method !== 'GET'),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        /* keep the text */
      }
      const seen: Seen = { method: req.method ?? 'GET', path: req.url ?? '/', body };
      proxy.seen.push(seen);
      const hold = proxy.hold(seen, proxy.seen.length);
      if (hold === 'before') {
        onHeld(seen);
        return;
      }
      const upstream = request(
        {
          host: to.hostname,
          port: to.port,
          method: req.method,
          path: proxy.rewrite(req.url ?? '/'),
          headers: req.headers,
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => {
            seen.status = answer.statusCode;
            if (hold === 'after') {
              onHeld(seen);
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(parts));
          });
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(chunks.length ? Buffer.concat(chunks) : undefined);
    });
    res.on('error', () => {});
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  proxy.url = `http://127.0.0.1:${port}${to.pathname}`;
  return proxy;
}
