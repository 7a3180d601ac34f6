// The words a document PDF prints, in the document's language (de, en, fr, it). Pure data; the layout
// in document-pdf.ts reads them, and so may the QR part's language (swissqrbill has its own words).
import type { Lang } from '../domain/documents.js';

export interface PdfLabels {
  number: string;
  date: string;
  payableUntil: string;
  validUntil: string;
  customerNumber: string;
  description: string;
  quantity: string;
  unit: string;
  price: string;
  amount: string;
  discount: string;
  subtotal: string;
  /** "Subtotal Website" under a collection */
  subtotalOf: (title: string) => string;
  documentDiscount: string;
  totalNet: string;
  vatIncluded: (name: string) => string;
  total: string;
  rounding: string;
  page: (n: number, of: number) => string;
  continued: string;
  placeDate: string;
  signature: string;
  /** the heading of an invoice in reminder status 1, 2 or 3 */
  reminder: readonly [string, string, string];
  reminderDue: string;
}

export const PDF_LABELS: Readonly<Record<Lang, PdfLabels>> = {
  de: {
    number: 'Nummer', date: 'Datum', payableUntil: 'Zahlbar bis', validUntil: 'Gültig bis', customerNumber: 'Kundennummer',
    description: 'Beschreibung', quantity: 'Menge', unit: 'Einheit', price: 'Preis', amount: 'Betrag', discount: 'Rabatt',
    subtotal: 'Zwischentotal', subtotalOf: (t) => `Zwischentotal ${t}`, documentDiscount: 'Rabatt', totalNet: 'Total exkl. MWST',
    vatIncluded: (n) => `inkl. ${n}`, total: 'Total', rounding: 'Rundungsdifferenz',
    page: (n, of) => `Seite ${n} von ${of}`, continued: 'Fortsetzung', placeDate: 'Ort, Datum', signature: 'Unterschrift',
    reminder: ['1. Mahnung', '2. Mahnung', '3. Mahnung'], reminderDue: 'Bitte bezahlen bis',
  },
  en: {
    number: 'Number', date: 'Date', payableUntil: 'Payable until', validUntil: 'Valid until', customerNumber: 'Customer number',
    description: 'Description', quantity: 'Qty', unit: 'Unit', price: 'Price', amount: 'Amount', discount: 'Discount',
    subtotal: 'Subtotal', subtotalOf: (t) => `Subtotal ${t}`, documentDiscount: 'Discount', totalNet: 'Total excl. VAT',
    vatIncluded: (n) => `incl. ${n}`, total: 'Total', rounding: 'Rounding difference',
    page: (n, of) => `Page ${n} of ${of}`, continued: 'continued', placeDate: 'Place, date', signature: 'Signature',
    reminder: ['First reminder', 'Second reminder', 'Third reminder'], reminderDue: 'Please pay by',
  },
  fr: {
    number: 'Numéro', date: 'Date', payableUntil: 'Payable jusqu’au', validUntil: 'Valable jusqu’au', customerNumber: 'Numéro de client',
    description: 'Description', quantity: 'Quantité', unit: 'Unité', price: 'Prix', amount: 'Montant', discount: 'Rabais',
    subtotal: 'Sous-total', subtotalOf: (t) => `Sous-total ${t}`, documentDiscount: 'Rabais', totalNet: 'Total hors TVA',
    vatIncluded: (n) => `dont ${n}`, total: 'Total', rounding: 'Différence d’arrondi',
    page: (n, of) => `Page ${n} sur ${of}`, continued: 'suite', placeDate: 'Lieu, date', signature: 'Signature',
    reminder: ['1er rappel', '2e rappel', '3e rappel'], reminderDue: 'Veuillez payer d’ici le',
  },
  it: {
    number: 'Numero', date: 'Data', payableUntil: 'Pagabile entro', validUntil: 'Valido fino al', customerNumber: 'Numero cliente',
    description: 'Descrizione', quantity: 'Quantità', unit: 'Unità', price: 'Prezzo', amount: 'Importo', discount: 'Sconto',
    subtotal: 'Subtotale', subtotalOf: (t) => `Subtotale ${t}`, documentDiscount: 'Sconto', totalNet: 'Totale IVA esclusa',
    vatIncluded: (n) => `incl. ${n}`, total: 'Totale', rounding: 'Differenza di arrotondamento',
    page: (n, of) => `Pagina ${n} di ${of}`, continued: 'continua', placeDate: 'Luogo, data', signature: 'Firma',
    reminder: ['1° sollecito', '2° sollecito', '3° sollecito'], reminderDue: 'Si prega di pagare entro il',
  },
};

export const labelsFor = (lang: string): PdfLabels => PDF_LABELS[(lang in PDF_LABELS ? lang : 'de') as Lang];
