#!/usr/bin/env node
// A camt.053.001.04 bank statement of N booked transactions, generated deterministically from a seed and
// modelled on PostFinance's real statement (test/fixtures/camt/postfinance-camt053-v04-statement.xml):
// single credits paying QR-bills (QRR reference), collective credits (Btch/NbOfTxs and several TxDtls,
// QRR, ISR or free-text remittance), incoming transfers with free text, outgoing payments to suppliers
// (creditor name, IBAN, unstructured remittance, EndToEndId) and bank charges; an AcctSvcrRef on every
// entry and every transaction; opening (OPBD) and closing (CLBD) balances that agree with the movements.
//
//   node bench/camt-fixture.mjs [--transactions N] [--seed N] [--year YYYY] [--zip] [--out FILE]
//
// As a module: camtStatement({ transactions, seed, year }) → { xml, stats }; camtZip(xml, name) → bytes.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { benchOptions, positiveInt } from './lib.mjs';
import { mulberry32 } from './random.mjs';

// ---- Swiss identifiers with valid check digits -----------------------------------------------------

/** ISO 13616 check digits of a Swiss IBAN over its 17-character BBAN (mod 97 of BBAN + "CH00"). */
function chIban(bban) {
  let remainder = 0;
  for (const ch of `${bban}CH00`) {
    const value = parseInt(ch, 36);
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }
  return `CH${String(98 - remainder).padStart(2, '0')}${bban}`;
}

const MOD10_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];
/** 26 digits + their mod 10 recursive check digit: a QR reference (QRR), or an old ISR reference. */
function withMod10(digits) {
  let carry = 0;
  for (const d of digits) carry = MOD10_TABLE[(carry + Number(d)) % 10];
  return digits + String((10 - carry) % 10);
}

const digits = (rand, n) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');

// ---- Counterparties ----------------------------------------------------------------------------------

const FIRST = [
  'Anna',
  'Beat',
  'Claudia',
  'Daniel',
  'Elisabeth',
  'Fabian',
  'Gabriela',
  'Hans',
  'Irene',
  'Jürg',
  'Karin',
  'Lukas',
  'Monika',
  'Nicole',
  'Othmar',
  'Pia',
  'Reto',
  'Sandra',
  'Thomas',
  'Ursula',
  'Verena',
  'Walter',
  'Yvonne',
  'Zoé',
  'René',
  'Françoise',
];
const LAST = [
  'Müller',
  'Meier',
  'Schmid',
  'Keller',
  'Weber',
  'Huber',
  'Schneider',
  'Meyer',
  'Steiner',
  'Fischer',
  'Gerber',
  'Brunner',
  'Baumann',
  'Frei',
  'Zimmermann',
  'Moser',
  'Widmer',
  'Wyss',
  'Graf',
  'Roth',
  'Rutschmann',
  'Bernasconi',
  'Favre',
  'Rochat',
  'Bühler',
];
const FIRM = [
  'Bäckerei',
  'Garage',
  'Treuhand',
  'Schreinerei',
  'Elektro',
  'Malergeschäft',
  'Architekturbüro',
  'Druckerei',
  'Sanitär',
  'Gärtnerei',
];
const FORM = ['AG', 'GmbH', '& Co.', 'Söhne AG', 'Sàrl', 'SA'];
const STREETS = [
  'Bahnhofstrasse',
  'Hauptstrasse',
  'Dorfstrasse',
  'Marktgasse',
  'Seestrasse',
  'Kirchweg',
  'Rue du Lac',
  'Via Cantonale',
  'Industriestrasse',
];
const TOWNS = [
  ['8001', 'Zürich'],
  ['3011', 'Bern'],
  ['4051', 'Basel'],
  ['6003', 'Luzern'],
  ['9000', 'St. Gallen'],
  ['1003', 'Lausanne'],
  ['2502', 'Biel/Bienne'],
  ['9400', 'Rorschach'],
  ['6900', 'Lugano'],
  ['5000', 'Aarau'],
  ['8400', 'Winterthur'],
  ['1700', 'Fribourg'],
];
const SUPPLIERS = [
  'Swisscom (Schweiz) AG',
  'Die Schweizerische Post AG',
  'SBB AG',
  'AXA Versicherungen AG',
  'Mobiliar Versicherung',
  'Elektrizitätswerk der Stadt Zürich',
  'Galaxus AG',
  'Office World AG',
  'Immobilien Verwaltung Seefeld AG',
  'Ausgleichskasse des Kantons Zürich',
  'Kantonales Steueramt Zürich',
  'Helsana Versicherungen AG',
  'Garage Keller & Co.',
  'Druckerei Widmer GmbH',
  'Treuhand Brunner & Partner AG',
];
const CREDITOR_TEXT = [
  'Rechnung {n}',
  'Miete {m}',
  'Abo {m}',
  'Prämie {m}',
  'Lieferung {n}',
  'Akonto {m}',
  'Material {n}',
  'Rechnung Nr. {n} vom {d}',
];
const DEBTOR_TEXT = [
  'Rechnung {n}',
  'Zahlung Rechnung {n}',
  'Anzahlung Auftrag {n}',
  'Honorar {m}',
  'Gutschrift {n}',
  'Danke für die Lieferung',
];

function makeParties(rand, count, kind) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  return Array.from({ length: count }, (_, i) => {
    let name;
    if (kind === 'supplier' && i < SUPPLIERS.length) name = SUPPLIERS[i];
    else if (rand() < 0.55) name = `${pick(LAST)} ${pick(FIRST)}`;
    else name = `${pick(FIRM)} ${pick(LAST)} ${pick(FORM)}`;
    const [zip, town] = pick(TOWNS);
    // clearing 09000 (PostFinance) or a bank's 5-digit IID, then 12 account digits
    const iid = rand() < 0.4 ? '09000' : String(700 + Math.floor(rand() * 8300)).padStart(5, '0');
    return {
      name,
      street: pick(STREETS),
      building: String(1 + Math.floor(rand() * 120)),
      zip,
      town,
      iban: chIban(iid + digits(rand, 12)),
      // some payers come without an IBAN (a cash deposit, an ISR paid at the counter); suppliers always have one
      withIban: kind === 'supplier' || rand() < 0.85,
    };
  });
}

// ---- XML ------------------------------------------------------------------------------------------------

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const amt = (rappen) => `${Math.floor(rappen / 100)}.${String(rappen % 100).padStart(2, '0')}`;
const pad = (n) => String(n).padStart(2, '0');
const ymd = (d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const dmy = (d) => `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

function party(role, p, t) {
  const out = [
    `${t}<RltdPties>`,
    `${t}\t<${role}>`,
    `${t}\t\t<Nm>${esc(p.name)}</Nm>`,
    `${t}\t\t<PstlAdr>`,
    `${t}\t\t\t<StrtNm>${esc(p.street)}</StrtNm>`,
    `${t}\t\t\t<BldgNb>${p.building}</BldgNb>`,
    `${t}\t\t\t<PstCd>${p.zip}</PstCd>`,
    `${t}\t\t\t<TwnNm>${esc(p.town)}</TwnNm>`,
    `${t}\t\t\t<Ctry>CH</Ctry>`,
    `${t}\t\t</PstlAdr>`,
    `${t}\t</${role}>`,
  ];
  if (p.withIban)
    out.push(
      `${t}\t<${role}Acct>`,
      `${t}\t\t<Id>`,
      `${t}\t\t\t<IBAN>${p.iban}</IBAN>`,
      `${t}\t\t</Id>`,
      `${t}\t</${role}Acct>`,
    );
  out.push(`${t}</RltdPties>`);
  return out;
}

function bkTxCd(domain, family, sub, t) {
  return [
    `${t}<BkTxCd>`,
    `${t}\t<Domn>`,
    `${t}\t\t<Cd>${domain}</Cd>`,
    `${t}\t\t<Fmly>`,
    `${t}\t\t\t<Cd>${family}</Cd>`,
    `${t}\t\t\t<SubFmlyCd>${sub}</SubFmlyCd>`,
    `${t}\t\t</Fmly>`,
    `${t}\t</Domn>`,
    `${t}</BkTxCd>`,
  ];
}

function structured(type, ref, t) {
  return [
    `${t}<RmtInf>`,
    `${t}\t<Strd>`,
    `${t}\t\t<CdtrRefInf>`,
    `${t}\t\t\t<Tp>`,
    `${t}\t\t\t\t<CdOrPrtry>`,
    `${t}\t\t\t\t\t<Prtry>${type}</Prtry>`,
    `${t}\t\t\t\t</CdOrPrtry>`,
    `${t}\t\t\t</Tp>`,
    `${t}\t\t\t<Ref>${ref}</Ref>`,
    `${t}\t\t</CdtrRefInf>`,
    `${t}\t\t<AddtlRmtInf>?REJECT?0</AddtlRmtInf>`,
    `${t}\t</Strd>`,
    `${t}</RmtInf>`,
  ];
}

const unstructured = (texts, t) => [
  `${t}<RmtInf>`,
  ...texts.map((s) => `${t}\t<Ustrd>${esc(s)}</Ustrd>`),
  `${t}</RmtInf>`,
];

// ---- The statement ----------------------------------------------------------------------------------------

// Entry kinds and their weights (per entry, not per transaction).
const KINDS = [
  ['qrCredit', 34], // a QR-bill paid: one TxDtls with the debtor and the QRR
  ['transferCredit', 12], // an incoming transfer with free text
  ['collectiveCredit', 6], // 2–10 payments booked as one entry (QRR, ISR or free text each)
  ['payment', 42], // an outgoing payment to a supplier
  ['charge', 6], // a bank charge, no parties
];
const KIND_TOTAL = KINDS.reduce((s, [, w]) => s + w, 0);

/** A log-uniform amount in Rappen between two CHF amounts. */
const logAmount = (rand, lo, hi) =>
  Math.round(Math.exp(Math.log(lo * 100) + rand() * (Math.log(hi * 100) - Math.log(lo * 100))));

/**
 * The statement's XML and what it holds. `transactions` booked transactions over the calendar `year`
 * (dates ascending); `iban` the account's (by default the PostFinance account of the real sample); the same seed gives
 * the same bytes.
 */
export function camtStatement({
  transactions = 10_000,
  seed = 20250101,
  year = 2025,
  iban = chIban('09000000250090342'),
  owner = 'Muster Treuhand AG',
} = {}) {
  if (!Number.isSafeInteger(transactions) || transactions < 1)
    throw new RangeError(`transactions must be a whole number >= 1, not ${transactions}`);
  const rand = mulberry32(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const debtors = makeParties(rand, 400, 'debtor');
  const suppliers = makeParties(rand, 120, 'supplier');
  const start = Date.UTC(year, 0, 1);
  const days = (Date.UTC(year + 1, 0, 1) - start) / 86_400_000;
  const fill = (template, date) =>
    template
      .replace('{n}', `${year}-${1 + Math.floor(rand() * 4000)}`)
      .replace('{m}', `${MONTHS[date.getUTCMonth()]} ${year}`)
      .replace('{d}', dmy(date));

  // First decide the entries (kind, size), so that dates can be spread over the year in order.
  const plan = [];
  for (let left = transactions; left > 0; ) {
    let r = rand() * KIND_TOTAL;
    let kind = KINDS[0][0];
    for (const [k, w] of KINDS) {
      if ((r -= w) < 0) {
        kind = k;
        break;
      }
    }
    const size = kind === 'collectiveCredit' ? Math.min(left, 2 + Math.floor(rand() * 9)) : 1;
    // the last one may have room for one only
    plan.push({ kind: kind === 'collectiveCredit' && size === 1 ? 'qrCredit' : kind, size });
    left -= size;
  }

  const stats = {
    transactions,
    entries: plan.length,
    collectiveEntries: 0,
    credits: 0,
    debits: 0,
    creditRappen: 0,
    debitRappen: 0,
    opening: 0,
    closing: 0,
  };
  const opening = 18_743_255; // CHF 187'432.55
  let entrySeq = 0;
  let txSeq = 0;
  const entryRef = (date) => `${ymd(date).replace(/-/g, '')}${String(++entrySeq).padStart(8, '0')}${digits(rand, 16)}`;
  const txRef = (date) =>
    `${ymd(date).slice(2).replace(/-/g, '')}CH${(++txSeq).toString(36).toUpperCase().padStart(8, '0')}`;
  const body = [];
  const T = '\t\t\t\t'; // inside <Ntry>
  const D = '\t\t\t\t\t\t'; // inside <TxDtls>

  for (const [e, { kind, size }] of plan.entries()) {
    const date = new Date(start + Math.floor((e * days) / plan.length) * 86_400_000);
    const credit = kind !== 'payment' && kind !== 'charge';
    const ref = entryRef(date);
    const txs = []; // { rappen, lines }
    if (kind === 'qrCredit' || kind === 'transferCredit') {
      const p = pick(debtors);
      const rappen = logAmount(rand, 20, 8_000);
      const rmt =
        kind === 'qrCredit'
          ? structured('QRR', withMod10(`00000${digits(rand, 21)}`), D)
          : unstructured([fill(pick(DEBTOR_TEXT), date)], D);
      txs.push({ rappen, lines: [...party('Dbtr', p, D), ...rmt] });
    } else if (kind === 'collectiveCredit') {
      for (let i = 0; i < size; i++) {
        const p = pick(debtors);
        const rappen = logAmount(rand, 10, 3_000);
        const r = rand();
        const rmt =
          r < 0.6
            ? structured('QRR', withMod10(`00000${digits(rand, 21)}`), D)
            : r < 0.8
              ? structured('ISR Reference', withMod10(digits(rand, 26)), D)
              : unstructured([fill(pick(DEBTOR_TEXT), date), ...(rand() < 0.3 ? ['MUSTER MITTEILUNG 2'] : [])], D);
        txs.push({ rappen, lines: [...party('Dbtr', p, D), ...rmt] });
      }
    } else if (kind === 'payment') {
      const p = pick(suppliers);
      const rappen = logAmount(rand, 15, 12_000);
      const e2e = `E2E-${year}${pad(date.getUTCMonth() + 1)}-${digits(rand, 10)}`;
      txs.push({ rappen, e2e, lines: [...party('Cdtr', p, D), ...unstructured([fill(pick(CREDITOR_TEXT), date)], D)] });
    } else {
      txs.push({ rappen: logAmount(rand, 0.5, 40), lines: [] });
    }
    const total = txs.reduce((s, t) => s + t.rappen, 0);
    if (credit) {
      stats.credits += txs.length;
      stats.creditRappen += total;
    } else {
      stats.debits += txs.length;
      stats.debitRappen += total;
    }
    if (txs.length > 1) stats.collectiveEntries += 1;

    const indicator = credit ? 'CRDT' : 'DBIT';
    const [domain, family, sub] =
      kind === 'charge'
        ? ['ACMT', 'ADOP', 'CHRG']
        : kind === 'payment'
          ? ['PMNT', 'ICDT', 'DMCT']
          : kind === 'transferCredit'
            ? ['PMNT', 'RCDT', 'ATXN']
            : ['PMNT', 'RCDT', 'VCOM'];
    const info =
      kind === 'charge'
        ? pick(['PREIS FÜR KONTOFÜHRUNG', 'PREIS FÜR KONTOAUSZUG PAPIER', 'GEBÜHR E-BANKING', 'SPESEN AUSLANDZAHLUNG'])
        : kind === 'payment'
          ? `E-FINANCE AUFTRAG ${ref.slice(-8)}`
          : kind === 'collectiveCredit'
            ? `SAMMELGUTSCHRIFT QR-RECHNUNG/ESR ${txs.length} TRANSAKTIONEN`
            : kind === 'qrCredit'
              ? 'GUTSCHRIFT QR-RECHNUNG'
              : 'GUTSCHRIFT AUFTRAGGEBER';
    const d = ymd(date);
    body.push(
      '\t\t\t<Ntry>',
      `${T}<Amt Ccy="CHF">${amt(total)}</Amt>`,
      `${T}<CdtDbtInd>${indicator}</CdtDbtInd>`,
      `${T}<RvslInd>false</RvslInd>`,
      `${T}<Sts>BOOK</Sts>`,
      `${T}<BookgDt>`,
      `${T}\t<Dt>${d}</Dt>`,
      `${T}</BookgDt>`,
      `${T}<ValDt>`,
      `${T}\t<Dt>${d}</Dt>`,
      `${T}</ValDt>`,
      `${T}<AcctSvcrRef>${ref}</AcctSvcrRef>`,
      ...bkTxCd(domain, family, sub, T),
      `${T}<NtryDtls>`,
    );
    if (txs.length > 1) body.push(`${T}\t<Btch>`, `${T}\t\t<NbOfTxs>${txs.length}</NbOfTxs>`, `${T}\t</Btch>`);
    for (const tx of txs) {
      body.push(
        `${T}\t<TxDtls>`,
        `${D}<Refs>`,
        `${D}\t<AcctSvcrRef>${txRef(date)}</AcctSvcrRef>`,
        `${D}\t<EndToEndId>${tx.e2e ?? 'NOTPROVIDED'}</EndToEndId>`,
        `${D}</Refs>`,
        `${D}<Amt Ccy="CHF">${amt(tx.rappen)}</Amt>`,
        `${D}<CdtDbtInd>${indicator}</CdtDbtInd>`,
        ...tx.lines,
        `${T}\t</TxDtls>`,
      );
    }
    body.push(`${T}</NtryDtls>`, `${T}<AddtlNtryInf>${esc(info)}</AddtlNtryInf>`, '\t\t\t</Ntry>');
  }

  stats.opening = opening;
  stats.closing = opening + stats.creditRappen - stats.debitRappen;
  const balance = (code, rappen, date) => [
    '\t\t\t<Bal>',
    '\t\t\t\t<Tp>',
    '\t\t\t\t\t<CdOrPrtry>',
    `\t\t\t\t\t\t<Cd>${code}</Cd>`,
    '\t\t\t\t\t</CdOrPrtry>',
    '\t\t\t\t</Tp>',
    `\t\t\t\t<Amt Ccy="CHF">${amt(Math.abs(rappen))}</Amt>`,
    `\t\t\t\t<CdtDbtInd>${rappen < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>`,
    '\t\t\t\t<Dt>',
    `\t\t\t\t\t<Dt>${date}</Dt>`,
    '\t\t\t\t</Dt>',
    '\t\t\t</Bal>',
  ];
  const summary = (tag, count, rappen) => [
    `\t\t\t\t<${tag}>`,
    `\t\t\t\t\t<NbOfNtries>${count}</NbOfNtries>`,
    `\t\t\t\t\t<Sum>${amt(rappen)}</Sum>`,
    `\t\t\t\t</${tag}>`,
  ];
  const creditEntries = plan.filter(({ kind }) => kind !== 'payment' && kind !== 'charge').length;
  const net = stats.creditRappen - stats.debitRappen;
  const stamp = `${year + 1}-01-01T06:30:00`;
  const msgId = `${year}1231${digits(rand, 15)}`;
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04" ' +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
      'xsi:schemaLocation="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04 camt.053.001.04.xsd">',
    '\t<BkToCstmrStmt>',
    '\t\t<GrpHdr>',
    `\t\t\t<MsgId>${msgId}</MsgId>`,
    `\t\t\t<CreDtTm>${stamp}</CreDtTm>`,
    '\t\t\t<MsgPgntn>',
    '\t\t\t\t<PgNb>1</PgNb>',
    '\t\t\t\t<LastPgInd>true</LastPgInd>',
    '\t\t\t</MsgPgntn>',
    '\t\t\t<AddtlInf>Productive</AddtlInf>',
    '\t\t</GrpHdr>',
    '\t\t<Stmt>',
    `\t\t\t<Id>${msgId}1</Id>`,
    `\t\t\t<ElctrncSeqNb>${1 + (seed % 300)}</ElctrncSeqNb>`,
    `\t\t\t<CreDtTm>${stamp}</CreDtTm>`,
    '\t\t\t<FrToDt>',
    `\t\t\t\t<FrDtTm>${year}-01-01T00:00:00</FrDtTm>`,
    `\t\t\t\t<ToDtTm>${year}-12-31T23:59:59</ToDtTm>`,
    '\t\t\t</FrToDt>',
    '\t\t\t<Acct>',
    '\t\t\t\t<Id>',
    `\t\t\t\t\t<IBAN>${iban}</IBAN>`,
    '\t\t\t\t</Id>',
    '\t\t\t\t<Ccy>CHF</Ccy>',
    '\t\t\t\t<Ownr>',
    `\t\t\t\t\t<Nm>${esc(owner)}</Nm>`,
    '\t\t\t\t</Ownr>',
    '\t\t\t</Acct>',
    ...balance('OPBD', opening, `${year - 1}-12-31`),
    ...balance('CLBD', stats.closing, `${year}-12-31`),
    '\t\t\t<TxsSummry>',
    '\t\t\t\t<TtlNtries>',
    `\t\t\t\t\t<NbOfNtries>${stats.entries}</NbOfNtries>`,
    `\t\t\t\t\t<Sum>${amt(stats.creditRappen + stats.debitRappen)}</Sum>`,
    `\t\t\t\t\t<TtlNetNtry>`,
    `\t\t\t\t\t\t<Amt>${amt(Math.abs(net))}</Amt>`,
    `\t\t\t\t\t\t<CdtDbtInd>${net < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>`,
    '\t\t\t\t\t</TtlNetNtry>',
    '\t\t\t\t</TtlNtries>',
    ...summary('TtlCdtNtries', creditEntries, stats.creditRappen),
    ...summary('TtlDbtNtries', stats.entries - creditEntries, stats.debitRappen),
    '\t\t\t</TxsSummry>',
  ];
  const tail = ['\t\t</Stmt>', '\t</BkToCstmrStmt>', '</Document>', ''];
  return { xml: [...head, ...body, ...tail].join('\n'), stats: { ...stats, iban } };
}

/** A ZIP archive holding the statement as `name` (as banks deliver them for download). */
export function camtZip(xml, name = 'camt053.xml') {
  return zipSync({ [name]: new TextEncoder().encode(xml) }, { level: 6 });
}

/** A PostFinance-style file name: camt.053_P_<IBAN>_<stmt>_0_<created>.xml */
export const camtFileName = (stats, year) =>
  `camt.053_P_${stats.iban}_${stats.transactions}_0_${year + 1}0101063000.xml`;

// ---- As a script ----------------------------------------------------------------------------------------

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const opts = benchOptions(
    {
      transactions: { type: 'string', default: '10000' },
      seed: { type: 'string', default: '20250101' },
      year: { type: 'string', default: '2025' },
      zip: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
    'usage: node bench/camt-fixture.mjs [--transactions N] [--seed N] [--year YYYY] [--zip] [--out FILE]',
    [
      '--transactions N   booked transactions in the statement (default 10000)',
      '--seed N           seed of the generator; the same seed gives the same file (default 20250101)',
      '--year YYYY        the statement covers this calendar year (default 2025)',
      '--zip              write a ZIP archive holding the statement instead of the XML',
      '--out FILE         where to write it (default camt053-<N>.xml or .zip in the current directory)',
    ],
  );
  const transactions = positiveInt(opts.transactions, '--transactions', 1);
  const seed = positiveInt(opts.seed, '--seed', 0);
  const year = positiveInt(opts.year, '--year', 1000);
  const { xml, stats } = camtStatement({ transactions, seed, year });
  const out = opts.out ?? `camt053-${transactions}.${opts.zip ? 'zip' : 'xml'}`;
  const bytes = opts.zip ? camtZip(xml, camtFileName(stats, year)) : xml;
  writeFileSync(out, bytes);
  const chf = (r) => `${r < 0 ? '-' : ''}${amt(Math.abs(r))}`;
  process.stderr.write(
    `${out}: ${(bytes.length / 1e6).toFixed(1)} MB, ${stats.transactions} transactions in ${stats.entries} entries ` +
      `(${stats.collectiveEntries} collective); ${stats.credits} credits ${chf(stats.creditRappen)}, ` +
      `${stats.debits} debits ${chf(stats.debitRappen)}; ` +
      `opening ${chf(stats.opening)}, closing ${chf(stats.closing)} CHF\n`,
  );
}
