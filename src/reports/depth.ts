// --depth N: account rows rolled up by the first N digits of their number (1: the classes 1–9; 2: the
// groups 10, 11 … 34 …; 4: the accounts of a four-digit chart), named after the Swiss SME chart
// (KMU-Kontenrahmen). Only sums: the rolled-up report adds up to the full one.
import type { Cell, ReportRow } from './types.js';

/** The classes and two-digit groups of the KMU-Kontenrahmen (veb.ch / Sterchi), as the seeded chart uses them. */
const KMU_GROUPS: Readonly<Record<string, string>> = {
  1: 'Aktiven',
  10: 'Flüssige Mittel und kurzfristig gehaltene Aktiven mit Börsenkurs',
  11: 'Forderungen',
  12: 'Vorräte und nicht fakturierte Dienstleistungen',
  13: 'Aktive Rechnungsabgrenzungen',
  14: 'Finanzanlagen und Beteiligungen',
  15: 'Mobile Sachanlagen',
  16: 'Immobile Sachanlagen',
  17: 'Immaterielle Werte',
  18: 'Nicht einbezahltes Grund-, Gesellschafter- oder Stiftungskapital',
  2: 'Passiven',
  20: 'Verbindlichkeiten aus Lieferungen und Leistungen',
  21: 'Kurzfristige verzinsliche Verbindlichkeiten',
  22: 'Übrige kurzfristige Verbindlichkeiten',
  23: 'Passive Rechnungsabgrenzungen und kurzfristige Rückstellungen',
  24: 'Langfristige verzinsliche Verbindlichkeiten',
  25: 'Übrige langfristige Verbindlichkeiten',
  26: 'Rückstellungen sowie vom Gesetz vorgesehene ähnliche Positionen',
  28: 'Grund-, Gesellschafter- oder Stiftungskapital',
  29: 'Reserven und Jahresgewinn oder Jahresverlust',
  3: 'Betrieblicher Ertrag aus Lieferungen und Leistungen',
  30: 'Produktionserlöse',
  32: 'Handelserlöse',
  34: 'Dienstleistungserlöse',
  36: 'Übrige Erlöse aus Lieferungen und Leistungen',
  37: 'Eigenleistungen und Eigenverbrauch',
  38: 'Erlösminderungen',
  39: 'Bestandesänderungen an unfertigen und fertigen Erzeugnissen',
  4: 'Aufwand für Material, Handelswaren, Dienstleistungen und Energie',
  40: 'Materialaufwand',
  42: 'Handelswarenaufwand',
  44: 'Aufwand für bezogene Dienstleistungen',
  45: 'Energieaufwand zur Leistungserstellung',
  46: 'Übriger Aufwand für Material, Handelswaren und Dienstleistungen',
  47: 'Direkte Einkaufsspesen',
  48: 'Bestandesänderungen, Material- und Warenverluste',
  49: 'Einkaufspreisminderungen',
  5: 'Personalaufwand',
  50: 'Lohnaufwand',
  57: 'Sozialversicherungsaufwand',
  58: 'Übriger Personalaufwand',
  59: 'Leistungen Dritter',
  6: 'Übriger betrieblicher Aufwand, Abschreibungen und Wertberichtigungen sowie Finanzergebnis',
  60: 'Raumaufwand',
  61: 'Unterhalt, Reparaturen, Ersatz, Leasingaufwand mobile Sachanlagen',
  62: 'Fahrzeug- und Transportaufwand',
  63: 'Sachversicherungen, Abgaben, Gebühren, Bewilligungen',
  64: 'Energie- und Entsorgungsaufwand',
  65: 'Verwaltungs- und Informatikaufwand',
  66: 'Werbeaufwand',
  67: 'Sonstiger betrieblicher Aufwand',
  68: 'Abschreibungen und Wertberichtigungen auf Positionen des Anlagevermögens',
  69: 'Finanzaufwand und Finanzertrag',
  7: 'Betrieblicher Nebenerfolg',
  8: 'Betriebsfremder, ausserordentlicher, einmaliger oder periodenfremder Aufwand und Ertrag',
  80: 'Betriebsfremder Aufwand',
  81: 'Betriebsfremder Ertrag',
  85: 'Ausserordentlicher, einmaliger oder periodenfremder Aufwand und Ertrag',
  89: 'Direkte Steuern',
  9: 'Abschluss',
};

/** The group of an account number at a depth: its first `depth` digits (the number itself when it has no more). */
function groupNumber(number: number, depth: number): number {
  const digits = String(Math.abs(number));
  return digits.length <= depth ? number : Number(digits.slice(0, depth));
}

export interface RollUp {
  depth: number;
  /** money cells summed over the group */
  sum: string[];
  /**
   * money cells summed only when the group's accounts share one `type` (else null): balances in an account's own sense
   */
  sameType?: string[];
}

/**
 * Account rows rolled up into one `group` row per (section, group number), in the order the groups
 * first appear; other rows (computed, subtotals …) stay where they are. A group is named after the
 * KMU chart, or, where the chart names none at that depth, after its first account. A group of a single
 * account at full depth stays that account.
 */
export function rollUp(rows: ReportRow[], opts: RollUp): ReportRow[] {
  const out: ReportRow[] = [];
  const groups = new Map<string, { row: ReportRow; types: Set<Cell | undefined>; members: number }>();
  for (const row of rows) {
    if (row.kind !== 'account' || typeof row.number !== 'number') {
      out.push(row);
      continue;
    }
    const number = groupNumber(row.number, opts.depth);
    const id = `${row.section ?? ''}|${number}`;
    const group = groups.get(id);
    if (!group) {
      const rolled = number !== row.number;
      const copy: ReportRow = {
        ...row,
        kind: rolled ? 'group' : 'account',
        number,
        name: rolled ? (KMU_GROUPS[number] ?? row.name) : row.name,
      };
      groups.set(id, { row: copy, types: new Set([row.type]), members: 1 });
      out.push(copy);
      continue;
    }
    group.members++;
    group.types.add(row.type);
    for (const k of opts.sum) group.row[k] = addCells(group.row[k], row[k]);
    for (const k of opts.sameType ?? []) group.row[k] = addCells(group.row[k], row[k]);
  }
  for (const { row, types } of groups.values()) {
    if (types.size <= 1) continue;
    if ('type' in row) row.type = null;
    for (const k of opts.sameType ?? []) row[k] = null;
  }
  return out;
}

/** Two money cells added; null only when both are. */
function addCells(a: Cell | undefined, b: Cell | undefined): Cell {
  if ((a === null || a === undefined) && (b === null || b === undefined)) return null;
  return (typeof a === 'number' ? a : 0) + (typeof b === 'number' ? b : 0);
}
