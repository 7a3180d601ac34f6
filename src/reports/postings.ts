// A booking of the API as the ledger rule sees it: the postings of src/domain/vat.ts, with the
// account categories and tax rates looked up from the chart and the tax rate list.
import { postings, type Booking, type LedgerTaxRate, type Posting } from '../domain/vat.js';
import type { AccountType, ReportAccount, ReportEntry, ReportTaxRate } from './types.js';

export class Chart {
  readonly byId = new Map<number, ReportAccount>();
  readonly rates = new Map<number, ReportTaxRate>();

  constructor(accounts: Iterable<ReportAccount>, taxRates: Iterable<ReportTaxRate>) {
    for (const a of accounts) if (a.id !== null && !a.computed) this.byId.set(a.id, a);
    for (const t of taxRates) this.rates.set(t.id, t);
  }

  account(id: number): ReportAccount {
    const a = this.byId.get(id);
    if (!a) throw new Error(`a booking refers to account id ${id}, which is not in the chart of accounts`);
    return a;
  }

  typeOf(id: number): AccountType {
    const type = this.account(id).type;
    if (type === null) throw new Error(`account ${this.account(id).number ?? id} has no type`);
    return type;
  }

  numberOf(id: number): string {
    const a = this.byId.get(id);
    return a?.number !== null && a?.number !== undefined ? String(a.number) : `id:${id}`;
  }

  taxRate(id: number | null): ReportTaxRate | null {
    if (id === null) return null;
    const t = this.rates.get(id);
    if (!t) throw new Error(`a booking refers to tax rate id ${id}, which is not in the tax rate list`);
    return t;
  }

  /** The tax rate in the form the posting rule takes. */
  ledgerRate(t: ReportTaxRate | null): LedgerTaxRate | null {
    if (!t) return null;
    return {
      rate: t.rate,
      calculationMethod: t.calculationMethod,
      isAcquisitionTax: t.isAcquisitionTax,
      accountId: t.accountId,
      accountType: this.byId.get(t.accountId)?.type ?? undefined,
      acquisitionAccountId: t.acquisitionAccountId,
    };
  }

  booking(e: ReportEntry): Booking {
    return {
      sum: e.sum,
      debitAccountId: e.debitAccountId,
      creditAccountId: e.creditAccountId,
      debitType: this.typeOf(e.debitAccountId),
      creditType: this.typeOf(e.creditAccountId),
      taxRate: this.ledgerRate(this.taxRate(e.taxRateId)),
    };
  }

  postings(e: ReportEntry): Posting[] {
    return postings(this.booking(e));
  }
}
