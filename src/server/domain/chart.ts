// The Swiss SME chart of accounts (KMU-Kontenrahmen) and the tax rates every new company gets: today's
// and those of earlier years, each with the days it holds.

export type AccountType = 'bank' | 'deprecations' | 'assets' | 'liabilities' | 'income' | 'expense';

export interface ChartAccount {
  number: number;
  name: string;
  type: AccountType;
}

const assets: [number, string, AccountType?][] = [
  [1000, 'Kasse', 'bank'],
  [1010, 'Postkonto', 'bank'],
  [1020, 'Bankguthaben', 'bank'],
  [1060, 'Wertschriften'],
  [1100, 'Forderungen aus Lieferungen und Leistungen (Debitoren)'],
  [1109, 'Delkredere'],
  [1140, 'Vorschüsse und Darlehen'],
  [1170, 'Vorsteuer MWST Material, Waren, Dienstleistungen, Energie'],
  [1171, 'Vorsteuer MWST Investitionen, übriger Betriebsaufwand'],
  [1176, 'Verrechnungssteuer'],
  [1190, 'Sonstige kurzfristige Forderungen'],
  [1200, 'Handelswaren'],
  [1280, 'Nicht fakturierte Dienstleistungen'],
  [1300, 'Aktive Rechnungsabgrenzung'],
  [1500, 'Maschinen und Apparate', 'deprecations'],
  [1510, 'Mobiliar und Einrichtungen', 'deprecations'],
  [1520, 'Büromaschinen, Informatik', 'deprecations'],
  [1530, 'Fahrzeuge', 'deprecations'],
  [1600, 'Geschäftsliegenschaften'],
  [1700, 'Patente, Lizenzen'],
];
const liabilities: [number, string][] = [
  [2000, 'Verbindlichkeiten aus Lieferungen und Leistungen (Kreditoren)'],
  [2030, 'Erhaltene Anzahlungen'],
  [2100, 'Bankverbindlichkeiten'],
  [2200, 'Geschuldete MWST'],
  [2201, 'Abrechnungskonto MWST'],
  [2206, 'Verrechnungssteuer'],
  [2210, 'Sonstige kurzfristige Verbindlichkeiten'],
  [2270, 'Sozialversicherungen'],
  [2300, 'Passive Rechnungsabgrenzung'],
  [2330, 'Kurzfristige Rückstellungen'],
  [2450, 'Darlehen'],
  [2600, 'Rückstellungen'],
  [2800, 'Eigenkapital'],
  [2850, 'Privat'],
  [2950, 'Gesetzliche Gewinnreserve'],
  [2970, 'Gewinnvortrag / Verlustvortrag'],
  [2979, 'Jahresgewinn / Jahresverlust'],
];
const income: [number, string][] = [
  [3000, 'Produktionserlöse'],
  [3200, 'Handelserlöse'],
  [3400, 'Dienstleistungserlöse'],
  [3600, 'Übrige Erlöse'],
  [3800, 'Erlösminderungen'],
  [3805, 'Verluste aus Forderungen'],
  [6950, 'Finanzertrag'],
  [8100, 'Betriebsfremder Ertrag'],
  [8510, 'Ausserordentlicher Ertrag'],
];
const expense: [number, string][] = [
  [4000, 'Materialaufwand'],
  [4200, 'Handelswarenaufwand'],
  [4400, 'Aufwand für bezogene Dienstleistungen'],
  [5000, 'Lohnaufwand'],
  [5700, 'Sozialversicherungsaufwand'],
  [5800, 'Übriger Personalaufwand'],
  [6000, 'Raumaufwand'],
  [6100, 'Unterhalt, Reparaturen'],
  [6200, 'Fahrzeugaufwand'],
  [6300, 'Sachversicherungen, Abgaben, Gebühren'],
  [6400, 'Energie- und Entsorgungsaufwand'],
  [6500, 'Verwaltungsaufwand'],
  [6570, 'Informatikaufwand'],
  [6600, 'Werbeaufwand'],
  [6700, 'Sonstiger betrieblicher Aufwand'],
  [6800, 'Abschreibungen'],
  [6900, 'Finanzaufwand'],
  [6940, 'Bankspesen'],
  [8000, 'Betriebsfremder Aufwand'],
  [8500, 'Ausserordentlicher Aufwand'],
  [8900, 'Direkte Steuern'],
];

export const STANDARD_CHART: readonly ChartAccount[] = [
  ...assets.map(([number, name, type]) => ({ number, name, type: type ?? ('assets' as const) })),
  ...liabilities.map(([number, name]) => ({ number, name, type: 'liabilities' as const })),
  ...income.map(([number, name]) => ({ number, name, type: 'income' as const })),
  ...expense.map(([number, name]) => ({ number, name, type: 'expense' as const })),
];

export const PRIMARY_BANK_ACCOUNT_NUMBER = 1020;

export interface DefaultTaxRate {
  name: string;
  /** hundredths of a percent */
  rate: number;
  accountNumber: number;
  fieldNumber: number;
  acquisitionAccountNumber?: number;
  /** the days the rate holds (YYYY-MM-DD); null: open */
  validFrom: string | null;
  validUntil: string | null;
}

const CURRENT = { validFrom: '2024-01-01', validUntil: null };
const UNTIL_2023 = { validFrom: '2018-01-01', validUntil: '2023-12-31' };
const UNTIL_2017 = { validFrom: '2011-01-01', validUntil: '2017-12-31' };

/** The rates since 1 January 2024 (seeded first: their ids come before the earlier ones'). */
export const DEFAULT_TAX_RATES: readonly DefaultTaxRate[] = [
  { name: 'MWST 8.1 %', rate: 810, accountNumber: 2200, fieldNumber: 303, ...CURRENT },
  { name: 'MWST 2.6 %', rate: 260, accountNumber: 2200, fieldNumber: 313, ...CURRENT },
  { name: 'MWST 3.8 %', rate: 380, accountNumber: 2200, fieldNumber: 343, ...CURRENT },
  { name: 'Vorsteuer 8.1 %', rate: 810, accountNumber: 1170, fieldNumber: 400, ...CURRENT },
  { name: 'Vorsteuer 2.6 %', rate: 260, accountNumber: 1170, fieldNumber: 400, ...CURRENT },
  { name: 'Vorsteuer Investitionen 8.1 %', rate: 810, accountNumber: 1171, fieldNumber: 405, ...CURRENT },
  {
    name: 'Bezugsteuer 8.1 %',
    rate: 810,
    accountNumber: 2200,
    fieldNumber: 383,
    acquisitionAccountNumber: 1170,
    ...CURRENT,
  },
];

/**
 * The rates of 2018 to 2023 and of 2011 to 2017, so that bookings of those years carry the rate of
 * their time and land in its box of the VAT return (30x2 and 30x1). A name two periods share gets
 * "(bis 2017)" on the older rate; input tax at 2.5 % is one rate for both (its box is 400 either way).
 * Migration 11 adds the same rates to companies made before (src/server/store/migrations.ts).
 */
export const EARLIER_TAX_RATES: readonly DefaultTaxRate[] = [
  { name: 'MWST 7.7 %', rate: 770, accountNumber: 2200, fieldNumber: 302, ...UNTIL_2023 },
  { name: 'MWST 2.5 %', rate: 250, accountNumber: 2200, fieldNumber: 312, ...UNTIL_2023 },
  { name: 'MWST 3.7 %', rate: 370, accountNumber: 2200, fieldNumber: 342, ...UNTIL_2023 },
  { name: 'Vorsteuer 7.7 %', rate: 770, accountNumber: 1170, fieldNumber: 400, ...UNTIL_2023 },
  {
    name: 'Vorsteuer 2.5 %',
    rate: 250,
    accountNumber: 1170,
    fieldNumber: 400,
    validFrom: UNTIL_2017.validFrom,
    validUntil: UNTIL_2023.validUntil,
  },
  { name: 'Vorsteuer Investitionen 7.7 %', rate: 770, accountNumber: 1171, fieldNumber: 405, ...UNTIL_2023 },
  {
    name: 'Bezugsteuer 7.7 %',
    rate: 770,
    accountNumber: 2200,
    fieldNumber: 382,
    acquisitionAccountNumber: 1170,
    ...UNTIL_2023,
  },
  { name: 'MWST 8.0 %', rate: 800, accountNumber: 2200, fieldNumber: 301, ...UNTIL_2017 },
  { name: 'MWST 2.5 % (bis 2017)', rate: 250, accountNumber: 2200, fieldNumber: 311, ...UNTIL_2017 },
  { name: 'MWST 3.8 % (bis 2017)', rate: 380, accountNumber: 2200, fieldNumber: 341, ...UNTIL_2017 },
  { name: 'Vorsteuer 8.0 %', rate: 800, accountNumber: 1170, fieldNumber: 400, ...UNTIL_2017 },
  { name: 'Vorsteuer Investitionen 8.0 %', rate: 800, accountNumber: 1171, fieldNumber: 405, ...UNTIL_2017 },
  {
    name: 'Bezugsteuer 8.0 %',
    rate: 800,
    accountNumber: 2200,
    fieldNumber: 381,
    acquisitionAccountNumber: 1170,
    ...UNTIL_2017,
  },
];
