// The service's HTTP application: rate limit, authentication, company scope, routes and the error format;
// beside /api the public pages of shared proposals (routes/share.ts). The routes themselves load on the
// first request that needs them (routes/index.ts): each group of route modules becomes an app of its
// own, built once, which the request is handed to with what the middleware here found (the user, the
// company); its 404s, 405s and errors answer exactly as one app would.
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { createMiddleware } from 'hono/factory';
import { clock } from './clock.js';
import type { AppEnv, ServiceDeps } from './context.js';
import { HttpError, subscriptionExpired } from './http-error.js';
import { clientAddress, RateLimiter, rateLimitHeaders } from './rate-limit.js';
import { membership } from './store/companies.js';
import { timestamp } from './store/db.js';
import { findTokenUse, noteTokenUse, type TokenUse } from './store/tokens.js';
import { routesFor, type Registrar } from './routes/index.js';
import { isSignedFileRequest, isStatementUpload, MAX_STATEMENT_BYTES } from './routes/paths.js';
import { bodyLimits } from './body-limit.js';
import { MAX_UPLOAD_BYTES } from './upload.js';
import { loadZod } from './validation.js';

export const API_PREFIX = '/api/v2';

/** What the middleware of the outer app found, handed to the app of the routes (in its env). */
const FOUND = Symbol('found');
type Found = Partial<AppEnv['Variables']>;
type WithFound = { [FOUND]?: Found };

const notFound = (c: Context) =>
  c.json({ message: `The route ${new URL(c.req.url).pathname.replace(/^\//, '')} could not be found.` }, 404);

function onError(deps: ServiceDeps) {
  return (err: Error, c: Context) => {
    if (err instanceof HttpError) {
      const body = err.errors ? { message: err.message, errors: err.errors } : { message: err.message };
      return c.json(body, err.status as 400, err.headers);
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ message: err.message || 'Bad request.' }, err.status);
    }
    deps.log(
      `${c.req.method} ${new URL(c.req.url).pathname}: ` +
        `${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    return c.json({ message: 'Server Error.' }, 500);
  };
}

/** An app that takes over what the outer app found, then serves `fill`'s routes. */
function foundApp(fill: (app: Hono<AppEnv>) => void): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    const found = (c.env as WithFound | undefined)?.[FOUND] ?? {};
    for (const [key, value] of Object.entries(found)) c.set(key as keyof Found, value as never);
    await next();
  });
  fill(app);
  return app;
}

/** The app of a group of route modules mounted at `base`, with the service's 404, 405 and error answers. */
function routesApp(deps: ServiceDeps, base: string, registrars: Registrar[]): Hono<AppEnv> {
  return foundApp((app) => {
    app.use(
      '*',
      methodNotAllowed({
        app,
        onMethodNotAllowed: (c, methods) =>
          c.json(
            {
              message:
                `The ${c.req.method} method is not supported for this route. Supported methods: ` +
                `${methods.join(', ')}.`,
            },
            405,
            { Allow: methods.join(', ') },
          ),
      }),
    );
    // a request that may carry a body to validate loads zod first (a read does not; a GET that validates
    // its query loads it itself), so the schemas, built on first use, find it loaded
    app.use('*', async (c, next) => {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await loadZod();
      await next();
    });
    const routes = new Hono<AppEnv>();
    for (const register of registrars) register(routes);
    app.route(base, routes);
    app.notFound(notFound);
    app.onError(onError(deps));
  });
}

/** A token's last use is noted at most once an hour: a write on every request would cost more than it tells. */
const USE_NOTED_EVERY_MS = 60 * 60 * 1000;

function noteUse(deps: ServiceDeps, use: TokenUse, now: Date): void {
  if (use.lastUsedAt !== null && use.lastUsedAt > timestamp(new Date(now.getTime() - USE_NOTED_EVERY_MS))) return;
  try {
    noteTokenUse(deps.db, use.tokenId, timestamp(now));
  } catch {
    // a database busy beyond its timeout costs the note, not the request
  }
}

/** Hands the request to a lazily built app, with what was found so far. */
async function handOver(c: Context<AppEnv>, app: Hono<AppEnv>): Promise<Response> {
  return app.fetch(c.req.raw, { ...(c.env as object), [FOUND]: { ...c.var } });
}

export function createApp(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limiter = deps.rateLimit > 0 ? new RateLimiter(deps.rateLimit) : undefined;
  const built = new Map<string, Promise<Hono<AppEnv>>>();
  const once = (key: string, build: () => Promise<Hono<AppEnv>>) => {
    let got = built.get(key);
    if (!got) {
      got = build();
      got.catch(() => built.delete(key)); // a failed load is tried again by the next request
      built.set(key, got);
    }
    return got;
  };

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });

  // the public link of proposals: pages, not the API; its own rate limit, headers and error pages
  app.all('/share/*', async (c) =>
    handOver(
      c,
      await once('share', async () => {
        const { shareRoutes } = await import('./routes/share.js');
        return foundApp((a) => a.route('/', shareRoutes(deps.rateLimit)));
      }),
    ),
  );

  app.use('/api/*', async (c, next) => {
    if (!limiter) return next();
    const decision = limiter.hit(clientAddress(c.env));
    const headers = rateLimitHeaders(decision);
    if (decision.retryAfter !== undefined) throw new HttpError(429, 'Too Many Attempts.', undefined, headers);
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });

  // a body larger than its route takes is refused (413) before it is read
  app.use(
    '*',
    bodyLimits((path) => (isStatementUpload(path) ? MAX_STATEMENT_BYTES : MAX_UPLOAD_BYTES)),
  );

  app.use('/api/*', async (c, next) => {
    // signed file links carry their own authorisation (expires + signature), checked by the route
    if (isSignedFileRequest(c.req.method, c.req.path)) return next();
    // read on every request, so a token revoked or expired meanwhile (by any process) is refused at once
    const match = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
    const now = clock.now();
    const use = match ? findTokenUse(deps.db, match[1].trim(), timestamp(now)) : undefined;
    if (!use) throw new HttpError(401, 'Unauthenticated.');
    noteUse(deps, use, now);
    c.set('user', use.user);
    await next();
  });

  const companyScope = createMiddleware<AppEnv>(async (c, next) => {
    const raw = c.req.param('company') ?? '';
    const member = /^\d{1,15}$/.test(raw) ? membership(deps.db, Number(raw), Number(c.get('user').id)) : undefined;
    if (!member) throw new HttpError(403, 'You do not have access to this company.');
    if (member.subscription_expired) throw subscriptionExpired();
    c.set('company', member);
    c.set('companyId', Number(member.id));
    c.set('role', member.role);
    await next();
  });
  app.use(`${API_PREFIX}/companies/:company/*`, companyScope);
  app.use('/api/companies/:company/*', companyScope);

  // every route of the API, in the app of its group (built on the group's first request)
  app.all('/api/*', async (c) => {
    const routes = routesFor(c.req.path);
    if (!routes) return notFound(c);
    return handOver(c, await once(routes.key, async () => routesApp(deps, routes.base, await routes.load())));
  });

  app.notFound(notFound);
  app.onError(onError(deps));
  return app;
}
