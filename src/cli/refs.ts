// Reference resolution: what a bookkeeper types (account 1020, customer "Muster AG" or number 1001,
// project "Website", invoice R-2026-004) becomes the id the API wants. `id:N` always means the internal
// id. Lists are fetched once per command and cached, so an import of many rows costs one listing per
// kind; documents, which grow without end, are searched by the number typed instead.
import type { ApiClient } from '../api/http.js';
import { paginate } from '../api/paginate.js';
import { closestNames, holdsText } from '../domain/search.js';
import {
  holdsOn,
  parseRatePercentage,
  rateOfItsTime,
  ratesByPercentage,
  validities,
  type RateCandidate,
} from '../domain/vat-rates.js';
import { UsageError } from '../errors.js';
import { formatDate } from '../output/format.js';
import { notice } from './globals.js';

export type RefKind =
  | 'account'
  | 'customer'
  | 'project'
  | 'tax-rate'
  | 'contact'
  | 'service'
  | 'service-category'
  | 'tag'
  | 'product'
  | 'task'
  | 'proposal'
  | 'invoice'
  | 'entry'
  | 'bill';

type Rec = Record<string, unknown>;

interface KindRule {
  noun: string;
  /**
   * The list endpoint. Its module loads only when a command resolves this kind: every generic verb
   * loads this file, and a chunk per endpoint module would cost each of them start-up time.
   */
  list: (company: number) => Promise<string>;
  /** how digits are read: as the record's id, or as its `number` field */
  digits: 'id' | 'number';
  /** exact, case-insensitive match on this field for anything else */
  nameKey?: string;
  /** the list endpoint answers a bare array / a non-paginated { data } */
  unpaginated?: boolean;
  /**
   * a list too long to fetch whole: only the records this filter finds for the text typed are read, or
   * the records of the query a function makes of the text
   */
  search?: string | ((text: string) => Record<string, string>);
  /** the single read, for the kinds that are searched (to name a record by its id) */
  one?: (company: number, id: number) => Promise<string>;
}

const ENTRY_TYPE_OF_PREFIX: Record<string, string> = { E: 'income', A: 'expense', U: 'swap' };

/**
 * The bookings a booking number can be among: the default numbers (E-2026-001: income of 2026, A- expense,
 * U- swap) narrow the list to that year and type; a number of another form is looked for among all.
 * Only the id and number of each are asked for (the service's sparse fieldset, docs/service/entries.md;
 * a service that ignores it sends whole bookings, which match the same).
 */
function entryNumberQuery(text: string): Record<string, string> {
  const m = /^([EAU])-(\d{4})-\d+$/i.exec(text);
  const fields = { 'fields[entries]': 'id,number' };
  return m
    ? {
        'filter[date]': `${m[2]}-01-01,${m[2]}-12-31`,
        'filter[type]': ENTRY_TYPE_OF_PREFIX[m[1].toUpperCase()],
        ...fields,
      }
    : fields;
}

const RULES: Record<RefKind, KindRule> = {
  account: {
    noun: 'account',
    list: async (c) => (await import('../api/endpoints/accounts.js')).accountPaths.list(c),
    digits: 'number',
    nameKey: 'name',
    unpaginated: true,
  },
  customer: {
    noun: 'customer',
    list: async (c) => (await import('../api/endpoints/customers.js')).customerPaths.list(c),
    digits: 'number',
    nameKey: 'name',
  },
  project: {
    noun: 'project',
    list: async (c) => (await import('../api/endpoints/projects.js')).projectPaths.list(c),
    digits: 'id',
    nameKey: 'name',
  },
  'tax-rate': {
    noun: 'tax rate',
    list: async (c) => (await import('../api/endpoints/tax-rates.js')).taxRatePaths.list(c),
    digits: 'id',
    nameKey: 'name',
  },
  contact: {
    noun: 'contact',
    list: async (c) => (await import('../api/endpoints/contacts.js')).contactPaths.list(c),
    digits: 'id',
    nameKey: 'name',
  },
  service: {
    noun: 'service',
    list: async (c) => (await import('../api/endpoints/services.js')).servicePaths.list(c),
    digits: 'id',
    nameKey: 'name',
  },
  'service-category': {
    noun: 'service category',
    list: async (c) => (await import('../api/endpoints/service-categories.js')).serviceCategoryPaths.list(c),
    digits: 'id',
    nameKey: 'name',
    unpaginated: true,
  },
  tag: {
    noun: 'tag',
    list: async (c) => (await import('../api/endpoints/tags.js')).tagPaths.list(c),
    digits: 'id',
    nameKey: 'name',
  },
  product: {
    noun: 'product',
    list: async (c) => (await import('../api/endpoints/products.js')).productPaths.list(c),
    digits: 'id',
    nameKey: 'name',
  },
  task: {
    noun: 'task',
    list: async (c) => (await import('../api/endpoints/tasks.js')).taskPaths.list(c),
    digits: 'id',
    nameKey: 'title',
  },
  proposal: {
    noun: 'proposal',
    list: async (c) => (await import('../api/endpoints/documents.js')).documentPaths('proposals').list(c),
    digits: 'id',
    nameKey: 'number',
    search: 'filter[number]',
    one: async (c, id) => (await import('../api/endpoints/documents.js')).documentPaths('proposals').one(c, id),
  },
  invoice: {
    noun: 'invoice',
    list: async (c) => (await import('../api/endpoints/documents.js')).documentPaths('invoices').list(c),
    digits: 'id',
    nameKey: 'number',
    search: 'filter[number]',
    one: async (c, id) => (await import('../api/endpoints/documents.js')).documentPaths('invoices').one(c, id),
  },
  // bills are found by the text typed (filter[search] holds the number), then matched exactly on their number
  bill: {
    noun: 'bill',
    list: async (c) => (await import('../api/endpoints/bills.js')).billPaths.list(c),
    digits: 'id',
    nameKey: 'number',
    search: 'filter[search]',
    one: async (c, id) => (await import('../api/endpoints/bills.js')).billPaths.one(c, id),
  },
  entry: {
    noun: 'booking',
    list: async (c) => (await import('../api/endpoints/entries.js')).entryPaths.list(c),
    digits: 'id',
    nameKey: 'number',
    search: entryNumberQuery,
    one: async (c, id) => (await import('../api/endpoints/entries.js')).entryPaths.one(c, id),
  },
};

const label = (r: Rec, rule: KindRule) => {
  const name = rule.nameKey ? String(r[rule.nameKey] ?? '') : '';
  // a record known by its number (a booking, a document) is named by it alone
  if (rule.nameKey === 'number') return name;
  return rule.digits === 'number' ? `${String(r.number)} ${name}`.trim() : `${String(r.id)} (${name})`;
};

export class RefResolver {
  /** by kind, or by kind and text for the kinds that are searched */
  private readonly lists = new Map<string, Promise<Rec[]>>();
  /** labels of searched kinds by kind and id */
  private readonly labels = new Map<string, Promise<string>>();

  /**
   * `ask`: on a terminal (canPrompt), a name that matches nothing or several records offers the closest
   * candidates to choose from instead of stopping; elsewhere it stays a usage error listing them.
   */
  constructor(
    private readonly client: ApiClient,
    private readonly company: number,
    private readonly options: { ask?: boolean } = {},
  ) {}

  private list(kind: RefKind, text: string): Promise<Rec[]> {
    const search = RULES[kind].search;
    const key = search ? `${kind}\u0000${text.toLowerCase()}` : kind;
    let cached = this.lists.get(key);
    if (!cached) {
      const query =
        typeof search === 'function'
          ? search(text)
          : search
            ? { [search]: text }
            : kind === 'account'
              ? { type: 'all' }
              : undefined;
      cached = this.fetchAll(kind, query);
      this.lists.set(key, cached);
    }
    return cached;
  }

  private async fetchAll(kind: RefKind, query: Record<string, string> | undefined): Promise<Rec[]> {
    const rule = RULES[kind];
    const records: Rec[] = [];
    for await (const page of paginate<Rec>(this.client, await rule.list(this.company), {
      query,
      all: !rule.unpaginated,
    }))
      records.push(...page);
    return records;
  }

  /**
   * The id for `raw`; a usage error naming candidates when it is unknown or ambiguous. `flag` is the
   * flag that took it (`customer` for --customer) or, in angle brackets, the argument (`<customer>`).
   */
  async resolve(
    kind: RefKind,
    raw: string | number,
    flag: string = kind,
    ask = this.options.ask === true,
  ): Promise<number> {
    const found = await this.find(kind, raw);
    if (found.id !== undefined) return found.id;
    const rule = RULES[kind];
    const text = String(raw).trim();
    const argument = flag.startsWith('<');
    const candidates = found.candidates.length ? [`candidates: ${found.candidates.join(', ')}`] : [];
    const error = found.ambiguous
      ? new UsageError(`${argument ? '' : `--${flag} `}"${text}" matches several ${rule.noun}s; use id:N`, candidates)
      : new UsageError(`no ${rule.noun} "${text}"${argument ? '' : ` (--${flag})`}`, candidates);
    if (!ask || found.choices.length === 0) throw error;
    // on a terminal: the candidates to choose from, or none of them (the usage error as without one)
    const { choose } = await import('./prompt.js');
    const question = found.ambiguous
      ? `Several ${rule.noun}s are named "${text}"; which one?`
      : `No ${rule.noun} "${text}"${argument ? '' : ` (--${flag})`}; did you mean:`;
    const picked = await choose<number | undefined>(question, [
      ...found.choices,
      { name: 'none of these', value: undefined },
    ]);
    if (picked === undefined) throw error;
    return picked;
  }

  /**
   * What `raw` names, without throwing: the id, or why there is none (no such record, or several) with
   * the candidates a message may list.
   */
  async find(kind: RefKind, raw: string | number): Promise<Found> {
    const rule = RULES[kind];
    const text = String(raw).trim();
    const idForm = /^id:(\d+)$/i.exec(text);
    if (idForm) return { id: Number(idForm[1]) };
    if (/^\d+$/.test(text) && rule.digits === 'id') return { id: Number(text) };
    const records = await this.list(kind, text);
    const matches = matchesOf(records, rule, text);
    if (matches.length === 1) return { id: Number(matches[0].id) };
    const choiceOf = (r: Rec) => ({ name: label(r, rule), value: Number(r.id) });
    if (matches.length > 1)
      return {
        ambiguous: true,
        candidates: matches.slice(0, 20).map((r) => label(r, rule)),
        choices: matches.slice(0, 20).map(choiceOf),
      };
    const nameOf = (r: Rec) => String(r[rule.nameKey ?? 'name'] ?? '');
    // names holding the text (case and umlauts folded), else names a typo away ("Mustr AG")
    let similar = records
      .filter(
        (r) =>
          holdsText(`${String(r.number ?? '')} ${nameOf(r)}`, text) ||
          (rule.digits === 'number' && /^\d+$/.test(text) && String(r.number ?? '').startsWith(text.slice(0, 2))),
      )
      .slice(0, 15);
    if (similar.length === 0) similar = closestNames(records, nameOf, text);
    const choices = similar.map(choiceOf);
    // nothing alike: show the start of the list, so the message still says what exists
    if (similar.length === 0) similar.push(...records.slice(0, 10));
    return { ambiguous: false, candidates: similar.map((r) => label(r, rule)), choices };
  }

  /**
   * A record by its id: of a kind fetched whole (an account, a tax rate …) from the list read once; of a
   * searched kind (a bill, an invoice …) among the records its searches so far found, without a request.
   * Undefined when unknown.
   */
  async record(kind: RefKind, id: number): Promise<Rec | undefined> {
    const byId = (r: Rec) => Number(r.id) === id;
    if (!RULES[kind].search) return (await this.all(kind)).find(byId);
    for (const [key, list] of this.lists) {
      const found = key.startsWith(`${kind}\u0000`) ? (await list).find(byId) : undefined;
      if (found) return found;
    }
    return undefined;
  }

  /** Every record of a kind fetched whole (accounts of every type, tax rates; not a searched kind), read once. */
  all(kind: RefKind): Promise<Rec[]> {
    return this.list(kind, '');
  }

  /**
   * The tax rate for a booking or document dated `date`. A percentage (`7.7`, `8.1 %`) names the rate of
   * that percentage holding on the date — or, for a Swiss rate of another period, its tier's rate then
   * (8.1 on a booking of 2020 is 7.7); `side` (VAT owed or input tax, where the booking tells) narrows
   * it. A name of a rate that does not hold on the date becomes the rate of the same kind that does
   * ("MWST 8.1 %" in 2020 → "MWST 7.7 %"), said on stderr; ids stay exactly what they name.
   */
  async resolveTaxRateOn(raw: string, flag: string, date: string, side?: 'input' | 'output'): Promise<number> {
    const text = String(raw).trim();
    if (/^(id:)?\d+$/i.test(text)) return this.resolve('tax-rate', text, flag);
    const records = await this.list('tax-rate', text);
    const all = records.map(rateCandidate);
    const percent = parseRatePercentage(text);
    if (percent !== undefined) {
      const found = ratesByPercentage(percent, all, date, side);
      if (found.length === 1) {
        if (found[0].rate !== percent)
          notice(`--${flag} ${text} on ${formatDate(date)} is ${found[0].name}, the rate of that day.`);
        return found[0].id;
      }
      if (found.length > 1 && this.options.ask) {
        const { choose } = await import('./prompt.js');
        return choose(
          `Several tax rates of ${text.replace(/\s*%$/, '')} % hold on ${formatDate(date)}; which one?`,
          found.map((r) => ({ name: r.name, value: r.id })),
        );
      }
      const holding = all.filter((r) => !r.archived && holdsOn(validities(r.rate, r.validity), date));
      const candidates = (found.length ? found : holding).slice(0, 20).map((r) => `${r.id} (${r.name})`);
      throw new UsageError(
        found.length
          ? `--${flag} ${text} matches several tax rates on ${formatDate(date)}; give the name or use id:N`
          : `no tax rate of ${text.replace(/\s*%$/, '')} % holds on ${formatDate(date)} (--${flag})`,
        candidates.length ? [`candidates: ${candidates.join(', ')}`] : [],
      );
    }
    const named = matchesOf(records, RULES['tax-rate'], text).map(rateCandidate);
    // several of one name: the one that holds on the date
    const holding = named.filter((r) => holdsOn(validities(r.rate, r.validity), date));
    if (named.length > 1 && holding.length === 1) return holding[0].id;
    if (named.length !== 1) return this.resolve('tax-rate', text, flag);
    const instead = rateOfItsTime(named[0], all, date);
    if (!instead) return named[0].id;
    const since = validities(named[0].rate, named[0].validity)
      .map((v) => (v.from ? `from ${formatDate(v.from)}` : '') + (v.until ? ` until ${formatDate(v.until)}` : ''))
      .join(' and ')
      .trim();
    notice(
      `--${flag} "${text}" on ${formatDate(date)} is ${instead.name}, the rate of that day (${named[0].name} ` +
        `holds ${since}).`,
    );
    return instead.id;
  }

  /**
   * How a bookkeeper writes the record `id` of `kind` so that it reads back as that record: the
   * account or customer number, else the exact name (title, document number); `id:N` where the name
   * would not find it again (it is ambiguous, made of digits, or empty) or the record is unknown.
   */
  async label(kind: RefKind, id: number): Promise<string> {
    const rule = RULES[kind];
    if (rule.search) {
      let cached = this.labels.get(`${kind}\u0000${id}`);
      if (!cached) {
        cached = this.client.get<{ data?: Rec }>(await rule.one!(this.company, id)).then(
          (b) => (b?.data?.number ? String(b.data.number) : `id:${id}`),
          () => `id:${id}`,
        );
        this.labels.set(`${kind}\u0000${id}`, cached);
      }
      return cached;
    }
    const records = await this.list(kind, '');
    const record = records.find((r) => Number(r.id) === id);
    if (!record) return `id:${id}`;
    const number = record.number === null || record.number === undefined ? '' : String(record.number);
    const text =
      rule.digits === 'number' && number !== '' ? number : String(record[rule.nameKey ?? 'name'] ?? '').trim();
    if (text === '' || (/^\d+$/.test(text) && rule.digits === 'id') || /^id:/i.test(text)) return `id:${id}`;
    const matches = matchesOf(records, rule, text);
    return matches.length === 1 && Number(matches[0].id) === id ? text : `id:${id}`;
  }

  /**
   * What a shell may offer for `word` (shell completion): the names, and the numbers of the kinds known
   * by number; ids where the word starts with a digit. The first 100 records the list gives (the search
   * kinds: those the word finds).
   */
  async candidates(kind: RefKind, word: string): Promise<string[]> {
    const rule = RULES[kind];
    const search = rule.search;
    const query =
      typeof search === 'function'
        ? search(word)
        : search && word !== ''
          ? { [search]: word }
          : kind === 'account'
            ? { type: 'all' }
            : undefined;
    const out = new Set<string>();
    for await (const page of paginate<Rec>(this.client, await rule.list(this.company), {
      query,
      ...(rule.unpaginated ? {} : { limit: 100 }),
    })) {
      for (const r of page) {
        if (rule.digits === 'number' || rule.nameKey === 'number') out.add(String(r.number));
        if (rule.nameKey && rule.nameKey !== 'number' && r[rule.nameKey]) out.add(String(r[rule.nameKey]));
        if (rule.digits === 'id' && /^\d/.test(word)) out.add(String(r.id));
      }
    }
    return [...out];
  }
}

/**
 * A tax rate record as the choice by date sees it: validity where the service gives it, the side by the tax account's
 * class (1: input tax).
 */
export function rateCandidate(r: Rec): RateCandidate {
  const account = Number((r.account as Rec | undefined)?.account_number);
  return {
    id: Number(r.id),
    name: String(r.name ?? ''),
    rate: Math.round(Number(r.rate) * 100),
    validity:
      'valid_from' in r || 'valid_until' in r
        ? { from: (r.valid_from as string | null) ?? null, until: (r.valid_until as string | null) ?? null }
        : undefined,
    archived: r.archived === true,
    isAcquisitionTax: r.is_acquisition_tax === true,
    side: account >= 1000 && account < 2000 ? 'input' : account >= 2000 && account < 3000 ? 'output' : undefined,
  };
}

/** What a reference found: an id, or none (ambiguous: several matched) with candidates to name. */
export type Found =
  | { id: number; ambiguous?: undefined; candidates?: undefined; choices?: undefined }
  | { id?: undefined; ambiguous: boolean; candidates: string[]; choices: { name: string; value: number }[] };

/**
 * The records `text` names: by number (digits of a numbered kind) or by exact name, an active one before archived ones.
 */
function matchesOf(records: Rec[], rule: KindRule, text: string): Rec[] {
  if (/^\d+$/.test(text)) return records.filter((r) => String(r.number) === text);
  const key = rule.nameKey!;
  const matches = records.filter((r) => String(r[key] ?? '').toLowerCase() === text.toLowerCase());
  // an archived record loses to an active one of the same name
  if (matches.length > 1) {
    const active = matches.filter((r) => !r.archived);
    if (active.length === 1) return active;
  }
  return matches;
}
