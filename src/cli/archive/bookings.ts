// The year's bookings in one pass over the API, page by page (memory stays flat at any size): each page
// goes into bookings.csv at once, into the journal (spooled beside the archive, as a ZIP is written one
// member after the other) and into the VAT returns; each receipt is fetched while its signed link is
// fresh and spooled too. The journal and the receipts follow bookings.csv into the ZIP, the spool files
// removed one by one.
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { toReportAccount, toReportEntry, toReportTaxRate } from '../../reports/input.js';
import type { Report } from '../../reports/types.js';
import { vatReturnBuilder } from '../../reports/vat.js';
import { entriesCsv } from '../entries/csv.js';
import { journalFormat } from '../pipeline/ledger.js';
import { forEachConcurrent } from '../shared/concurrent.js';
import { csvMember, yearSpan, type ArchiveContext } from './context.js';
import { MEMBERS, plainName, vatPeriods } from './layout.js';

type Rec = Record<string, any>;

/** Receipts fetched at once. */
const DOWNLOADS = 4;

export interface BookingsResult {
  bookings: number;
  receipts: number;
  /** bookings of the year not locked by a closed period: the year may still change */
  unlocked: number;
  /** the VAT return of the year and of each quarter, by name (vat-2025, vat-2025-Q1 …) */
  vat: { name: string; report: Report }[];
}

interface Spooled {
  member: string;
  file: string;
}

/** The receipt's name in the archive: its booking's number (else id-N) first, unique within the archive. */
function receiptMember(record: Rec, used: Set<string>): string {
  const number = plainName(String(record.number ?? ''), `id-${record.id}`);
  let name = MEMBERS.receipt(number, plainName(String(record.file?.name ?? ''), 'receipt'));
  if (used.has(name))
    name = MEMBERS.receipt(`${number}_id-${record.id}`, plainName(String(record.file?.name ?? ''), 'receipt'));
  used.add(name);
  return name;
}

export async function archiveBookings(ctx: ArchiveContext, accounts: Rec[], rates: Rec[]): Promise<BookingsResult> {
  const { from, to } = yearSpan(ctx.year);
  const reportAccounts = accounts.map(toReportAccount);
  const reportRates = rates.map(toReportTaxRate);
  const vat = vatPeriods(ctx.year).map((p) => ({
    name: `vat-${p.key}`,
    builder: vatReturnBuilder({ from: p.from, to: p.to, accounts: reportAccounts, taxRates: reportRates }),
  }));
  const journal = journalFormat(
    accounts,
    rates,
    `; the bookings of ${ctx.companyName}, ${from} to ${to}, written by acct archive ${ctx.year}\n`,
  );
  const journalFile = join(ctx.spool, 'journal');
  const receiptDir = join(ctx.spool, 'receipts');
  mkdirSync(receiptDir, { recursive: true });
  const journalFd = openSync(journalFile, 'w', 0o600);
  const receipts: Spooled[] = [];
  const used = new Set<string>();
  let unlocked = 0;
  try {
    writeSync(journalFd, journal.head);
    const count = await csvMember(
      ctx,
      MEMBERS.bookings,
      entriesCsv,
      { 'filter[date]': `${from},${to}`, sort: 'date' },
      async (records) => {
        writeSync(journalFd, await journal.page(records));
        const entries = records.map(toReportEntry);
        for (const v of vat) v.builder.add(entries);
        unlocked += records.filter((r) => r.locked === false).length;
        const withReceipt = records.filter((r) => typeof r.file?.url === 'string');
        await forEachConcurrent(
          withReceipt,
          DOWNLOADS,
          (r) => ctx.client.download(r.file.url),
          (bytes, r) => {
            const file = join(receiptDir, String(receipts.length));
            writeFileSync(file, bytes, { mode: 0o600 });
            receipts.push({ member: receiptMember(r, used), file });
          },
        );
      },
    );
    closeSync(journalFd);
    ctx.zip.addFile(MEMBERS.journal, journalFile);
    rmSync(journalFile);
    for (const r of receipts) {
      // receipts are PDFs and photos, compressed already: stored as they are, deflating them would cost
      // a third of the archive's time for next to no space
      ctx.zip.addFile(r.member, r.file, 0);
      rmSync(r.file);
    }
    return {
      bookings: count,
      receipts: receipts.length,
      unlocked,
      vat: vat.map((v) => ({ name: v.name, report: v.builder.report() })),
    };
  } finally {
    try {
      closeSync(journalFd);
    } catch {
      /* closed already */
    }
  }
}
