// Proposal and invoice PDFs from the running service, read back as a person and a bank's app would:
// the text mupdf extracts shows the number, the customer, each position and the totals; the QR code
// is decoded by zxing-wasm from the rendered page of the real PDF (not from the payload builder) and
// its lines are checked against the invoice. Refusals: 422 naming the IBAN or the creditor field, 404
// for another company's document. Long text: a position of one 60,000-character word renders in
// seconds, broken over lines; while a PDF of hundreds of pages renders (on the worker thread), another
// request is answered. And the build: the service's start does not load pdfkit, the PDF worker does.
// ACCT_PDF_PNG_DIR=/tmp/pdf-look writes the pages as PNG for a look by eye.
import { isValidScor, makeQrr, makeScor } from '../../src/domain/qr-reference.js';
import { qrMessage } from '../../src/domain/qr-bill.js';
import { parseQrPayload } from '../helpers/qr-payload.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCompany, setCompany } from '../../src/server/main.js';
import { run } from '../../src/server/store/db.js';
import { decodeQr, pdfBytes, readPdf, savePages, type ReadPdf } from '../helpers/pdf.js';
import { renderPdf, workerScript } from '../../src/server/render/pdf-renderer.js';
import type { PdfModel } from '../../src/server/render/document-model.js';
import { labelsFor } from '../../src/server/render/labels.js';
import { HttpError } from '../../src/server/http-error.js';
import type { QrBillInput } from '../../src/domain/qr-bill.js';
import { secondTenant, taxRateId, useTestService } from '../helpers/service.js';
import { EXAMPLE_POSITIONS } from '../fixtures/documents.js';

const svc = useTestService();
type Body = Record<string, unknown>;

const db = () => svc.server.db;
const QR_IBAN = 'CH4431999123000889012';
const IBAN = 'CH9300762011623852957';
/** positions that fill three pages with the QR part */
const POSITIONS = 48;
// every seventh position's text is long enough to wrap
const DETAIL = ' — analyse détaillée des besoins, réunions et rapport écrit';

/** A company with a full creditor address and the primary bank account's IBAN. */
async function company(
  name: string,
  iban: string | null = QR_IBAN,
  creditor: Parameters<typeof setCompany>[2] = {},
): Promise<number> {
  const id = addCompany(db(), name, 1);
  setCompany(db(), id, {
    creditorName: name,
    creditorStreet: 'Bahnhofstrasse',
    creditorBuilding: '12',
    creditorZip: '8001',
    creditorCity: 'Zürich',
    creditorCountry: 'CH',
    ...creditor,
  });
  run(db(), 'UPDATE accounts SET iban = ? WHERE company_id = ? AND number = 1020', iban, id);
  return id;
}
const rate = (companyId: number, name: string) => taxRateId(svc, companyId, name);

async function customer(companyId: number, body: Body): Promise<number> {
  const res = await svc.call('POST', `/companies/${companyId}/customers`, body);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.data.id;
}
async function create(companyId: number, type: 'proposals' | 'invoices', body: Body): Promise<any> {
  const res = await svc.call('POST', `/companies/${companyId}/${type}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (await svc.call('GET', `/companies/${companyId}/${type}/${res.body.id}`)).body.data;
}
async function pdfOf(companyId: number, type: 'proposals' | 'invoices', id: number, look?: string): Promise<ReadPdf> {
  const res = await svc.call('GET', `/companies/${companyId}/${type}/${id}/pdf`);
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  expect(Object.keys(res.body)).toEqual(['base64', 'fileName']);
  const pdf = readPdf(pdfBytes(res.body.base64));
  if (look) savePages(pdf, look);
  return pdf;
}
/** The QR code's payload lines on a page, decoded from the rendered page. */
async function qrLines(pdf: ReadPdf, page: number): Promise<string[] | undefined> {
  const codes = await decodeQr(pdf.png(page, 200));
  expect(codes.length).toBeLessThanOrEqual(1);
  return codes[0]?.split(/\r?\n/);
}
const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('a one-page invoice in German with a QR-IBAN', () => {
  let c: number;
  let inv: any;
  let pdf: ReadPdf;
  beforeAll(async () => {
    c = await company('Muster Treuhand GmbH');
    const cust = await customer(c, {
      name: 'Beispiel AG',
      street: 'Seestrasse 5',
      zip: '6003',
      city: 'Luzern',
      country: 'CH',
    });
    inv = await create(c, 'invoices', {
      customer_id: cust,
      title: 'Website',
      lang: 'de',
      tax_rate_id: rate(c, 'MWST 8.1 %'),
      discount_rate: 2,
      add_rounding_difference: true,
      positions: EXAMPLE_POSITIONS,
      remarks_top: 'Vielen Dank für Ihren Auftrag.',
      remarks: 'Freundliche Grüsse',
    });
    pdf = await pdfOf(c, 'invoices', inv.id, 'invoice-de-1page');
  });

  it('answers the file name and a PDF data URL of one page', async () => {
    const res = await svc.call('GET', `/companies/${c}/invoices/${inv.id}/pdf`);
    expect(res.body.fileName).toBe(`${inv.number}.pdf`);
    expect(res.body.base64).toMatch(/^data:application\/pdf;base64,JVBERi0/);
    expect(pdf.pages).toBe(1);
  });

  it('shows the addresses, title, number, dates, each position, the subtotal and the totals', () => {
    const text = flat(pdf.text[0]);
    for (const s of [
      'Muster Treuhand GmbH',
      'Bahnhofstrasse 12',
      '8001 Zürich',
      'Beispiel AG',
      'Seestrasse 5',
      '6003 Luzern',
      'Website',
      inv.number,
      inv.formatted.date,
      `Zahlbar bis ${inv.formatted.payable_until}`,
      'Vielen Dank für Ihren Auftrag.',
      'Konzept und Design',
      '12.5',
      '150.00',
      "1'875.00",
      'Umsetzung',
      '360.00',
      "Zwischentotal Website 2'235.00",
      'Hosting 2026',
      'Rabatt 10 %',
      '432.00',
      'Zahlbar innert 30 Tagen',
      "Zwischentotal 2'667.00 Rabatt 2 % -53.34 Total exkl. MWST 2'613.66 MWST 8.1 % auf CHF 2'613.66 211.71 " +
        "Rundungsdifferenz -0.02 Total CHF 2'825.35",
      'Freundliche Grüsse',
    ])
      expect(text).toContain(s);
    // the total once: not the total before rounding too
    expect(text).not.toContain("2'825.37");
  });

  it('ends with the QR-bill payment part whose code carries the invoice', async () => {
    expect(flat(pdf.text[0])).toMatch(/Empfangsschein.*Zahlteil/);
    const lines = await qrLines(pdf, 0);
    expect(lines).toEqual([
      'SPC',
      '0200',
      '1',
      QR_IBAN,
      'S',
      'Muster Treuhand GmbH',
      'Bahnhofstrasse',
      '12',
      '8001',
      'Zürich',
      'CH',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '2825.35',
      'CHF',
      'S',
      'Beispiel AG',
      'Seestrasse 5',
      '',
      '6003',
      'Luzern',
      'CH',
      'QRR',
      makeQrr(c, inv.id),
      `${inv.number} Website`,
      'EPD',
    ]);
    // the payload the service builds itself (GET …/qr) is the one the PDF's code carries
    const qr = await svc.call('GET', `/companies/${c}/invoices/${inv.id}/qr`);
    expect(qr.status).toBe(200);
    expect(qr.body.payload.split('\n')).toEqual(lines);
  });
});

describe('a three-page invoice in French, EUR, SCOR reference, without debtor', () => {
  let inv: any;
  let pdf: ReadPdf;
  beforeAll(async () => {
    const c = await company('Atelier Dupont Sàrl', IBAN, {
      creditorStreet: 'Rue du Marché',
      creditorBuilding: '3',
      creditorZip: '1204',
      creditorCity: 'Genève',
    });
    const cust = await customer(c, {
      name: 'Société Exemple SA',
      street: 'Avenue de la Gare 10',
      zip: '1003',
      city: 'Lausanne',
    });
    const positions = Array.from({ length: POSITIONS }, (_, i) => ({
      description: `Travaux de maintenance, lot ${i + 1}${i % 7 === 0 ? DETAIL : ''}`,
      amount: 1 + (i % 4),
      price: 85,
      unit: 'h',
      date: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`,
    }));
    inv = await create(c, 'invoices', {
      customer_id: cust,
      lang: 'fr',
      currency: 'EUR',
      without_debitor_on_qr: true,
      positions,
    });
    pdf = await pdfOf(c, 'invoices', inv.id, 'invoice-fr-3pages');
  });

  it('breaks onto three pages, the table header on each, every position shown once', () => {
    expect(pdf.pages).toBe(3);
    for (const page of pdf.text) expect(flat(page)).toMatch(/Description Quantité Unité Prix Montant EUR/);
    const all = flat(pdf.text.join(' '));
    for (let i = 1; i <= POSITIONS; i++) expect(all.match(new RegExp(`lot ${i}\\b`, 'g'))).toHaveLength(1);
    expect(all).toContain(`Facture ${inv.number}`);
    expect(all).toContain('Page 3 sur 3');
    expect(all).toContain(`Total EUR ${inv.final_value_formatted.replace('EUR ', '')}`);
  });

  it('has the QR part on the last page only, with SCOR, EUR and no debtor', async () => {
    expect(await qrLines(pdf, 0)).toBeUndefined();
    expect(flat(pdf.text[2])).toMatch(/Récépissé.*Section paiement/);
    const lines = (await qrLines(pdf, 2))!;
    expect(lines.slice(0, 11)).toEqual([
      'SPC',
      '0200',
      '1',
      IBAN,
      'S',
      'Atelier Dupont Sàrl',
      'Rue du Marché',
      '3',
      '1204',
      'Genève',
      'CH',
    ]);
    expect(lines.slice(18, 20)).toEqual([inv.final_value.toFixed(2), 'EUR']);
    expect(lines.slice(20, 27)).toEqual(['', '', '', '', '', '', '']);
    expect(lines.slice(27)).toEqual(['SCOR', inv.reference, inv.number, 'EPD']);
    expect(isValidScor(inv.reference)).toBe(true);
  });
});

describe('a proposal with a signature field', () => {
  it('shows valid until, the positions, the total and the signature lines, and no QR part', async () => {
    const c = await company('Muster Treuhand GmbH');
    const cust = await customer(c, {
      name: 'Beispiel AG',
      invoice_address: 'Beispiel AG\nBuchhaltung\nPostfach 12\n6002 Luzern',
    });
    const p = await create(c, 'proposals', {
      customer_id: cust,
      lang: 'de',
      with_signature: true,
      signature_remark: 'Mit Ihrer Unterschrift erteilen Sie uns den Auftrag.',
      positions: [
        { description: 'Jahresabschluss 2025', amount: 1, price: 2400 },
        { description: 'Steuererklärung', amount: 1, price: 650 },
      ],
    });
    const pdf = await pdfOf(c, 'proposals', p.id, 'proposal-de-signature');
    const text = flat(pdf.text[0]);
    for (const s of [
      `Offerte ${p.number}`,
      'Beispiel AG Buchhaltung Postfach 12 6002 Luzern',
      `Gültig bis ${p.formatted.valid_until}`,
      'Jahresabschluss 2025',
      "2'400.00",
      'Steuererklärung',
      '650.00',
      "Total CHF 3'050.00",
      'Mit Ihrer Unterschrift erteilen Sie uns den Auftrag.',
      'Ort, Datum',
      'Unterschrift',
    ])
      expect(text).toContain(s);
    expect(text).not.toContain('Zahlteil');
    expect(await qrLines(pdf, 0)).toBeUndefined();
  });
});

describe('an order confirmation', () => {
  it('is titled as one and no longer shows valid until', async () => {
    const c = await company('Muster Treuhand GmbH');
    const cust = await customer(c, { name: 'Beispiel AG', street: 'Seestrasse 5', zip: '6003', city: 'Luzern' });
    const p = await create(c, 'proposals', {
      customer_id: cust,
      lang: 'fr',
      positions: [{ description: 'Audit', amount: 1, price: 900 }],
    });
    for (const s of ['sent', 'accepted', 'confirmation'])
      expect((await svc.call('GET', `/companies/${c}/proposals/${p.id}/mark-as?status=${s}`)).status).toBe(200);
    const text = flat((await pdfOf(c, 'proposals', p.id, 'confirmation-fr')).text[0]);
    expect(text).toContain(`Confirmation de commande ${p.number}`);
    expect(text).not.toContain(p.formatted.valid_until);
  });
});

describe('reminders, currencies without a QR part, refusals', () => {
  let c: number;
  let cust: number;
  beforeAll(async () => {
    c = await company('Studio Rossi', IBAN);
    cust = await customer(c, { name: 'Client Exemple SA', street: 'Rue Centrale 1', zip: '2000', city: 'Neuchâtel' });
  });
  const invoice = (body: Body = {}) =>
    create(c, 'invoices', {
      customer_id: cust,
      lang: 'fr',
      positions: [{ description: 'Conseil', amount: 2, price: 150 }],
      ...body,
    });

  it('titles an invoice in reminder status by its level and keeps the QR part', async () => {
    const inv = await invoice();
    for (const s of ['sent', 'reminder_one', 'reminder_two'])
      expect((await svc.call('GET', `/companies/${c}/invoices/${inv.id}/mark-as?status=${s}`)).status).toBe(200);
    const pdf = await pdfOf(c, 'invoices', inv.id, 'reminder-fr');
    const text = flat(pdf.text[0]);
    expect(text).toContain('2e rappel');
    expect(text).toContain(`Facture ${inv.number}`);
    expect(text).toContain('Veuillez payer d’ici le');
    const lines = (await qrLines(pdf, 0))!;
    expect(lines.slice(18, 20)).toEqual(['300.00', 'CHF']);
    expect(lines.slice(20, 27)).toEqual(['S', 'Client Exemple SA', 'Rue Centrale 1', '', '2000', 'Neuchâtel', 'CH']);
    expect(lines.slice(27)).toEqual(['SCOR', makeScor(c, inv.id), inv.number, 'EPD']);
  });

  it('cuts a long title in the QR message to 140 characters, the number kept first', async () => {
    const title = `Wartung und Weiterentwicklung der Website ${'mit Inhaltspflege, '.repeat(8)}Ende`; // 198 characters
    const inv = await invoice({ title });
    const lines = (await qrLines(await pdfOf(c, 'invoices', inv.id), 0))!;
    const message = lines[29];
    expect(message).toBe(qrMessage(inv.number, title));
    expect(message.length).toBe(140);
    expect(message.startsWith(`${inv.number} Wartung und Weiterentwicklung`)).toBe(true);
  });

  it('English reminders and labels', async () => {
    const inv = await invoice({ lang: 'en' });
    for (const s of ['sent', 'reminder_one'])
      await svc.call('GET', `/companies/${c}/invoices/${inv.id}/mark-as?status=${s}`);
    const text = flat((await pdfOf(c, 'invoices', inv.id)).text[0]);
    expect(text).toContain('First reminder');
    expect(text).toMatch(/Receipt.*Payment part/);
  });

  it('gives invoices in USD or GBP no QR part', async () => {
    const inv = await invoice({ currency: 'USD' });
    const pdf = await pdfOf(c, 'invoices', inv.id);
    expect(flat(pdf.text[0])).toContain('Total USD 300.00');
    expect(flat(pdf.text[0])).not.toContain('Récépissé');
    expect(await qrLines(pdf, 0)).toBeUndefined();
  });

  /** The 422 of a PDF that cannot carry its QR-bill: every problem, keyed by field. */
  const refused = async (inv: any) => {
    const res = await svc.call('GET', `/companies/${c}/invoices/${inv.id}/pdf`);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.message).toBe(Object.values(res.body.errors as Record<string, string[]>)[0][0]);
    return res.body.errors as Record<string, string[]>;
  };

  it('answers 422 naming the bank account and the fix when its IBAN is foreign, broken or missing', async () => {
    const inv = await invoice();
    try {
      run(db(), 'UPDATE accounts SET iban = ? WHERE company_id = ? AND number = 1020', 'DE89370400440532013000', c);
      expect(await refused(inv)).toEqual({
        'bank_account.iban': [
          `bank account 1020 IBAN DE89370400440532013000 is not from Switzerland or Liechtenstein, which a ` +
            `QR-bill needs: acct invoices update ${inv.number} --bank-account … or acct accounts update 1020 --iban …`,
        ],
      });
      run(db(), 'UPDATE accounts SET iban = ? WHERE company_id = ? AND number = 1020', 'CH9300762011623852958', c);
      expect((await refused(inv))['bank_account.iban'][0]).toMatch(
        /^bank account 1020 IBAN CH9300762011623852958 is not a valid IBAN \(format or check digits\)/,
      );
      run(db(), 'UPDATE accounts SET iban = NULL WHERE company_id = ? AND number = 1020', c);
      expect(await refused(inv)).toEqual({
        'bank_account.iban': ['bank account 1020 has no IBAN: acct accounts update 1020 --iban …'],
      });
    } finally {
      run(db(), 'UPDATE accounts SET iban = ? WHERE company_id = ? AND number = 1020', IBAN, c);
    }
  });

  it('answers 422 naming a missing part of the creditor address and the command that sets it', async () => {
    const inv = await invoice();
    run(db(), 'UPDATE companies SET creditor_street = NULL WHERE id = ?', c);
    try {
      expect(await refused(inv)).toEqual({
        'creditor.street': [`creditor street missing: acct server companies set ${c} --creditor-street …`],
      });
    } finally {
      run(db(), "UPDATE companies SET creditor_street = 'Rue Centrale' WHERE id = ?", c);
    }
  });

  it('answers 422 naming the customer that has no zip; without the debtor on the QR-bill the PDF is made', async () => {
    const noZip = await customer(c, { name: 'Ohne PLZ GmbH', number: 1003, street: 'Hauptgasse 1', city: 'Bern' });
    const inv = await create(c, 'invoices', {
      customer_id: noZip,
      positions: [{ description: 'Conseil', amount: 1, price: 100 }],
    });
    expect(await refused(inv)).toEqual({
      'debtor.zip': ['customer 1003 has no zip: acct customers update 1003 --zip …'],
    });
    await svc.call('PUT', `/companies/${c}/invoices/${inv.id}`, { without_debitor_on_qr: true });
    expect((await svc.call('GET', `/companies/${c}/invoices/${inv.id}/pdf`)).status).toBe(200);
  });

  it('GET …/qr answers the same 422 as the PDF, and 400 for a currency without a QR-bill', async () => {
    run(db(), 'UPDATE accounts SET iban = NULL WHERE company_id = ? AND number = 1020', c);
    try {
      const inv = await invoice();
      const res = await svc.call('GET', `/companies/${c}/invoices/${inv.id}/qr`);
      expect([res.status, Object.keys(res.body.errors)]).toEqual([422, ['bank_account.iban']]);
    } finally {
      run(db(), 'UPDATE accounts SET iban = ? WHERE company_id = ? AND number = 1020', IBAN, c);
    }
    const usd = await invoice({ currency: 'USD' });
    expect((await svc.call('GET', `/companies/${c}/invoices/${usd.id}/qr`)).status).toBe(400);
    const fr = await invoice();
    const fields = parseQrPayload((await svc.call('GET', `/companies/${c}/invoices/${fr.id}/qr`)).body.payload);
    expect(fields).toMatchObject({
      currency: 'CHF',
      amountRappen: 30000,
      referenceType: 'SCOR',
      reference: makeScor(c, fr.id),
      message: fr.number,
    });
  });

  it('an amount over what a QR-bill takes cannot arise: the document total is bounded at the QR maximum', async () => {
    // 1'999'999'980.00: refused when the invoice is made (docs/service.md, Money), so no PDF can meet it
    const res = await svc.call('POST', `/companies/${c}/invoices`, {
      customer_id: cust,
      positions: [{ description: 'Grossprojekt', amount: 2000, price: 999999.99 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.positions[0]).toMatch(/must not be greater than 999'999'999\.99/);
  });

  it("answers 404 for another company's document", async () => {
    const other = secondTenant(svc);
    const inv = await invoice();
    const theirs = await svc.call('GET', `/companies/${other.company}/invoices/${inv.id}/pdf`, undefined, {
      token: other.user.token,
    });
    expect(theirs.status).toBe(404);
    expect((await svc.call('GET', `/companies/${c}/proposals/999999/pdf`)).status).toBe(404);
  });
});

describe('what Swiss VAT law, banks and customers read, in de, fr, it and en', () => {
  const UID = 'CHE-123.456.788';
  /** how each language says it: the UID's label and suffix, the VAT line, the single total, a first reminder */
  const LANGS = {
    de: {
      uid: `MWST-Nr. ${UID} MWST`,
      totals: "Zwischentotal 2'115.00 MWST 8.1 % auf CHF 2'115.00 171.32 Rundungsdifferenz -0.02 Total CHF 2'286.30",
      total: 'Total CHF',
      reminder: '1. Mahnung',
      open: "Offener Betrag CHF 2'286.30",
      facts:
        'Mahndatum 16.02.2026 Rechnungsdatum 05.01.2026 Kundennummer 1 Fällig am 04.02.2026 Tage überfällig 12 ' +
        'Bitte bezahlen bis 26.02.2026',
      text:
        'Sicher ist es Ihnen entgangen: Unsere Rechnung {number} vom 05.01.2026 war am 04.02.2026 zur ' +
        "Zahlung fällig und ist noch offen. Bitte überweisen Sie den offenen Betrag von CHF 2'286.30 bis 26.02.2026.",
    },
    fr: {
      uid: `N° TVA ${UID} TVA`,
      totals: "Sous-total 2'115.00 TVA 8.1 % sur CHF 2'115.00 171.32 Différence d’arrondi -0.02 Total CHF 2'286.30",
      total: 'Total CHF',
      reminder: '1er rappel',
      open: "Montant ouvert CHF 2'286.30",
      facts:
        'Date du rappel 16.02.2026 Date de la facture 05.01.2026 Numéro de client 1 Échue le 04.02.2026 Jours ' +
        'de retard 12 Veuillez payer d’ici le 26.02.2026',
      text:
        'Sauf erreur de notre part, notre facture {number} du 05.01.2026, échue le 04.02.2026, n’a pas ' +
        "encore été réglée. Nous vous prions de bien vouloir verser le montant ouvert de CHF 2'286.30 d’ici le " +
        '26.02.2026.',
    },
    it: {
      uid: `N. IVA ${UID} IVA`,
      totals:
        "Subtotale 2'115.00 IVA 8.1 % su CHF 2'115.00 171.32 Differenza di arrotondamento -0.02 Totale CHF 2'286.30",
      total: 'Totale CHF',
      reminder: '1° sollecito',
      open: "Importo aperto CHF 2'286.30",
      facts:
        'Data del sollecito 16.02.2026 Data della fattura 05.01.2026 Numero cliente 1 Scaduta il 04.02.2026 ' +
        'Giorni di ritardo 12 Si prega di pagare entro il 26.02.2026',
      text:
        'Forse le è sfuggito: la nostra fattura {number} del 05.01.2026, scaduta il 04.02.2026, non è ' +
        "ancora stata pagata. La preghiamo di versare l’importo aperto di CHF 2'286.30 entro il 26.02.2026.",
    },
    en: {
      uid: `VAT no. ${UID} VAT`,
      totals: "Subtotal 2'115.00 VAT 8.1 % on CHF 2'115.00 171.32 Rounding difference -0.02 Total CHF 2'286.30",
      total: 'Total CHF',
      reminder: 'First reminder',
      open: "Open amount CHF 2'286.30",
      facts:
        'Reminder date 16.02.2026 Invoice date 05.01.2026 Customer number 1 Due on 04.02.2026 Days overdue 12 ' +
        'Please pay by 26.02.2026',
      text:
        'Perhaps this has escaped your notice: our invoice {number} of 05.01.2026 was due on 04.02.2026 and ' +
        "is still open. Please transfer the open amount of CHF 2'286.30 by 26.02.2026.",
    },
  } as const;

  let c: number;
  let cust: number;
  beforeAll(async () => {
    c = await company('Muster Treuhand GmbH');
    setCompany(db(), c, { vatNumber: UID });
    cust = await customer(c, {
      name: 'Beispiel AG',
      number: 1,
      street: 'Seestrasse 5',
      zip: '6003',
      city: 'Luzern',
      country: 'CH',
    });
  });
  /** 14.1 h at 150.00 = 2'115.00, MWST 8.1 % 171.32 (171.315), 2'286.32 rounded to 2'286.30 */
  const invoice = (lang: string, body: Body = {}) =>
    create(c, 'invoices', {
      customer_id: cust,
      lang,
      date: '2026-01-05',
      payable_until: '2026-02-04',
      tax_rate_id: rate(c, 'MWST 8.1 %'),
      add_rounding_difference: true,
      positions: [{ description: 'Beratung', amount: 14.1, price: 150, unit: 'h' }],
      ...body,
    });
  /** Moves the invoice through `statuses`, each reminder dated 16.02.2026 (its activity), due 26.02.2026. */
  const remind = async (inv: any, statuses: string[]) => {
    for (const s of statuses) {
      expect(
        (await svc.call('GET', `/companies/${c}/invoices/${inv.id}/mark-as?status=${s}&reminder_due_date=2026-02-26`))
          .status,
      ).toBe(200);
    }
    run(
      db(),
      "UPDATE activities SET created_at = '2026-02-16T09:00:00.000000Z' WHERE document_type = 'invoice' " +
        "AND document_id = ? AND message LIKE 'Reminder % sent'",
      inv.id,
    );
  };

  for (const [lang, l] of Object.entries(LANGS)) {
    it(
      `${lang}: the UID with its suffix, the VAT line with rate and base, the total once; the QR code carries the ` +
        `final value`,
      async () => {
        const inv = await invoice(lang);
        const pdf = await pdfOf(c, 'invoices', inv.id, `law-invoice-${lang}`);
        const text = flat(pdf.text[0]);
        expect(text).toContain(l.uid);
        expect(text).toContain(l.totals);
        expect(text.split(l.total)).toHaveLength(2);
        expect(text).not.toMatch(/MWST 8\.1 % 171/);
        expect((await qrLines(pdf, 0))!.slice(18, 20)).toEqual(['2286.30', 'CHF']);
      },
    );

    it(
      `${lang}: a reminder reads like one: its text with the invoice's dates and the open amount, the days ` +
        `overdue; the QR code asks for the open amount`,
      async () => {
        const inv = await invoice(lang);
        await remind(inv, ['sent', 'reminder_one']);
        const pdf = await pdfOf(c, 'invoices', inv.id, `law-reminder-${lang}`);
        const text = flat(pdf.text[0]);
        expect(text).toContain(l.reminder);
        expect(text).toContain(l.facts);
        expect(text).toContain(`${l.uid}`);
        expect(text).toContain(l.text.replace('{number}', inv.number));
        expect(text).toContain(l.open);
        expect(text.split(l.total)).toHaveLength(2);
        expect((await qrLines(pdf, 0))!.slice(18, 20)).toEqual(['2286.30', 'CHF']);
      },
    );
  }

  it(
    "a second reminder is firmer, the third names the consequence; the company's own text replaces the default, " +
      'its placeholders filled',
    async () => {
      const inv = await invoice('de');
      await remind(inv, ['sent', 'reminder_one', 'reminder_two']);
      expect(flat((await pdfOf(c, 'invoices', inv.id)).text[0])).toContain(
        `2. Mahnung Rechnung ${inv.number} Trotz unserer Zahlungserinnerung ist unsere Rechnung ${inv.number}`,
      );
      setCompany(db(), c, {
        reminderTextTwo:
          'Wir haben noch keine Zahlung für {number} ({days} Tage überfällig) erhalten: {amount} bis {pay_by}, ' +
          'danke. {unbekannt}',
      });
      try {
        expect(flat((await pdfOf(c, 'invoices', inv.id)).text[0])).toContain(
          `Wir haben noch keine Zahlung für ${inv.number} (12 Tage überfällig) erhalten: CHF 2'286.30 bis ` +
            `26.02.2026, danke. {unbekannt}`,
        );
      } finally {
        setCompany(db(), c, { reminderTextTwo: 'none' });
      }
      await remind(inv, ['reminder_three']);
      const text = flat((await pdfOf(c, 'invoices', inv.id, 'law-reminder-de-3')).text[0]);
      expect(text).toContain('3. Mahnung');
      expect(text).toContain('Andernfalls leiten wir ohne weitere Ankündigung die Betreibung ein');
    },
  );

  it(
    'VAT included: the total once, then "inkl. MWST 8.1 % auf CHF <net>"; a name_on_documents of its own replaces ' +
      'the name, never the rate',
    async () => {
      const inv = await invoice('de', {
        vat_included: true,
        add_rounding_difference: false,
        positions: [{ description: 'Beratung', amount: 1, price: 1081 }],
      });
      expect(flat((await pdfOf(c, 'invoices', inv.id)).text[0])).toContain(
        "Total CHF 1'081.00 inkl. MWST 8.1 % auf CHF 1'000.00 81.00",
      );
      run(db(), "UPDATE tax_rates SET name_on_documents = 'Mehrwertsteuer 7.7 %' WHERE id = ?", rate(c, 'MWST 8.1 %'));
      try {
        for (const lang of ['de', 'fr']) {
          const net = await invoice(lang, { add_rounding_difference: false });
          expect(flat((await pdfOf(c, 'invoices', net.id)).text[0])).toContain(
            `Mehrwertsteuer 8.1 % ${lang === 'de' ? 'auf' : 'sur'} CHF 2'115.00 171.32`,
          );
        }
      } finally {
        run(db(), 'UPDATE tax_rates SET name_on_documents = name WHERE id = ?', rate(c, 'MWST 8.1 %'));
      }
    },
  );

  it('a rounded total without VAT: subtotal, rounding difference, one total (French)', async () => {
    const inv = await invoice('fr', {
      tax_rate_id: null,
      positions: [{ description: 'Conseil', amount: 1, price: 416.04 }],
    });
    const text = flat((await pdfOf(c, 'invoices', inv.id)).text[0]);
    expect(text).toContain('Sous-total 416.04 Différence d’arrondi 0.01 Total CHF 416.05');
    expect(text.split('Total CHF')).toHaveLength(2);
  });

  it('a proposal carries the UID as well', async () => {
    const p = await create(c, 'proposals', {
      customer_id: cust,
      lang: 'it',
      tax_rate_id: rate(c, 'MWST 8.1 %'),
      positions: [{ description: 'Consulenza', amount: 1, price: 100 }],
    });
    const text = flat((await pdfOf(c, 'proposals', p.id, 'law-proposal-it')).text[0]);
    expect(text).toContain(`N. IVA ${UID} IVA`);
    expect(text).toContain('IVA 8.1 % su CHF 100.00 8.10');
  });
});

describe('the PDF worker', () => {
  const model = (over: Partial<PdfModel> = {}): PdfModel => ({
    type: 'invoice',
    lang: 'de',
    labels: labelsFor('de'),
    number: 'R-1',
    heading: 'Rechnung R-1',
    subheading: null,
    reminderText: null,
    sender: ['Muster AG'],
    recipient: ['Beispiel AG'],
    facts: [],
    currency: 'CHF',
    remarksTop: null,
    rows: [
      {
        kind: 'position',
        child: false,
        text: 'Beratung',
        note: null,
        quantity: '1',
        unit: 'h',
        price: '100.00',
        sum: '100.00',
      },
    ],
    totals: [{ label: 'Total CHF', value: '100.00', strong: true }],
    remarks: null,
    signature: null,
    qr: null,
    fileName: 'R-1.pdf',
    ...over,
  });

  it("answers the PDF, or the API's JSON answer holding it", async () => {
    const pdf = await renderPdf(model());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const json = JSON.parse((await renderPdf(model(), 'json')).toString());
    expect(Object.keys(json)).toEqual(['base64', 'fileName']);
    expect(json.fileName).toBe('R-1.pdf');
    expect(readPdf(pdfBytes(json.base64)).text[0]).toContain('Beratung');
  });

  it('passes a refusal of the QR part back as the 422 it is', async () => {
    const qr: QrBillInput = {
      creditor: {
        iban: 'CH93 0076 2011 6238 5295 8',
        name: 'Muster AG',
        street: 'Bahnhofstrasse',
        building: '12',
        zip: '8001',
        city: 'Zürich',
        country: 'CH',
      },
      debtor: null,
      amountRappen: 10000,
      currency: 'CHF',
      references: { qrReference: null, reference: null },
      message: 'R-1',
    };
    const refused = await renderPdf(model({ qr })).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      status: 422,
      errors: { iban: [expect.stringMatching(/^The QR-bill cannot be made/)] },
    });
    // the worker goes on with the next document
    expect((await renderPdf(model())).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the build', () => {
  const dist = join(import.meta.dirname, '../../dist');
  const staticImports = (file: string): string[] =>
    [
      ...readFileSync(file, 'utf8').matchAll(
        /(?:^|[;\n])\s*import\s*(?:[^"'()]*?from\s*)?["'](\.\/[^"']+|\.\.\/[^"']+)["']/g,
      ),
    ].map((m) => join(file, '..', m[1]));

  const dynamicImports = (file: string): string[] =>
    [...readFileSync(file, 'utf8').matchAll(/import\(["'](\.{1,2}\/[^"']+)["']\)/g)]
      .map((m) => join(file, '..', m[1]))
      .filter((f) => existsSync(f));
  /** The files reachable from `start` through `follow`. */
  const reachable = (start: string[], follow: (file: string) => string[]) => {
    const seen = new Set<string>();
    const todo = [...start];
    while (todo.length) {
      const file = todo.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      todo.push(...follow(file));
    }
    return seen;
  };

  it('loads pdfkit and swissqrbill only on use: in the PDF worker, or in a chunk local mode imports', () => {
    const loaded = reachable([join(dist, 'server.js')], staticImports);
    expect(loaded.size).toBeGreaterThan(1);
    for (const file of loaded) expect(readFileSync(file, 'utf8'), file).not.toMatch(/pdfkit|swissqrbill/);
    const onUse = reachable([...loaded], (f) => [...staticImports(f), ...dynamicImports(f)]);
    expect([...onUse].some((f) => !loaded.has(f) && /from\s*["']pdfkit["']/.test(readFileSync(f, 'utf8')))).toBe(true);
    // the renderer, loaded on use, finds the worker's own entry where the build put it
    const renderer = [...onUse].filter(
      (f) => !loaded.has(f) && readFileSync(f, 'utf8').includes('function workerScript'),
    );
    expect(renderer).toHaveLength(1);
    const worker = workerScript(pathToFileURL(renderer[0]).href);
    expect(fileURLToPath(worker)).toBe(join(dist, 'pdf-worker.js'));
    const inWorker = reachable([fileURLToPath(worker)], staticImports);
    expect([...inWorker].some((f) => /from\s*["']pdfkit["']/.test(readFileSync(f, 'utf8')))).toBe(true);
  });
});

describe('long text, and other requests while a PDF renders', () => {
  let c: number;
  let cust: number;
  beforeAll(async () => {
    c = await company('Lang AG');
    cust = await customer(c, {
      name: 'Beispiel AG',
      street: 'Seestrasse 5',
      zip: '6003',
      city: 'Luzern',
      country: 'CH',
    });
  });

  /** One word of `length` characters that repeats nowhere: the base-36 numbers 0, 1, 2, … written one after another. */
  const longWord = (length: number): string => {
    let word = '';
    for (let i = 0; word.length < length; i++) word += i.toString(36);
    return word.slice(0, length);
  };

  it('renders a position of one 60,000-character word within seconds, the word broken across lines', async () => {
    const word = longWord(60_000);
    const inv = await create(c, 'invoices', {
      customer_id: cust,
      title: 'Langes Wort',
      positions: [{ description: word, amount: 1, price: 100 }],
    });
    const started = performance.now();
    const pdf = await pdfOf(c, 'invoices', inv.id, 'invoice-long-word');
    expect(performance.now() - started).toBeLessThan(10_000);
    // the word's lines (nothing but its characters; not the quantity's "1"), read in order over the pages, give the
    // whole word back
    const lines = pdf.text.flatMap((t) => t.split('\n')).filter((l) => /^[0-9a-z]{2,}$/.test(l));
    expect(lines.join('')).toContain(word);
    // broken at the column's width: 50 to 70 characters a line
    expect(lines.length).toBeGreaterThan(600);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(100);
    // the row starts on the first page, under the heading, its figures beside its first line; the total follows it
    expect(pdf.text[0]).toContain(lines[0]);
    expect(flat(pdf.text[0])).toMatch(/Langes Wort .*Beschreibung.* 1 100\.00 100\.00/);
    expect(flat(pdf.text[pdf.pages - 1])).toContain('Total CHF 100.00');
  }, 60_000);

  it('answers another request while big PDFs render, before the PDFs are done', async () => {
    // a big proposal: 250,000 characters of text (about 75 pages), three times
    const paragraph = 'Konzept, Gestaltung und Umsetzung der neuen Website mit allen Unterseiten. ';
    const text = (n: number) => `${paragraph.repeat(Math.ceil(n / paragraph.length)).slice(0, n - 1)}.`;
    const positions = [65_535, 65_535, 65_535, 53_390].map((n) => ({ description: text(n), amount: 1, price: 100 }));
    const prop = await create(c, 'proposals', { customer_id: cust, positions });
    // a small PDF first: what loads on the first PDF (the worker, pdfkit) has loaded before the big ones
    const small = await create(c, 'proposals', {
      customer_id: cust,
      positions: [{ description: 'Klein', amount: 1, price: 1 }],
    });
    await pdfOf(c, 'proposals', small.id);
    const done: string[] = [];
    const bigs = [1, 2, 3].map(() =>
      svc.call('GET', `/companies/${c}/proposals/${prop.id}/pdf`).then((res) => {
        done.push('pdf');
        return res;
      }),
    );
    // by now the first is being drawn (its model is read in milliseconds); drawn on the service's
    // thread, all three would be done before this request is even read
    await sleep(50);
    const me = await svc.call('GET', '/users/me');
    done.push('users/me');
    expect(me.status).toBe(200);
    for (const res of await Promise.all(bigs)) {
      expect(res.status).toBe(200);
      expect(readPdf(pdfBytes(res.body.base64)).pages).toBeGreaterThan(50);
    }
    expect(done.indexOf('users/me')).toBeLessThan(3);
  }, 120_000);
});
