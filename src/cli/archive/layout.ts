// What a year archive holds and where (pure): the members' names, and README.txt, which says in German
// and English what each file is, so that a reader in ten years needs neither acct nor this page.

/** The business year's VAT returns: the year and each quarter (the effective method's usual periods). */
export function vatPeriods(year: number): { key: string; from: string; to: string }[] {
  const quarters = [
    ['01-01', '03-31'],
    ['04-01', '06-30'],
    ['07-01', '09-30'],
    ['10-01', '12-31'],
  ];
  return [
    { key: `${year}`, from: `${year}-01-01`, to: `${year}-12-31` },
    ...quarters.map(([from, to], i) => ({ key: `${year}-Q${i + 1}`, from: `${year}-${from}`, to: `${year}-${to}` })),
  ];
}

export const MEMBERS = {
  readme: 'README.txt',
  bookings: 'bookings.csv',
  journal: 'bookings.journal',
  accounts: 'accounts.csv',
  taxRates: 'tax-rates.csv',
  customers: 'customers.csv',
  contacts: 'contacts.csv',
  projects: 'projects.csv',
  report: (name: string, ext: 'csv' | 'pdf') => `reports/${name}.${ext}`,
  documentsCsv: (kind: 'invoices' | 'proposals') => `${kind}.csv`,
  documentPdf: (kind: 'invoices' | 'proposals', number: string) => `${kind}/${number}.pdf`,
  receipt: (bookingNumber: string, fileName: string) => `receipts/${bookingNumber}_${fileName}`,
} as const;

/** A name that is one plain file name on every system: path separators, controls and reserved characters become `_`. */
export function plainName(name: string, fallback: string): string {
  const clean = name
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return (clean === '' ? fallback : clean).slice(0, 120);
}

interface Entry {
  path: string;
  de: string;
  en: string;
}

/** Each file (or kind of file) with what it is, in both languages. */
function entries(year: number): Entry[] {
  return [
    {
      path: MEMBERS.bookings,
      de:
        `alle Buchungen vom 1.1. bis 31.12.${year}, nach Datum: Datum, Nummer, Text, Soll- und Habenkonto (Nummer ` +
        `und Name), Betrag brutto in CHF, MWST-Satz, Kunde, Projekt, Tags (die Spalten von "acct entries export")`,
      en:
        `every booking from 1 Jan to 31 Dec ${year}, by date: date, number, text, debit and credit account ` +
        `(number and name), gross amount in CHF, VAT rate, customer, project, tags (the columns of ` +
        `"acct entries export")`,
    },
    {
      path: MEMBERS.journal,
      de:
        'dieselben Buchungen als Journal im Klartext (hledger/ledger): jede Buchung mit ihren Buchungszeilen, die ' +
        'MWST als eigene Zeile auf dem Steuerkonto; Soll positiv, Haben negativ',
      en:
        'the same bookings as a plain-text journal (hledger/ledger): each booking with its postings, the VAT ' +
        'split off onto the tax account; debits positive, credits negative',
    },
    {
      path: MEMBERS.accounts,
      de: 'der Kontenplan: Nummer, Name, Typ',
      en: 'the chart of accounts: number, name, type',
    },
    {
      path: MEMBERS.taxRates,
      de: 'die MWST-Sätze mit ihren Konten und Ziffern',
      en: 'the VAT rates with their accounts and box numbers',
    },
    { path: MEMBERS.customers, de: 'die Kunden mit Adressen', en: 'the customers with their addresses' },
    {
      path: MEMBERS.contacts,
      de:
        'die Kontaktpersonen der Kunden (Lieferanten führt acct nicht als eigene Stammdaten: sie stehen im Text ' +
        'der Buchungen und auf den Belegen)',
      en:
        "the customers' contact persons (acct keeps no supplier records of their own: suppliers are named in the " +
        "bookings' text and on the receipts)",
    },
    { path: MEMBERS.projects, de: 'die Projekte', en: 'the projects' },
    {
      path: 'reports/trial-balance.csv, .pdf',
      de: `Probebilanz (Saldenliste) 1.1.–31.12.${year}: Soll und Haben je Konto`,
      en: `trial balance 1 Jan – 31 Dec ${year}: debit and credit per account`,
    },
    { path: 'reports/balance-sheet.csv, .pdf', de: `Bilanz per 31.12.${year}`, en: `balance sheet at 31 Dec ${year}` },
    {
      path: 'reports/income-statement.csv, .pdf',
      de: `Erfolgsrechnung 1.1.–31.12.${year}`,
      en: `income statement 1 Jan – 31 Dec ${year}`,
    },
    {
      path: `reports/vat-${year}.csv, .pdf`,
      de: `MWST-Abrechnung (effektive Methode) des ganzen Jahres, nach Ziffern`,
      en: 'VAT return (effective method) of the whole year, by box',
    },
    {
      path: `reports/vat-${year}-Q1 … Q4.csv, .pdf`,
      de: 'MWST-Abrechnung je Quartal',
      en: 'VAT return of each quarter',
    },
    {
      path: 'invoices.csv, invoices/<Nummer>.pdf',
      de:
        `die Rechnungen mit Datum in ${year}: eine Zeile je Rechnung (Positionen als JSON, Status, Total) und ` +
        `jede als PDF, wie sie verschickt wurde`,
      en:
        `the invoices dated in ${year}: a line each (positions as JSON, status, total) and each as the PDF ` +
        `that was sent`,
    },
    {
      path: 'proposals.csv, proposals/<Nummer>.pdf',
      de: `die Offerten mit Datum in ${year}, ebenso`,
      en: `the proposals dated in ${year}, alike`,
    },
    {
      path: 'receipts/<Buchungsnummer>_<Datei>',
      de:
        'die Belege, Byte für Byte wie hochgeladen; die Buchungsnummer am Anfang des Namens führt zur Buchung in ' +
        'bookings.csv',
      en:
        'the receipts, byte for byte as uploaded; the booking number the name starts with leads to the booking in ' +
        'bookings.csv',
    },
    {
      path: 'manifest.json',
      de: 'Grösse und SHA-256 jeder Datei und der SHA-256 des ganzen Inhalts',
      en: 'the size and SHA-256 of each file and the SHA-256 of the whole content',
    },
  ];
}

function list(items: Entry[], lang: 'de' | 'en'): string {
  return items.map((e) => `  ${e.path}\n      ${e[lang]}\n`).join('');
}

export interface ReadmeFacts {
  company: string;
  year: number;
  createdAt: string;
  version: string;
}

/** README.txt: what the archive is and holds, how to check it, in German, then English. */
export function readmeText(f: ReadmeFacts): string {
  const items = entries(f.year);
  return `Buchhaltung ${f.company}, Geschäftsjahr ${f.year}
Books of ${f.company}, business year ${f.year}
Erstellt / written ${f.createdAt} (acct ${f.version})

DEUTSCH

Dieses Archiv enthält die Geschäftsbücher des Geschäftsjahres ${f.year} (1. Januar bis 31. Dezember) in
offenen Formaten, die ohne acct lesbar sind: CSV (UTF-8, Komma als Trennzeichen, Punkt als
Dezimalzeichen, Datum JJJJ-MM-TT), Klartext und PDF. Es dient der Aufbewahrung während zehn Jahren
(OR 958f, GeBüV).

Dateien:
${list(items, 'de')}
Unverändert? "acct archive verify <Datei>.zip" prüft jede Datei gegen manifest.json (Exit-Code 0:
unverändert, 8: beschädigt). Ohne acct: die Dateien entpacken und "sha256sum <Datei>" mit dem Wert
in manifest.json vergleichen.

ENGLISH

This archive holds the books of the business year ${f.year} (1 January to 31 December) in open formats
that read without acct: CSV (UTF-8, comma-separated, a point for decimals, dates YYYY-MM-DD), plain
text and PDF. It is meant to be kept for ten years (Swiss Code of Obligations art. 958f, GeBüV).

Files:
${list(items, 'en')}
Unchanged? "acct archive verify <file>.zip" checks every file against manifest.json (exit code 0:
unchanged, 8: damaged). Without acct: unzip the files and compare "sha256sum <file>" with the value in
manifest.json.
`;
}
