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
  /** the facts of a reminder: when it was written, the invoice's own date and due date, the days since */
  reminderDate: string;
  invoiceDate: string;
  originalDue: string;
  daysOverdue: string;
  /** what the reminder asks for: the final value less what was paid */
  openAmount: string;
  /**
   * the default text of reminder level 1, 2, 3 (the company may set its own); placeholders as fillReminderText fills
   * them
   */
  reminderText: readonly [string, string, string];
  /** "MWST-Nr." beside the UID */
  vatNumber: string;
  /** the VAT line: "MWST 8.1 % auf CHF 2'115.00" */
  vatLine: (name: string, rate: string, currency: string, base: string) => string;
}

export const PDF_LABELS: Readonly<Record<Lang, PdfLabels>> = {
  de: {
    number: 'Nummer',
    date: 'Datum',
    payableUntil: 'Zahlbar bis',
    validUntil: 'Gültig bis',
    customerNumber: 'Kundennummer',
    description: 'Beschreibung',
    quantity: 'Menge',
    unit: 'Einheit',
    price: 'Preis',
    amount: 'Betrag',
    discount: 'Rabatt',
    subtotal: 'Zwischentotal',
    subtotalOf: (t) => `Zwischentotal ${t}`,
    documentDiscount: 'Rabatt',
    totalNet: 'Total exkl. MWST',
    vatIncluded: (n) => `inkl. ${n}`,
    total: 'Total',
    rounding: 'Rundungsdifferenz',
    page: (n, of) => `Seite ${n} von ${of}`,
    continued: 'Fortsetzung',
    placeDate: 'Ort, Datum',
    signature: 'Unterschrift',
    reminder: ['1. Mahnung', '2. Mahnung', '3. Mahnung'],
    reminderDue: 'Bitte bezahlen bis',
    reminderDate: 'Mahndatum',
    invoiceDate: 'Rechnungsdatum',
    originalDue: 'Fällig am',
    daysOverdue: 'Tage überfällig',
    openAmount: 'Offener Betrag',
    reminderText: [
      'Sicher ist es Ihnen entgangen: Unsere Rechnung {number} vom {date} war am {due} zur Zahlung fällig und ist ' +
        'noch offen. ' +
        'Bitte überweisen Sie den offenen Betrag von {amount} bis {pay_by}. Falls Sie bereits bezahlt haben, ' +
        'betrachten Sie dieses Schreiben als gegenstandslos.',
      'Trotz unserer Zahlungserinnerung ist unsere Rechnung {number} vom {date}, fällig am {due}, noch immer ' +
        'nicht bezahlt. ' +
        'Wir bitten Sie dringend, den offenen Betrag von {amount} bis {pay_by} zu überweisen.',
      'Letzte Mahnung: Unsere Rechnung {number} vom {date}, fällig am {due}, ist trotz zweier Mahnungen ' +
        'nicht bezahlt. ' +
        'Begleichen Sie den offenen Betrag von {amount} spätestens bis {pay_by}. Andernfalls leiten wir ohne ' +
        'weitere Ankündigung die Betreibung ein; die Kosten gehen zu Ihren Lasten.',
    ],
    vatNumber: 'MWST-Nr.',
    vatLine: (n, r, c, b) => `${n} ${r} % auf ${c} ${b}`,
  },
  en: {
    number: 'Number',
    date: 'Date',
    payableUntil: 'Payable until',
    validUntil: 'Valid until',
    customerNumber: 'Customer number',
    description: 'Description',
    quantity: 'Qty',
    unit: 'Unit',
    price: 'Price',
    amount: 'Amount',
    discount: 'Discount',
    subtotal: 'Subtotal',
    subtotalOf: (t) => `Subtotal ${t}`,
    documentDiscount: 'Discount',
    totalNet: 'Total excl. VAT',
    vatIncluded: (n) => `incl. ${n}`,
    total: 'Total',
    rounding: 'Rounding difference',
    page: (n, of) => `Page ${n} of ${of}`,
    continued: 'continued',
    placeDate: 'Place, date',
    signature: 'Signature',
    reminder: ['First reminder', 'Second reminder', 'Third reminder'],
    reminderDue: 'Please pay by',
    reminderDate: 'Reminder date',
    invoiceDate: 'Invoice date',
    originalDue: 'Due on',
    daysOverdue: 'Days overdue',
    openAmount: 'Open amount',
    reminderText: [
      'Perhaps this has escaped your notice: our invoice {number} of {date} was due on {due} and is still open. ' +
        'Please transfer the open amount of {amount} by {pay_by}. If you have paid in the meantime, please ' +
        'disregard this reminder.',
      'Despite our reminder, our invoice {number} of {date}, due on {due}, is still unpaid. ' +
        'We urgently ask you to transfer the open amount of {amount} by {pay_by}.',
      'Final reminder: our invoice {number} of {date}, due on {due}, remains unpaid despite two reminders. ' +
        'Please pay the open amount of {amount} by {pay_by} at the latest. Otherwise we will start debt collection ' +
        'proceedings without further notice, at your expense.',
    ],
    vatNumber: 'VAT no.',
    vatLine: (n, r, c, b) => `${n} ${r} % on ${c} ${b}`,
  },
  fr: {
    number: 'Numéro',
    date: 'Date',
    payableUntil: 'Payable jusqu’au',
    validUntil: 'Valable jusqu’au',
    customerNumber: 'Numéro de client',
    description: 'Description',
    quantity: 'Quantité',
    unit: 'Unité',
    price: 'Prix',
    amount: 'Montant',
    discount: 'Rabais',
    subtotal: 'Sous-total',
    subtotalOf: (t) => `Sous-total ${t}`,
    documentDiscount: 'Rabais',
    totalNet: 'Total hors TVA',
    vatIncluded: (n) => `dont ${n}`,
    total: 'Total',
    rounding: 'Différence d’arrondi',
    page: (n, of) => `Page ${n} sur ${of}`,
    continued: 'suite',
    placeDate: 'Lieu, date',
    signature: 'Signature',
    reminder: ['1er rappel', '2e rappel', '3e rappel'],
    reminderDue: 'Veuillez payer d’ici le',
    reminderDate: 'Date du rappel',
    invoiceDate: 'Date de la facture',
    originalDue: 'Échue le',
    daysOverdue: 'Jours de retard',
    openAmount: 'Montant ouvert',
    reminderText: [
      'Sauf erreur de notre part, notre facture {number} du {date}, échue le {due}, n’a pas encore été réglée. ' +
        'Nous vous prions de bien vouloir verser le montant ouvert de {amount} d’ici le {pay_by}. Si vous avez payé ' +
        'entre-temps, veuillez ne pas tenir compte de ce rappel.',
      'Malgré notre rappel, notre facture {number} du {date}, échue le {due}, reste impayée. ' +
        'Nous vous prions instamment de verser le montant ouvert de {amount} d’ici le {pay_by}.',
      'Dernier rappel : notre facture {number} du {date}, échue le {due}, est toujours impayée malgré deux rappels. ' +
        'Veuillez régler le montant ouvert de {amount} au plus tard le {pay_by}. À défaut, nous engagerons une ' +
        'poursuite sans autre avis ; les frais seront à votre charge.',
    ],
    vatNumber: 'N° TVA',
    vatLine: (n, r, c, b) => `${n} ${r} % sur ${c} ${b}`,
  },
  it: {
    number: 'Numero',
    date: 'Data',
    payableUntil: 'Pagabile entro',
    validUntil: 'Valido fino al',
    customerNumber: 'Numero cliente',
    description: 'Descrizione',
    quantity: 'Quantità',
    unit: 'Unità',
    price: 'Prezzo',
    amount: 'Importo',
    discount: 'Sconto',
    subtotal: 'Subtotale',
    subtotalOf: (t) => `Subtotale ${t}`,
    documentDiscount: 'Sconto',
    totalNet: 'Totale IVA esclusa',
    vatIncluded: (n) => `incl. ${n}`,
    total: 'Totale',
    rounding: 'Differenza di arrotondamento',
    page: (n, of) => `Pagina ${n} di ${of}`,
    continued: 'continua',
    placeDate: 'Luogo, data',
    signature: 'Firma',
    reminder: ['1° sollecito', '2° sollecito', '3° sollecito'],
    reminderDue: 'Si prega di pagare entro il',
    reminderDate: 'Data del sollecito',
    invoiceDate: 'Data della fattura',
    originalDue: 'Scaduta il',
    daysOverdue: 'Giorni di ritardo',
    openAmount: 'Importo aperto',
    reminderText: [
      'Forse le è sfuggito: la nostra fattura {number} del {date}, scaduta il {due}, non è ancora stata pagata. ' +
        'La preghiamo di versare l’importo aperto di {amount} entro il {pay_by}. Se nel frattempo ha già pagato, ' +
        'consideri nullo il presente sollecito.',
      'Nonostante il nostro sollecito, la nostra fattura {number} del {date}, scaduta il {due}, risulta ancora ' +
        'non pagata. ' +
        'La preghiamo urgentemente di versare l’importo aperto di {amount} entro il {pay_by}.',
      'Ultimo sollecito: la nostra fattura {number} del {date}, scaduta il {due}, non è stata pagata nonostante due ' +
        'solleciti. ' +
        'Versi l’importo aperto di {amount} al più tardi entro il {pay_by}. In caso contrario avvieremo senza ' +
        'ulteriore preavviso la procedura esecutiva; le spese saranno a suo carico.',
    ],
    vatNumber: 'N. IVA',
    vatLine: (n, r, c, b) => `${n} ${r} % su ${c} ${b}`,
  },
};

export const labelsFor = (lang: string): PdfLabels => PDF_LABELS[(lang in PDF_LABELS ? lang : 'de') as Lang];
