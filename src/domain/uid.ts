// What a VAT invoice says of VAT (MWSTG Art. 26): the supplier's company identification number (UID,
// eCH-0097) `CHE-123.456.789`, followed on documents by the VAT register's suffix in the document's
// language (MWST, TVA, IVA; VAT in English), and the name of the VAT line. Pure: the service checks
// and stores the UID, the PDF, the share page and the CLI's terminal view print both.

/** The eCH-0097 weights of the eight digits before the check digit. */
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4] as const;

/** The check digit of the first eight digits, or undefined where none exists (a remainder of 1 gives 10). */
export function uidCheckDigit(eight: string): number | undefined {
  const sum = [...eight].reduce((s, d, i) => s + Number(d) * WEIGHTS[i], 0);
  const check = 11 - (sum % 11);
  if (check === 10) return undefined;
  return check === 11 ? 0 : check;
}

export type UidProblem = 'format' | 'check';

/**
 * A UID as typed (`CHE-123.456.789`, `CHE123456789`, `che 123 456 789`, with or without the suffix
 * MWST/TVA/IVA/VAT) → `CHE-123.456.789`; or why not: not nine digits after CHE, or a wrong check digit.
 */
export function parseUid(input: string): { uid: string } | { problem: UidProblem } {
  const m = /^CHE[\s.-]*((?:\d[\s.-]*){9})(?:\s*(?:MWST|TVA|IVA|VAT))?$/i.exec(input.trim());
  if (!m) return { problem: 'format' };
  const digits = m[1].replace(/\D/g, '');
  if (uidCheckDigit(digits.slice(0, 8)) !== Number(digits[8])) return { problem: 'check' };
  return { uid: `CHE-${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}` };
}

/** The VAT register's word in a document's language: MWST (de), TVA (fr), IVA (it), VAT (en). */
export const VAT_WORD: Readonly<Record<string, string>> = { de: 'MWST', fr: 'TVA', it: 'IVA', en: 'VAT' };

export const vatWordFor = (lang: string): string => VAT_WORD[lang] ?? VAT_WORD.de;

/** The UID as a VAT invoice carries it: `CHE-123.456.789 MWST` (TVA, IVA, VAT by the language). */
export const vatNumberText = (uid: string, lang: string): string => `${uid} ${vatWordFor(lang)}`;

/** The VAT register's words in any language: a name_on_documents of just these (and the rate) says "VAT". */
const VAT_WORDS = /^(MWST|MwSt\.?|TVA|IVA|VAT)$/i;

/**
 * The name of the VAT line: the tax rate's name_on_documents without any percentage in it (the rate
 * printed is the rate's own, so a name never shows another); where that says no more than "VAT" in
 * some language (the default name "MWST 8.1 %" does), the word of the document's language.
 */
export function vatName(nameOnDocuments: string | null | undefined, lang: string): string {
  const name = (nameOnDocuments ?? '')
    .replace(/\s*\d+(?:[.,]\d+)?\s*%/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return name === '' || VAT_WORDS.test(name) ? vatWordFor(lang) : name;
}
