// ISO 20022 bank transaction codes (`BkTxCd/Domn`: domain, family, sub-family) in words, for a
// transaction whose file gives no other text (no counterparty, no entry information, no remittance):
// the import entry then still says what it is. A small table of the codes Swiss banks use most; any
// other code is shown as it is. German, as the bank's own texts usually are.

/** Sub-families that say more than their family, whatever the family (charges are charges anywhere). */
const SUB_FAMILIES: Readonly<Record<string, string>> = {
  CHRG: 'Bankspesen',
  FEES: 'Gebühren',
  COMM: 'Kommission',
  INTR: 'Zinsen',
  TAXE: 'Steuern',
  STDO: 'Dauerauftrag',
  SALA: 'Lohnzahlung',
  CWDL: 'Bargeldbezug',
  CDPT: 'Bareinzahlung',
  RRTN: 'Rückweisung',
};

/** Domain/family. */
const FAMILIES: Readonly<Record<string, string>> = {
  'PMNT/RCDT': 'Zahlungseingang',
  'PMNT/ICDT': 'Zahlungsausgang',
  'PMNT/RDDT': 'Lastschrift',
  'PMNT/IDDT': 'Lastschrift-Einzug',
  'PMNT/RCHQ': 'Checkeingang',
  'PMNT/ICHQ': 'Checkausgang',
  'PMNT/CCRD': 'Kartenzahlung',
  'PMNT/MCRD': 'Kartenzahlung',
  'PMNT/CNTR': 'Schaltertransaktion',
  'PMNT/MCOP': 'Gutschrift',
  'PMNT/MDOP': 'Belastung',
  'ACMT/MCOP': 'Gutschrift',
  'ACMT/MDOP': 'Belastung',
  'ACMT/ACOP': 'Gutschrift',
  'ACMT/ADOP': 'Belastung',
};

/**
 * "PMNT/RCDT/ESCT" → "Zahlungseingang", "ACMT/MDOP/CHRG" → "Bankspesen": the sub-family when the table
 * knows it, else the domain and family, else the code itself (also a bank's proprietary code).
 */
export function bankTransactionText(code: string): string {
  const [domain, family, subFamily] = code.split('/');
  if (subFamily !== undefined && SUB_FAMILIES[subFamily]) return SUB_FAMILIES[subFamily];
  if (family !== undefined && FAMILIES[`${domain}/${family}`]) return FAMILIES[`${domain}/${family}`];
  return code;
}
