// What every request handler can reach: the database, the authenticated user and the company in scope;
// and the same as a plain scope for the rules and actions below the routes, which take no hono context.
import type { Context } from 'hono';
import { todayOf, zoneOf } from './clock.js';
import type { Db, Row } from './store/db.js';
import type { Role } from './store/companies.js';
import { projectRow, type TimeProjectRef } from './store/times.js';
import type { Failures } from './validation.js';
import type { PdfThread } from './render/pdf-renderer.js';

export interface ServiceDeps {
  db: Db;
  dataDir: string;
  /** requests per minute per client IP; 0 turns the limit off */
  rateLimit: number;
  /** logs unexpected faults (stack traces stay out of responses) */
  log: (line: string) => void;
  /** where PDFs are drawn (render/pdf-renderer.ts): on a worker thread unless told */
  pdfThread?: PdfThread;
}

export interface AppEnv {
  Variables: {
    deps: ServiceDeps;
    user: Row;
    company: Row;
    companyId: number;
    role: Role;
  };
}

export type Ctx = Context<AppEnv>;

export const companyZone = (c: Ctx): string => zoneOf(c.get('company'));
/** Today in the company's time zone. */
export const companyToday = (c: Ctx): string => todayOf(c.get('company'));

/** The company a request acts in and who acts; actions/bookings.ts takes it as its BookingScope. */
export interface Scope {
  db: Db;
  dataDir: string;
  companyId: number;
  userId: number;
  /** today in the company's time zone */
  today: string;
  /** the end of the company's closed period */
  closedUntil: string | null;
  /** the subscription's yearly income limit in Rappen; null: none */
  revenueCap: number | null;
}

export function scopeOf(c: Ctx): Scope {
  const company = c.get('company');
  return {
    db: c.get('deps').db,
    dataDir: c.get('deps').dataDir,
    companyId: c.get('companyId'),
    userId: Number(c.get('user').id),
    today: companyToday(c),
    closedUntil: company.closed_until ?? null,
    revenueCap: company.revenue_cap === null || company.revenue_cap === undefined ? null : Number(company.revenue_cap),
  };
}

/** The request's scope with the company's row, for the actions that read its settings (documents, the bank import). */
export type CompanyScope = Scope & { company: Row };

export const companyScopeOf = (c: Ctx): CompanyScope => ({ ...scopeOf(c), company: c.get('company') });

/**
 * project_id exists in the company (Laravel's `exists`, a database rule): the project row, else `checked` names the
 * field.
 */
export function projectOf(s: Scope, checked: Failures, id: number | null | undefined): TimeProjectRef | undefined {
  if (id == null) return undefined;
  const row = projectRow(s.db, s.companyId, id);
  if (!row) checked.fail('project_id', 'The selected :attribute is invalid.');
  return row;
}
