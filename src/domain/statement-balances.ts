// What a bank statement says of its account's balance (camt.053 `Bal`), and whether its own booked
// transactions add up to it (pure). Apart from the parser (camt.ts), which the service loads only on an
// upload: reconciling reads these without it.
import type { CamtBalance, CamtStatement } from './camt.js';

/** What a statement says of the account's balance, and whether its own transactions add up to it. */
export interface StatementBalances {
  /** `OPBD` (opening booked), else `PRCD` (the previous statement's closing) */
  opening: CamtBalance | null;
  /** `CLBD` (closing booked) */
  closing: CamtBalance | null;
  /** The booked transactions added up, signed (credits positive), integer minor units. */
  movements: number;
  /** opening + movements = closing; null without both balances. */
  addsUp: boolean | null;
  /** The latest booking date of the transactions (a bank may date one after the closing balance); null without any. */
  lastBookingDate: string | null;
}

/** The opening and closing balance of a statement (camt.053) beside its movements. */
export function statementBalances(statement: CamtStatement): StatementBalances {
  const find = (type: string) => statement.balances.find((b) => b.type === type);
  const opening = find('OPBD') ?? find('PRCD') ?? null;
  const closing = find('CLBD') ?? null;
  let movements = 0;
  let lastBookingDate: string | null = null;
  for (const tx of statement.transactions) {
    movements += tx.direction === 'credit' ? tx.amountRappen : -tx.amountRappen;
    if (lastBookingDate === null || tx.bookingDate > lastBookingDate) lastBookingDate = tx.bookingDate;
  }
  const addsUp = opening && closing ? opening.amountRappen + movements === closing.amountRappen : null;
  return { opening, closing, movements, addsUp, lastBookingDate };
}
