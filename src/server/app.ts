// The service's HTTP application: rate limit, authentication, company scope, routes and the error format;
// beside /api the public pages of shared proposals (routes/share.ts).
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, ServiceDeps } from './context.js';
import { HttpError, subscriptionExpired } from './http-error.js';
import { clientAddress, RateLimiter } from './rate-limit.js';
import { findUserByToken, membership } from './store/companies.js';
import { registerCompanyRoutes, registerUserRoutes } from './routes/index.js';
import { isSignedFileRequest } from './routes/files.js';
import { isStatementUpload, MAX_STATEMENT_BYTES } from './routes/import-entries.js';
import { shareRoutes } from './routes/share.js';
import { bodyLimits } from './body-limit.js';
import { MAX_UPLOAD_BYTES } from './upload.js';

export const API_PREFIX = '/api/v2';

export function createApp(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limiter = deps.rateLimit > 0 ? new RateLimiter(deps.rateLimit) : undefined;

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });

  // the public link of proposals: pages, not the API; its own rate limit, headers and error pages
  app.route('/', shareRoutes(deps.rateLimit));

  app.use('/api/*', async (c, next) => {
    if (!limiter) return next();
    const decision = limiter.hit(clientAddress(c.env));
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(decision.limit),
      'X-RateLimit-Remaining': String(decision.remaining),
    };
    if (decision.retryAfter !== undefined) {
      throw new HttpError(429, 'Too Many Attempts.', undefined, { ...headers, 'Retry-After': String(decision.retryAfter) });
    }
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });

  // a body larger than its route takes is refused (413) before it is read
  app.use('*', bodyLimits((path) => (isStatementUpload(path) ? MAX_STATEMENT_BYTES : MAX_UPLOAD_BYTES)));

  app.use('/api/*', async (c, next) => {
    // signed file links carry their own authorisation (expires + signature), checked by the route
    if (isSignedFileRequest(c.req.method, c.req.path)) return next();
    const match = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
    const user = match ? findUserByToken(deps.db, match[1].trim()) : undefined;
    if (!user) throw new HttpError(401, 'Unauthenticated.');
    c.set('user', user);
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

  app.use('*', methodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) => c.json({ message: `The ${c.req.method} method is not supported for this route. Supported methods: ${methods.join(', ')}.` }, 405, { Allow: methods.join(', ') }),
  }));

  const users = new Hono<AppEnv>();
  registerUserRoutes(users);
  app.route(API_PREFIX, users);

  const company = new Hono<AppEnv>();
  registerCompanyRoutes(company, 'all');
  app.route(`${API_PREFIX}/companies/:company`, company);
  // Time entries and tasks are also written without the version segment in the spec.
  const legacy = new Hono<AppEnv>();
  registerCompanyRoutes(legacy, 'legacy');
  app.route('/api/companies/:company', legacy);

  app.notFound((c) => c.json({ message: `The route ${new URL(c.req.url).pathname.replace(/^\//, '')} could not be found.` }, 404));

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      const body = err.errors ? { message: err.message, errors: err.errors } : { message: err.message };
      return c.json(body, err.status as 400, err.headers);
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ message: err.message || 'Bad request.' }, err.status);
    }
    deps.log(`${c.req.method} ${new URL(c.req.url).pathname}: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    return c.json({ message: 'Server Error.' }, 500);
  });

  return app;
}
