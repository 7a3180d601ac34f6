// Administration of a data directory (users, tokens, companies, settings): the `acct server …` commands.
// These work on the database directly, whether or not a server is running on it.
import { isCalendarDate as isValidDate } from '../domain/calendar.js';
import { clock } from './clock.js';
import { one, run, timestamp, transaction, type Db, type Row } from './store/db.js';
import { seedChart, seedTaxRates } from './actions/chart.js';
import { ROLES, addMember, createUser, findCompany, insertCompany, type Role } from './store/companies.js';
import { checkVatNumber, checkVatSetting, REMINDER_TEXT_MAX, type VatSettingField } from './domain/company-settings.js';
import {
  issueToken,
  revokeTokenRow,
  tokenRowByHash,
  tokenRowById,
  tokenRows,
  tokenRowsByPrefix,
} from './store/tokens.js';
import { AdminError, AdminNotFound, isSeeded } from './local-access.js';
import { toCompanySettings, type CompanySettings as ApiCompanySettings } from './present/companies.js';

export { AdminError, AdminNotFound, localAccessToken } from './local-access.js';

export interface SeedResult {
  seeded: boolean;
  token?: string;
  userId?: number;
  companyId?: number;
}

/** Seeds an empty data directory: user 1 (owner) with the given or a random token, company 1 "Demo AG". */
export function ensureSeeded(db: Db, token?: string): SeedResult {
  if (isSeeded(db)) return { seeded: false };
  return transaction(db, () => {
    const userId = createUser(db, 'Owner', 'owner@localhost');
    const plain = issueToken(db, userId, token);
    const companyId = createCompany(db, 'Demo AG', userId);
    run(db, 'UPDATE companies SET creditor_name = name WHERE id = ?', companyId);
    return { seeded: true, token: plain, userId, companyId };
  });
}

export interface NewUser {
  name: string;
  email: string;
  company: number;
  role: string;
  token?: string;
  /** when the token stops working; none: it works until revoked */
  tokenExpires?: Date;
}

export function addUser(db: Db, input: NewUser): { id: number; token: string } {
  const now = clock.now();
  if (!ROLES.includes(input.role as Role))
    throw new AdminError(`invalid role "${input.role}"; use one of ${ROLES.join(', ')}`);
  if (input.tokenExpires && !(input.tokenExpires > now))
    throw new AdminError(`the token's expiry ${input.tokenExpires.toISOString()} is in the past`);
  if (!findCompany(db, input.company)) throw new AdminError(`company ${input.company} does not exist`);
  if (!input.name.trim()) throw new AdminError('--name must not be empty');
  if (!/^[^@\s]+@[^@\s]+$/.test(input.email)) throw new AdminError(`invalid e-mail address "${input.email}"`);
  if (one(db, 'SELECT 1 FROM users WHERE email = ?', input.email))
    throw new AdminError(`a user with e-mail ${input.email} already exists`);
  return transaction(db, () => {
    const id = createUser(db, input.name, input.email);
    addMember(db, input.company, id, input.role as Role);
    const expiresAt = input.tokenExpires ? timestamp(input.tokenExpires) : null;
    return { id, token: issueToken(db, id, input.token, { expiresAt, now: timestamp(now) }) };
  });
}

/** A token as `acct server tokens list` shows it: a prefix of it, never the token. */
export interface TokenListing {
  id: number;
  /** the first characters of the token (null for tokens made before they were kept) */
  prefix: string | null;
  user_id: number;
  /** the user's e-mail address */
  user: string;
  /** "local" for the CLI's local mode, else null */
  name: string | null;
  status: 'active' | 'expired' | 'revoked';
  created_at: string;
  expires_at: string | null;
  /** noted at most once an hour */
  last_used_at: string | null;
  revoked_at: string | null;
}

function listing(row: Row, now: string): TokenListing {
  const status = row.revoked_at ? 'revoked' : row.expires_at !== null && row.expires_at <= now ? 'expired' : 'active';
  return {
    id: Number(row.id),
    prefix: row.prefix ?? null,
    user_id: Number(row.user_id),
    user: row.user,
    name: row.name ?? null,
    status,
    created_at: row.created_at,
    expires_at: row.expires_at ?? null,
    last_used_at: row.last_used_at ?? null,
    revoked_at: row.revoked_at ?? null,
  };
}

/** Every token of the data directory, oldest first. */
export function listTokens(db: Db): TokenListing[] {
  const now = timestamp(clock.now());
  return tokenRows(db).map((row) => listing(row, now));
}

/** How a token is named in an error: its id, and its prefix and user. */
const named = (row: Row) => `${row.id} (${row.prefix ?? 'no prefix'}, ${row.user})`;

/**
 * The token `ref` names: digits are its id; else the whole token, else a prefix of what the listing
 * shows. Nothing: AdminNotFound; a prefix of several: AdminError listing them.
 */
export function findToken(db: Db, ref: string): TokenListing {
  const now = timestamp(clock.now());
  if (ref === '') throw new AdminError('give a token id or the start of a token');
  if (/^\d+$/.test(ref)) {
    const row = tokenRowById(db, Number(ref));
    if (!row) throw new AdminNotFound(`no token with id ${ref}`);
    return listing(row, now);
  }
  const whole = tokenRowByHash(db, ref);
  if (whole) return listing(whole, now);
  const rows = tokenRowsByPrefix(db, ref);
  if (rows.length === 0)
    throw new AdminNotFound(`no token starts with "${ref}" (acct server tokens list shows what each starts with)`);
  if (rows.length > 1)
    throw new AdminError(`"${ref}" is ambiguous: tokens ${rows.map(named).join(', ')}; give more of it, or the id`);
  return listing(rows[0], now);
}

/** Revokes a token (by id): from now on it gets 401. False when it was revoked already. */
export function revokeToken(db: Db, id: number): boolean {
  return revokeTokenRow(db, id, timestamp(clock.now()));
}

export function addCompany(db: Db, name: string, ownerId: number): number {
  if (!name.trim()) throw new AdminError('--name must not be empty');
  if (!one(db, 'SELECT 1 FROM users WHERE id = ?', ownerId)) throw new AdminError(`user ${ownerId} does not exist`);
  return createCompany(db, name, ownerId);
}

/** A company with its owner, the standard chart and the default tax rates. */
function createCompany(db: Db, name: string, ownerId: number): number {
  return transaction(db, () => {
    const id = insertCompany(db, name);
    addMember(db, id, ownerId, 'owner');
    seedChart(db, id);
    seedTaxRates(db, id);
    return id;
  });
}

export interface CompanySettings {
  plan?: string;
  subscriptionExpired?: string;
  services?: string;
  vatAccrual?: string;
  paymentTerm?: string;
  revenueCap?: string;
  closedUntil?: string;
  creditorName?: string;
  creditorStreet?: string;
  creditorBuilding?: string;
  creditorZip?: string;
  creditorCity?: string;
  creditorCountry?: string;
  /** the UID for VAT, CHE-123.456.789; none clears it */
  vatNumber?: string;
  /** the company's own text of each reminder level; none: the default in the document's language */
  reminderTextOne?: string;
  reminderTextTwo?: string;
  reminderTextThree?: string;
  /**
   * what a VAT return is filed with: effective|net_tax_rate|flat_tax_rate, agreed|received,
   * quarterly|semi_annual|monthly, 6.2:12345,0.6:54321
   */
  vatMethod?: string;
  vatBasis?: string;
  vatPeriod?: string;
  vatNetTaxRates?: string;
}

const onOff = (flag: string, value: string): number => {
  if (value === 'on') return 1;
  if (value === 'off') return 0;
  throw new AdminError(`${flag} takes on or off, not "${value}"`);
};

/** Parses a CHF amount like 100000 or 100000.50 into Rappen without float arithmetic. */
function parseAmount(flag: string, value: string): number {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  if (!m) throw new AdminError(`${flag} takes an amount like 100000 or 100000.50, or none`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** A company's settings as `acct server companies set` shows them (flags on/off as booleans, amounts in CHF). */
export type CompanyListing = {
  id: number;
  name: string;
  plan: string;
  subscription_expired: boolean;
  services_active: boolean;
  vat_accrual_method_active: boolean;
  payment_term: number;
  revenue_cap: string | null;
  closed_until: string | null;
  creditor_name: string | null;
  creditor_street: string | null;
  creditor_building: string | null;
  creditor_zip: string | null;
  creditor_city: string | null;
  creditor_country: string;
  timezone: string;
  created_at: string;
  updated_at: string;
} & Omit<ApiCompanySettings, 'id' | 'name' | 'payment_term' | 'updated_at' | `creditor_${string}`>;

export function companyListing(db: Db, id: number): CompanyListing {
  const r = findCompany(db, id);
  if (!r) throw new AdminError(`company ${id} does not exist`);
  const cap = r.revenue_cap === null ? null : Number(r.revenue_cap);
  const settings = toCompanySettings(r);
  return {
    id: Number(r.id),
    name: r.name,
    plan: r.plan,
    subscription_expired: Number(r.subscription_expired) === 1,
    services_active: Number(r.services_active) === 1,
    vat_accrual_method_active: Number(r.vat_accrual_method_active) === 1,
    payment_term: Number(r.payment_term),
    revenue_cap: cap === null ? null : `${Math.floor(cap / 100)}.${String(cap % 100).padStart(2, '0')}`,
    closed_until: r.closed_until ?? null,
    creditor_name: r.creditor_name ?? null,
    creditor_street: r.creditor_street ?? null,
    creditor_building: r.creditor_building ?? null,
    creditor_zip: r.creditor_zip ?? null,
    creditor_city: r.creditor_city ?? null,
    creditor_country: r.creditor_country,
    timezone: r.timezone,
    created_at: r.created_at,
    updated_at: r.updated_at,
    // what the documents print and the VAT return is filed with, as GET /settings shows it
    vat_number: settings.vat_number,
    vat_method: settings.vat_method,
    vat_basis: settings.vat_basis,
    vat_period: settings.vat_period,
    vat_net_tax_rates: settings.vat_net_tax_rates,
    reminder_text_one: settings.reminder_text_one,
    reminder_text_two: settings.reminder_text_two,
    reminder_text_three: settings.reminder_text_three,
  };
}

export function setCompany(db: Db, id: number, s: CompanySettings): void {
  if (!findCompany(db, id)) throw new AdminError(`company ${id} does not exist`);
  const set: Record<string, unknown> = {};
  if (s.plan !== undefined) {
    if (s.plan !== 'standard' && s.plan !== 'business')
      throw new AdminError(`--plan takes standard or business, not "${s.plan}"`);
    set.plan = s.plan;
  }
  if (s.subscriptionExpired !== undefined)
    set.subscription_expired = onOff('--subscription-expired', s.subscriptionExpired);
  if (s.services !== undefined) set.services_active = onOff('--services', s.services);
  // --vat-basis is the accrual flag by its VAT name: one setting, so not both at once
  if (s.vatAccrual !== undefined && s.vatBasis !== undefined)
    throw new AdminError('--vat-accrual and --vat-basis set the same thing (accrual on = agreed): give one');
  if (s.vatAccrual !== undefined) set.vat_accrual_method_active = onOff('--vat-accrual', s.vatAccrual);
  if (s.paymentTerm !== undefined) {
    if (!/^\d{1,4}$/.test(s.paymentTerm))
      throw new AdminError(`--payment-term takes a number of days, not "${s.paymentTerm}"`);
    set.payment_term = Number(s.paymentTerm);
  }
  if (s.revenueCap !== undefined)
    set.revenue_cap = s.revenueCap === 'none' ? null : parseAmount('--revenue-cap', s.revenueCap);
  if (s.closedUntil !== undefined) {
    if (s.closedUntil !== 'none' && !isValidDate(s.closedUntil))
      throw new AdminError(`--closed-until takes YYYY-MM-DD or none, not "${s.closedUntil}"`);
    set.closed_until = s.closedUntil === 'none' ? null : s.closedUntil;
  }
  const text: [keyof CompanySettings, string, number][] = [
    ['creditorName', 'creditor_name', 70],
    ['creditorStreet', 'creditor_street', 70],
    ['creditorBuilding', 'creditor_building', 16],
    ['creditorZip', 'creditor_zip', 16],
    ['creditorCity', 'creditor_city', 35],
    ['creditorCountry', 'creditor_country', 2],
  ];
  for (const [key, column, max] of text) {
    const value = s[key];
    if (value === undefined) continue;
    if (value.length > max) throw new AdminError(`--${column.replace(/_/g, '-')} is longer than ${max} characters`);
    if (column === 'creditor_country' && !/^[A-Z]{2}$/.test(value))
      throw new AdminError('--creditor-country takes a two-letter country code like CH');
    set[column] = value === '' ? null : value;
  }
  if (s.vatNumber !== undefined) set.vat_number = vatNumberSetting(s.vatNumber);
  const vat: [keyof CompanySettings, VatSettingField][] = [
    ['vatMethod', 'vat_method'],
    ['vatBasis', 'vat_basis'],
    ['vatPeriod', 'vat_period'],
    ['vatNetTaxRates', 'vat_net_tax_rates'],
  ];
  for (const [key, field] of vat) {
    const value = s[key]?.trim();
    if (value === undefined) continue;
    const checked = checkVatSetting(field, value, `--${field.replace(/_/g, '-')}`);
    if ('message' in checked) throw new AdminError(checked.message.replace(/\.$/, ''));
    set[checked.column] = checked.value;
  }
  const reminders: [keyof CompanySettings, string][] = [
    ['reminderTextOne', 'reminder_text_one'],
    ['reminderTextTwo', 'reminder_text_two'],
    ['reminderTextThree', 'reminder_text_three'],
  ];
  for (const [key, column] of reminders) {
    const value = s[key]?.trim();
    if (value === undefined) continue;
    if (value.length > REMINDER_TEXT_MAX)
      throw new AdminError(`--${column.replace(/_/g, '-')} is longer than ${REMINDER_TEXT_MAX} characters`);
    set[column] = value === '' || value === 'none' ? null : value;
  }
  const columns = Object.keys(set);
  if (columns.length === 0) return;
  run(
    db,
    `UPDATE companies SET ${columns.map((c) => `${c} = ?`).join(', ')}, updated_at = ? WHERE id = ?`,
    ...Object.values(set),
    timestamp(),
    id,
  );
}

/** --vat-number: a UID with a right check digit, stored as CHE-123.456.789; none or empty clears it. */
function vatNumberSetting(value: string): string | null {
  if (value.trim() === '' || value.trim() === 'none') return null;
  const checked = checkVatNumber(value, '--vat-number');
  if ('message' in checked) throw new AdminError(checked.message.replace(/\.$/, ''));
  return checked.uid;
}

/**
 * `acct server recur`: creates the due copies of recurring invoices as of `date` (default: each
 * company's today) and answers one line per invoice created.
 */
export async function recur(db: Db, date?: string): Promise<string[]> {
  if (date !== undefined && !isValidDate(date)) throw new AdminError(`invalid --date "${date}": expected YYYY-MM-DD`);
  const { runRecurring } = await import('./actions/recurring.js');
  return runRecurring(db, { date }).map(
    (c) => `company ${c.companyId}: ${c.number} dated ${c.date} from ${c.templateNumber}`,
  );
}
