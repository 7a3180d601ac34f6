// HTTP/1.1 exchanges over node:http and node:https with one keep-alive Agent per origin. Node's own
// client loads in a few milliseconds where a full HTTP library costs tens (see bench/startup), and a
// CLI command pays that on every run.
import type { Agent, IncomingHttpHeaders } from 'node:http';

export interface Exchange {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
  timeoutMs: number;
  /** the answer's body is wanted as bytes (a file), not as text */
  binary?: boolean;
}

/** `bytes` is there when the exchange asked for `binary` (and `text` is then empty). */
export interface ExchangeResult {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  bytes?: Uint8Array;
}

type HttpModule = typeof import('node:http');

/** What carries the client's requests: HTTP (Transport), or a call into the service in this process (local mode). */
export interface Exchanger {
  send(x: Exchange): Promise<ExchangeResult>;
  close(): void;
}

export class Transport implements Exchanger {
  private readonly agents = new Map<string, Agent>();

  private module(url: URL): HttpModule {
    // getBuiltinModule avoids the static ESM import of node:http(s), which also loads Node's fetch.
    return (
      url.protocol === 'https:' ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http')
    ) as HttpModule;
  }

  private agent(url: URL): Agent {
    let agent = this.agents.get(url.origin);
    if (!agent) {
      agent = new (this.module(url).Agent)({ keepAlive: true, maxSockets: 8, keepAliveMsecs: 10_000 });
      this.agents.set(url.origin, agent);
    }
    return agent;
  }

  send(x: Exchange): Promise<ExchangeResult> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { ...x.headers };
      if (x.body !== undefined)
        headers['content-length'] = typeof x.body === 'string' ? Buffer.byteLength(x.body) : x.body.byteLength;
      const req = this.module(x.url).request(x.url, {
        method: x.method,
        headers,
        agent: this.agent(x.url),
        signal: x.signal,
        timeout: x.timeoutMs,
      });
      req.on('timeout', () => req.destroy(Object.assign(new Error('request timed out'), { code: 'ETIMEDOUT' })));
      req.on('error', reject);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            ...(x.binary ? { text: '', bytes: body } : { text: body.toString('utf8') }),
          });
        });
      });
      req.end(x.body);
    });
  }

  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}
