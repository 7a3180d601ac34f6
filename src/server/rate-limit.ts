// Fixed one-minute windows per client IP, like Laravel's throttle middleware: the window starts with the
// first request, every response reports the limit and what is left, a 429 says when to come back.
export interface RateDecision {
  limit: number;
  remaining: number;
  retryAfter?: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now = () => Date.now(),
  ) {}

  hit(key: string): RateDecision {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 10_000) this.prune(now);
    }
    if (window.count >= this.limit) {
      return {
        limit: this.limit,
        remaining: 0,
        retryAfter: Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)),
      };
    }
    window.count++;
    return { limit: this.limit, remaining: this.limit - window.count };
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}

/** The headers of an answer under the limit: X-RateLimit-Limit and -Remaining, and Retry-After when refused (429). */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
  };
  if (decision.retryAfter !== undefined) headers['Retry-After'] = String(decision.retryAfter);
  return headers;
}

/** The client's IP as @hono/node-server hands it over (the socket's remote address); "local" without one. */
export const clientAddress = (env: unknown): string =>
  (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ??
  'local';
