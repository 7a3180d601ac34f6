// `acct import review`: the open import entries without a counter account, oldest first, one by one on
// a terminal. For each: date, signed amount, counterparty, text and any similar booking; then the counter
// account (searched in the chart), the VAT rate (default: the one most used on the account's earlier
// bookings) and the text, or ignore, or skip. Every answer is saved at once with PUT, so Ctrl-C loses
// nothing and the next run goes on with what is still not ready. Ends with a summary and offers to
// process. The prompts (@inquirer/prompts) load only here.
import { allEntries, entryPaths } from '../../api/endpoints/entries.js';
import { listImportEntries, updateImportEntry, type ImportEntryRecord } from '../../api/endpoints/import-entries.js';
import { allTaxRates, chartOfAccounts } from '../../api/endpoints/reports.js';
import { ApiError } from '../../api/http.js';
import { paginate } from '../../api/paginate.js';
import { groupRappen, toRappen } from '../../domain/money.js';
import { holdsText } from '../../domain/search.js';
import { holdsOn, rateOfItsTime, validities, type RateCandidate } from '../../domain/vat-rates.js';
import { UsageError } from '../../errors.js';
import { formatDate, formatMoney } from '../../output/format.js';
import { canPrompt, notice } from '../globals.js';
import { failureText } from '../failure.js';
import { planOutput } from '../output.js';
import { rateCandidate } from '../refs.js';
import type { Runtime } from '../runtime.js';
import type { NoOptions, VerbIO } from '../verb.js';
import { accountLabel, billLabel, ruleLabel, signedRappen } from './fields.js';
import { PROCESS_COLUMNS, processReady } from './process.js';
import { currentIO } from '../io.js';

type Rec = Record<string, unknown>;
type Prompts = typeof import('@inquirer/prompts');

const SKIP = 'skip';
const IGNORE = 'ignore';
type Answer = number | typeof SKIP | typeof IGNORE;

/** What the run did, for the summary (also after Ctrl-C). */
interface Tally {
  ready: number;
  ignored: number;
  skipped: number;
}

const say = (text: string) => currentIO().out.write(`${text}\n`);
const oldestFirst = (a: Rec, b: Rec) => String(a.date).localeCompare(String(b.date)) || Number(a.id) - Number(b.id);
const summary = (t: Tally) => `ready to book ${t.ready}, ignored ${t.ignored}, skipped ${t.skipped}`;

export default async function review(_opts: NoOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  if (!canPrompt(g)) {
    throw new UsageError(
      'acct import review asks questions and needs a terminal (stdin and stdout); in scripts use acct import list, ' +
        'update and ignore',
    );
  }
  const plan = planOutput(g, PROCESS_COLUMNS);
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const todo = (await listImportEntries(rt.client, company, { status: 'notReady', limit: 'all' })).data.sort(
      oldestFirst,
    );
    const prompts = await import('@inquirer/prompts');
    const tally: Tally = { ready: 0, ignored: 0, skipped: 0 };
    if (todo.length === 0) notice('Nothing to review: every open entry has a counter account or is ignored.');
    else {
      const session = new Session(
        rt,
        company,
        prompts,
        await chartOfAccounts(rt.client, company),
        await allTaxRates(rt.client, company),
      );
      try {
        for (const [i, entry] of todo.entries()) tally[await session.ask(entry, `[${i + 1}/${todo.length}]`)]++;
      } catch (err) {
        if (err instanceof Error && err.name === 'ExitPromptError')
          notice(`\nStopped: ${summary(tally)}. Every answer is saved; acct import review goes on with the rest.`);
        throw err;
      }
      notice(`Reviewed ${todo.length}: ${summary(tally)}.`);
    }
    const ready = (await listImportEntries(rt.client, company, { limit: 1 })).ready_count;
    if (ready === 0) return;
    await showReadyUnasked(rt, company);
    if (
      await prompts.confirm({
        message: `Process the ${ready} ready ${ready === 1 ? 'entry' : 'entries'} now (book them, delete the ignored)?`,
        default: false,
      })
    ) {
      await processReady(rt, company, plan);
    } else {
      notice('Not processed: acct import process books them (--dry-run shows how).');
    }
  });
}

/**
 * The ready entries review did not ask about, shown before processing books them: those that pay a
 * supplier bill (linked by the upload), and those a learned rule filled, each with the rule (the booking
 * it was learned from and what matched).
 */
async function showReadyUnasked(rt: Runtime, company: number): Promise<void> {
  const listed = await listImportEntries(rt.client, company, { status: 'ready', limit: 'all' });
  const ready = listed.data.filter((e) => e.ignore !== true).sort(oldestFirst);
  const line = (e: ImportEntryRecord, what: string) =>
    `  ${String(e.id)}  ${formatDate(String(e.date))}  ${groupRappen(signedRappen(e))}  ` +
    `${String(e.counterparty_name ?? '')} → ${what}`;
  const paying = ready.filter((e) => e.bill);
  if (paying.length > 0) {
    say('');
    say(`Ready as payments of supplier bills (${paying.length}; acct import reset ID unlinks one):`);
    for (const e of paying) say(line(e, String(billLabel(e))));
  }
  const byRule = ready.filter((e) => e.rule && !e.bill);
  if (byRule.length === 0) return;
  say('');
  say(`Ready by a learned rule (${byRule.length}; acct import update ID --account … changes one):`);
  for (const e of byRule) say(line(e, `${accountLabel(e.other_account) ?? ''}, rule from ${ruleLabel(e)}`));
}

/**
 * The questions for one entry after another, with what they look up once (the chart, the tax rates, each account's
 * usual rate).
 */
class Session {
  private readonly usual = new Map<number, Promise<number | null>>();

  constructor(
    private readonly rt: Runtime,
    private readonly company: number,
    private readonly prompts: Prompts,
    private readonly accounts: Rec[],
    private readonly rates: Rec[],
  ) {}

  /** Shows the entry, asks, saves the answer; says which of the tally it counts in. */
  async ask(entry: ImportEntryRecord, tag: string): Promise<keyof Tally> {
    await this.show(entry, tag);
    const choice = await this.prompts.search<Answer>({
      message: `${tag} Counter account (number or name; or skip, ignore)`,
      source: (term) => this.accountChoices(entry, term),
      pageSize: 8,
    });
    if (choice === SKIP) return 'skipped';
    if (choice === IGNORE) return (await this.save(entry, { ignore: true })) ? 'ignored' : 'skipped';
    const rates = this.ratesOn(String(entry.date));
    const rate = await this.prompts.select<number | null>({
      message: `${tag} VAT rate`,
      choices: [{ name: 'none', value: null }, ...rates.map((r) => ({ name: r.name, value: r.id }))],
      default: this.ofItsTime(await this.usualRate(choice), String(entry.date)),
      pageSize: 10,
    });
    const description = await this.prompts.input({
      message: `${tag} Text`,
      default: String(entry.description ?? ''),
      validate: (text) => text.length <= 255 || 'at most 255 characters',
    });
    return (await this.save(entry, {
      other_account_id: choice,
      tax_rate_id: rate,
      description: description.trim() === '' ? null : description,
    }))
      ? 'ready'
      : 'skipped';
  }

  /** The active rates that hold on a transaction's date: a statement of 2016 is offered the rates of 2016. */
  private ratesOn(date: string): RateCandidate[] {
    return this.rates.map(rateCandidate).filter((r) => !r.archived && holdsOn(validities(r.rate, r.validity), date));
  }

  /** The usual rate, or the rate of the same kind that holds on the date where it does not (8.1 % → 8.0 % in 2016). */
  private ofItsTime(id: number | null, date: string): number | null {
    const all = this.rates.map(rateCandidate);
    const usual = all.find((r) => r.id === id);
    return usual ? (rateOfItsTime(usual, all, date)?.id ?? usual.id) : id;
  }

  private async show(entry: ImportEntryRecord, tag: string): Promise<void> {
    say('');
    say(
      (
        `${tag} ${formatDate(String(entry.date))}  ${groupRappen(signedRappen(entry))}  ` +
        `${String(entry.counterparty_name ?? '')}`
      ).trimEnd(),
    );
    if (entry.description) say(`      ${String(entry.description)}`);
    if (entry.og_description && entry.og_description !== entry.description)
      say(`      bank: ${String(entry.og_description)}`);
    if (entry.bill) say(`      ${billLabel(entry)}`);
    for (const b of await this.similar(entry)) {
      say(
        (
          `      similar booking: ${String(b.number ?? '')} ${formatDate(String(b.date))} ` +
          `${accountLabel(b.debit_account) ?? ''} / ${accountLabel(b.credit_account) ?? ''} ` +
          `${formatMoney(b.sum as number)} ${String(b.description ?? '')}`
        ).trimEnd(),
      );
    }
  }

  /**
   * Bookings on the entry's bank account on its date with its sum (asked only when the service says one exists, or does
   * not say).
   */
  private async similar(entry: ImportEntryRecord): Promise<Rec[]> {
    if (entry.similarExists === false) return [];
    const date = String(entry.date);
    const bookings = await allEntries(this.rt.client, this.company, {
      'filter[account_id]': Number(entry.bank_account_id),
      'filter[date]': `${date},${date}`,
    });
    const sum = toRappen(entry.sum as number);
    return bookings.filter((b) => toRappen(b.sum as number) === sum);
  }

  /**
   * Accounts whose number starts with the term first, then those whose name holds it (folded); skip and ignore first
   * when nothing is typed.
   */
  private accountChoices(entry: ImportEntryRecord, term: string | undefined): { name: string; value: Answer }[] {
    const specials: { name: string; value: Answer }[] = [
      { name: 'skip: decide later (it comes back next time)', value: SKIP },
      { name: 'ignore: not to be booked (process deletes it)', value: IGNORE },
    ];
    const candidates = this.accounts.filter((a) => Number(a.id) !== Number(entry.bank_account_id));
    const choice = (a: Rec): { name: string; value: Answer } => ({ name: accountLabel(a)!, value: Number(a.id) });
    const t = term?.trim().toLowerCase() ?? '';
    if (t === '') return [...specials, ...candidates.map(choice)];
    const byNumber = candidates.filter((a) => String(a.number).startsWith(t));
    // case and umlauts folded: "erlo" (or "erloes") finds "Dienstleistungserlöse"
    const byName = candidates.filter((a) => !String(a.number).startsWith(t) && holdsText(String(a.name ?? ''), t));
    return [...byNumber, ...byName].map(choice).concat(specials.filter((s) => String(s.value).startsWith(t)));
  }

  /**
   * The tax rate most used on the account's latest 100 bookings (none counts too; a tie goes to the latest); none
   * without bookings.
   */
  private usualRate(accountId: number): Promise<number | null> {
    let found = this.usual.get(accountId);
    if (!found) {
      found = (async () => {
        const uses = new Map<number | null, number>();
        const path = entryPaths.list(this.company);
        for await (const page of paginate<Rec>(this.rt.client, path, {
          query: { 'filter[account_id]': accountId, sort: '-date' },
          limit: 100,
        })) {
          for (const b of page) {
            const rate = b.tax_rate_id === null || b.tax_rate_id === undefined ? null : Number(b.tax_rate_id);
            uses.set(rate, (uses.get(rate) ?? 0) + 1);
          }
        }
        let best: number | null = null;
        let most = 0;
        // Map keeps the first-seen (latest) order, so a strict > leaves a tie with the latest
        for (const [rate, n] of uses)
          if (n > most) {
            best = rate;
            most = n;
          }
        return best;
      })();
      this.usual.set(accountId, found);
    }
    return found;
  }

  /** PUT, said in one line; a refusal (400, 422) is said and the entry stays as it was. */
  private async save(entry: ImportEntryRecord, body: Rec): Promise<boolean> {
    try {
      const saved = await updateImportEntry(this.rt.client, this.company, Number(entry.id), body);
      const what =
        saved.ignore === true
          ? 'ignored'
          : [accountLabel(saved.other_account), (saved.tax_rate as Rec | null)?.name].filter(Boolean).join(', ');
      notice(`      saved: ${what}`);
      return true;
    } catch (err) {
      if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 422)) throw err;
      notice(`      not saved: ${failureText(err)}`);
      return false;
    }
  }
}
