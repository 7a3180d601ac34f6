// The public link of a proposal (service-decisions.md, "Proposals: the public link"): no token, no
// company in the path; the share token alone finds the proposal. GET the page (HTML in the proposal's
// language), GET …/pdf, POST …/accept and …/decline (form fields name, comment) answering 303 back to
// the page. Unknown or disabled tokens get a 404 page that names nothing; a company whose subscription
// expired a 402 page, as the API answers it; an answer posted from another site a 403 page
// (same-origin.ts); an answer to a decided or expired proposal a 409 page saying why; a missing name the
// page again with its 422. Every answer carries the security headers and is rate-limited per IP like
// the API; errors are pages too, never the API's JSON.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { cleanComment, cleanName, COMMENT_MAX, NAME_MAX, standingDecision } from '../../domain/proposal-decision.js';
import { answerProposal, recordLinkView } from '../actions/proposal-link.js';
import { clock, todayOf, zoneOf } from '../clock.js';
import type { AppEnv } from '../context.js';
import { decisionRefusal, type DecisionRefusal } from '../domain/documents.js';
import { wallClock } from '../domain/time.js';
import { HttpError } from '../http-error.js';
import { documentModel } from '../present/documents.js';
import { clientAddress, RateLimiter, rateLimitHeaders } from '../rate-limit.js';
import {
  failedHtml,
  foreignHtml,
  notAllowedHtml,
  notFoundHtml,
  sharePageHtml,
  tooManyHtml,
  unavailableHtml,
  type AnswerForm,
  type AnswerState,
} from '../render/share-page.js';
import { fromOtherSite } from '../same-origin.js';
import { shareLabelsFor } from '../render/share-labels.js';
import { findCompany } from '../store/companies.js';
import type { Row } from '../store/db.js';
import { activityRows, findSharedProposalRow, type SharedProposalRow } from '../store/documents.js';

/**
 * The headers of every public answer, and no caching of a page whose state changes. The referrer policy
 * is same-origin, not the decisions' no-referrer: under no-referrer a browser sends `Origin: null` with
 * the page's own forms, and the check against other sites could not tell them from a forged post.
 * same-origin still gives no other site the link.
 */
export const SHARE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'",
  'Referrer-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex',
  'Cache-Control': 'no-store',
};

const PAGE = '/share/proposals/:token';
/** What a share token looks like (32 URL-safe characters); anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
/** A form of a name and a comment needs a few kilobytes; far more is refused unread. */
const MAX_FORM_BYTES = 64 * 1024;

type ShareCtx = Context<AppEnv>;
interface Shared {
  row: SharedProposalRow;
  company: Row;
  today: string;
  zone: string;
}

const pagePath = (token: string) => `/share/proposals/${token}`;

/** The proposal the path's token shares, with its company and the company's today; undefined: 404. */
function sharedOf(c: ShareCtx): Shared | undefined {
  const token = c.req.param('token') ?? '';
  if (!TOKEN.test(token)) return undefined;
  const db = c.get('deps').db;
  const row = findSharedProposalRow(db, token);
  const company = row ? findCompany(db, Number(row.company_id)) : undefined;
  if (!row || !company) return undefined;
  return { row, company, zone: zoneOf(company), today: todayOf(company) };
}

/** What the answer part shows: the forms, the expiry, or the outcome with the activity it stands on. */
function answerState(c: ShareCtx, s: Shared, form?: AnswerForm): AnswerState {
  const refusal = decisionRefusal(s.row.status, s.row.valid_until ?? null, s.today);
  if (!refusal) return { kind: 'open', form };
  if (refusal === 'expired') return { kind: 'expired', validUntil: s.row.valid_until };
  const activities = activityRows(c.get('deps').db, 'proposal', s.row.id);
  const standing = standingDecision(s.row.status, activities);
  return {
    kind: 'decided',
    status: refusal,
    decision: standing && {
      decision: standing.decision,
      date: wallClock(new Date(standing.activity.created_at), s.zone).date,
      name: standing.name,
      comment: standing.comment,
    },
  };
}

function page(
  c: ShareCtx,
  s: Shared,
  status: 200 | 409 | 422,
  extra: { form?: AnswerForm; refused?: DecisionRefusal } = {},
) {
  const path = pagePath(s.row.share_token);
  return c.html(
    sharePageHtml({
      model: documentModel(c.get('deps').db, s.company, 'proposal', s.row),
      paths: { pdf: `${path}/pdf`, accept: `${path}/accept`, decline: `${path}/decline` },
      state: answerState(c, s, extra.form),
      refused: extra.refused,
    }),
    status,
  );
}

const notFoundPage = (c: ShareCtx) => c.html(notFoundHtml(), 404);

/** While its company's subscription is expired a link answers 402, as the API answers that company. */
const lapsed = (s: Shared): boolean => !!s.company.subscription_expired;
const unavailablePage = (c: ShareCtx, s: Shared) =>
  c.html(unavailableHtml(s.row.lang, s.company.creditor_name || s.company.name), 402);

/** Refuses (403) an answer posted from a page of another site, before anything is looked up. */
const sameSiteOnly = createMiddleware<AppEnv>(async (c, next) => {
  const from = {
    origin: c.req.header('origin'),
    referer: c.req.header('referer'),
    host: c.req.header('host') ?? new URL(c.req.url).host,
    forwardedHost: c.req.header('x-forwarded-host'),
  };
  if (fromOtherSite(from)) return c.html(foreignHtml(), 403);
  await next();
});

/** The form's name and comment checked, in the proposal's language; undefined when they will do. */
function formErrors(lang: string, name: string, comment: string): AnswerForm['errors'] | undefined {
  const words = shareLabelsFor(lang);
  const errors: AnswerForm['errors'] = {};
  if (name === '') errors.name = words.nameRequired;
  else if (name.length > NAME_MAX) errors.name = words.tooLong(NAME_MAX);
  if (comment.length > COMMENT_MAX) errors.comment = words.tooLong(COMMENT_MAX);
  return Object.keys(errors).length ? errors : undefined;
}

/** The public routes, mounted on the service's root beside /api. */
export function shareRoutes(rateLimit: number): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  registerLimit(r, rateLimit);
  registerPage(r);
  registerAnswer(r);
  registerFallback(r);
  return r;
}

/** Every share request counts against the per-address limit (429 beyond it) and gets the page headers. */
function registerLimit(r: Hono<AppEnv>, rateLimit: number): void {
  const limiter = rateLimit > 0 ? new RateLimiter(rateLimit) : undefined;
  r.use('/share/*', async (c, next) => {
    const decision = limiter?.hit(clientAddress(c.env));
    const headers: Record<string, string> = { ...SHARE_HEADERS, ...(decision ? rateLimitHeaders(decision) : {}) };
    if (decision?.retryAfter !== undefined) return c.html(tooManyHtml(), 429, headers);
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
}

/** The page and its PDF. */
function registerPage(r: Hono<AppEnv>): void {
  r.get(PAGE, (c) => {
    const s = sharedOf(c);
    if (!s) return notFoundPage(c);
    if (lapsed(s)) return unavailablePage(c, s);
    // HEAD runs this handler too; only a real look counts as a view
    if (c.req.method === 'GET') recordLinkView(c.get('deps').db, s.row, clock.now());
    return page(c, s, 200);
  });

  // the PDF, drawn on the worker thread as for the API's PDF
  r.get(`${PAGE}/pdf`, async (c) => {
    const s = sharedOf(c);
    if (!s) return notFoundPage(c);
    if (lapsed(s)) return unavailablePage(c, s);
    const model = documentModel(c.get('deps').db, s.company, 'proposal', s.row);
    const { renderPdf } = await import('../render/pdf-renderer.js');
    const bytes = await renderPdf(model, 'pdf', c.get('deps').pdfThread);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${model.fileName}"`,
    });
  });
}

/** The customer's answer: accept or decline (the form), and a reload of where it was posted. */
function registerAnswer(r: Hono<AppEnv>): void {
  // a reload or a bookmark of where an answer was posted leads back to the page
  r.get(`${PAGE}/:answer{accept|decline}`, (c) => {
    const token = c.req.param('token');
    return TOKEN.test(token) ? c.redirect(pagePath(token), 303) : notFoundPage(c);
  });

  r.post(
    `${PAGE}/:answer{accept|decline}`,
    sameSiteOnly,
    bodyLimit({ maxSize: MAX_FORM_BYTES, onError: (c) => c.html(notAllowedHtml(), 413) }),
    async (c) => {
      const s = sharedOf(c);
      if (!s) return notFoundPage(c);
      if (lapsed(s)) return unavailablePage(c, s);
      const refused = decisionRefusal(s.row.status, s.row.valid_until ?? null, s.today);
      if (refused) return page(c, s, 409, { refused });
      let body: Record<string, unknown> = {};
      try {
        body = await c.req.parseBody();
      } catch {
        /* not a form: no name */
      }
      const name = typeof body.name === 'string' ? cleanName(body.name) : '';
      const comment = typeof body.comment === 'string' ? cleanComment(body.comment) : '';
      const which = c.req.param('answer') === 'accept' ? 'accept' : 'decline';
      const errors = formErrors(s.row.lang, name, comment);
      if (errors) return page(c, s, 422, { form: { which, name, comment, errors } });
      const late = answerProposal(
        c.get('deps').db,
        s.row,
        { decision: which === 'accept' ? 'accepted' : 'declined', name, comment: comment || null },
        s.today,
        clock.now(),
      );
      if (late) return page(c, sharedOf(c) ?? s, 409, { refused: late });
      return c.redirect(pagePath(s.row.share_token), 303);
    },
  );
}

/** Anything else under /share (405 or 404), and a failure as a page, never JSON. */
function registerFallback(r: Hono<AppEnv>): void {
  // anything else under /share: a method the route does not take (405), else nothing (404)
  r.all('/share/*', (c) => {
    const known = /^\/share\/proposals\/[^/]+(\/(pdf|accept|decline))?$/.exec(c.req.path);
    if (!known) return notFoundPage(c);
    const allow = known[2] === 'accept' || known[2] === 'decline' ? 'GET, HEAD, POST' : 'GET, HEAD';
    return c.html(notAllowedHtml(), 405, { Allow: allow });
  });

  r.onError((err, c) => {
    if (err instanceof HttpError && err.status === 404) return notFoundPage(c);
    c.get('deps').log(
      `${c.req.method} ${c.req.path.replace(/^(\/share\/proposals\/)[^/]+/, '$1…')}: ` +
        `${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    return c.html(failedHtml(), 500);
  });
}
