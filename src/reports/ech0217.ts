// The eCH-0217 v2.0 file (namespace http://www.ech.ch/xmlns/eCH-0217/2) a bookkeeper uploads to the
// ESTV portal instead of typing the return: written from the report value of `acct report vat`, box by
// box, so every figure in the file is the report's (one computation, not two). Pure: the caller passes
// the company's settings, the generation time and the sending application.
//
// Element order is the schema's (an xs:sequence is normative); optional amounts are written only when
// not zero. The method element follows the company's method and the period: effectiveReportingMethod;
// netTaxRateMethod for net tax rate periods until 2024, simpleTaxRateMethod (rates with their five-digit
// activity code) from 2025; flatTaxRateMethod (rates with their activity) for the flat tax rate method.
import { ACTIVITY_CODES_FROM, ratePercentText, type VatFiling } from '../domain/vat-settings.js';
import { rappenToDecimal } from './money.js';
import { approvedRateIndex } from './vat-net-tax-rate.js';
import type { Report, ReportRow } from './types.js';

export const ECH0217_NAMESPACE = 'http://www.ech.ch/xmlns/eCH-0217/2';
const ECH0058_NAMESPACE = 'http://www.ech.ch/xmlns/eCH-0058/5';

/** 1 initial submission, 2 correction, 3 annual reconciliation (typeOfSubmission). */
export type SubmissionType = 1 | 2 | 3;

export interface Ech0217Header {
  organisationName: string;
  /** local date and time, YYYY-MM-DDTHH:MM:SS */
  generationTime: string;
  typeOfSubmission: SubmissionType;
  businessReferenceId: string;
  application: { manufacturer: string; product: string; version: string };
}

/** Why a report cannot be written as a file (a figure the schema has no place for). */
export class Ech0217Error extends Error {}

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The UID as the schema types it: CHE-123.456.789 → CHE123456789. */
export const uidForFile = (uid: string): string => uid.replace(/[^A-Z0-9]/gi, '').toUpperCase();

export function ech0217Xml(report: Report, filing: VatFiling, header: Ech0217Header): string {
  const box = boxReader(report);
  const lines: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<eCH-0217:VATDeclaration xmlns:eCH-0217="${ECH0217_NAMESPACE}" xmlns:eCH-0058="${ECH0058_NAMESPACE}">`,
  ];
  const el = (depth: number, name: string, value: string) =>
    lines.push(`${'  '.repeat(depth)}<eCH-0217:${name}>${esc(value)}</eCH-0217:${name}>`);
  const open = (depth: number, name: string) => lines.push(`${'  '.repeat(depth)}<eCH-0217:${name}>`);
  const close = (depth: number, name: string) => lines.push(`${'  '.repeat(depth)}</eCH-0217:${name}>`);
  const money = (depth: number, name: string, rappen: number) => el(depth, name, rappenToDecimal(rappen));
  const ifAny = (depth: number, name: string, rappen: number) => {
    if (rappen !== 0) money(depth, name, rappen);
  };

  open(1, 'generalInformation');
  el(2, 'uid', uidForFile(filing.uid));
  el(2, 'organisationName', header.organisationName);
  el(2, 'generationTime', header.generationTime);
  el(2, 'reportingPeriodFrom', report.from!);
  el(2, 'reportingPeriodTill', report.to);
  el(2, 'typeOfSubmission', String(header.typeOfSubmission));
  el(2, 'formOfReporting', filing.basis === 'agreed' ? '1' : '2');
  el(2, 'businessReferenceId', header.businessReferenceId);
  open(2, 'sendingApplication');
  for (const [name, value] of [
    ['manufacturer', header.application.manufacturer],
    ['product', header.application.product],
    ['productVersion', header.application.version],
  ]) {
    lines.push(`      <eCH-0058:${name}>${esc(value)}</eCH-0058:${name}>`);
  }
  close(2, 'sendingApplication');
  close(1, 'generalInformation');

  open(1, 'turnoverComputation');
  money(2, 'totalConsideration', box.amount(200));
  ifAny(2, 'suppliesToForeignCountries', box.amount(220));
  ifAny(2, 'suppliesAbroad', box.amount(221));
  ifAny(2, 'transferNotificationProcedure', box.amount(225));
  ifAny(2, 'suppliesExemptFromTax', box.amount(230));
  ifAny(2, 'reductionOfConsideration', box.amount(235));
  if (box.amount(280) !== 0) {
    open(2, 'variousDeduction');
    money(3, 'amountVariousDeduction', box.amount(280));
    el(3, 'descriptionVariousDeduction', 'Miscellaneous deductions');
    close(2, 'variousDeduction');
  }
  close(1, 'turnoverComputation');

  const element = methodElement(filing, report.from!);
  open(1, element);
  if (element === 'effectiveReportingMethod') effectiveMethod(box, { el, open, close, money, ifAny });
  else netMethods(element, box, filing, { el, open, close, money, ifAny });
  close(1, element);

  money(1, 'payableTax', box.has(500) ? box.tax(500) : -box.tax(510));
  lines.push('</eCH-0217:VATDeclaration>', '');
  return lines.join('\n');
}

type MethodElement = 'effectiveReportingMethod' | 'netTaxRateMethod' | 'simpleTaxRateMethod' | 'flatTaxRateMethod';

/** The method element the standard prescribes for the company's method and the period's dates. */
export function methodElement(filing: Pick<VatFiling, 'method'>, from: string): MethodElement {
  if (filing.method === 'effective') return 'effectiveReportingMethod';
  if (filing.method === 'flat_tax_rate') return 'flatTaxRateMethod';
  return from >= ACTIVITY_CODES_FROM ? 'simpleTaxRateMethod' : 'netTaxRateMethod';
}

interface Writer {
  el(depth: number, name: string, value: string): void;
  open(depth: number, name: string): void;
  close(depth: number, name: string): void;
  money(depth: number, name: string, rappen: number): void;
  ifAny(depth: number, name: string, rappen: number): void;
}

type BoxReader = ReturnType<typeof boxReader>;

function boxReader(report: Report) {
  const rows = new Map<number, ReportRow>(report.rows.filter((r) => r.kind === 'box').map((r) => [r.box as number, r]));
  const num = (box: number, key: 'amount' | 'tax') => (rows.get(box)?.[key] as number | null | undefined) ?? 0;
  return {
    has: (box: number) => rows.has(box),
    amount: (box: number) => num(box, 'amount'),
    tax: (box: number) => num(box, 'tax'),
    rate: (box: number) => (rows.get(box)?.rate as string | null | undefined) ?? null,
    boxes: () => [...rows.keys()],
  };
}

/** A tax box's turnover and rate, in the schema's taxRate/turnover pair; a box at mixed rates cannot be written. */
function ratePair(w: Writer, box: BoxReader, b: number, name: string, depth: number, before?: () => void): void {
  const rate = box.rate(b);
  if (rate === null)
    throw new Ech0217Error(
      `box ${b} holds bookings at more than one tax rate; the file states one rate per line (book them with one ` +
        `rate per box, or file by hand)`,
    );
  w.open(depth, name);
  before?.();
  w.el(depth + 1, 'taxRate', rate);
  w.money(depth + 1, 'turnover', box.amount(b));
  w.close(depth, name);
}

function effectiveMethod(box: BoxReader, w: Writer): void {
  w.el(2, 'grossOrNet', '1');
  w.ifAny(2, 'opted', box.amount(205));
  for (const b of [302, 303, 312, 313, 342, 343]) if (box.amount(b) !== 0) ratePair(w, box, b, 'suppliesPerTaxRate', 2);
  for (const b of [382, 383]) if (box.amount(b) !== 0) ratePair(w, box, b, 'acquisitionTax', 2);
  w.ifAny(2, 'inputTaxMaterialAndServices', box.tax(400));
  w.ifAny(2, 'inputTaxInvestments', box.tax(405));
  w.ifAny(2, 'subsequentInputTaxDeduction', box.tax(410));
  w.ifAny(2, 'inputTaxCorrections', box.tax(415));
  w.ifAny(2, 'inputTaxReductions', box.tax(420));
}

/**
 * The net, simple and flat tax rate elements: the turnover at each approved rate (a rate without
 * turnover is still stated, so the portal sees both approved rates), then acquisition tax. Export
 * compensation, deemed input tax and margin taxation have no source in the bookings and are left out.
 */
function netMethods(element: MethodElement, box: BoxReader, filing: VatFiling, w: Writer): void {
  const rateBoxes = [322, 323, 332, 333].filter((b) => box.has(b));
  for (const b of rateBoxes) {
    const approved = filing.rates[approvedRateIndex(b)];
    const rate = ratePercentText(approved.rate);
    if (box.rate(b) !== rate)
      throw new Ech0217Error(`box ${b} is at ${box.rate(b)} %, but the company's approved rate is ${rate} %`);
    if (element === 'simpleTaxRateMethod' && !approved.activityCode)
      throw new Ech0217Error(
        `the approved rate ${rate} % has no activity code, which a return from 2025 needs (acct server companies ` +
          `set --vat-net-tax-rates ${rate}:CODE)`,
      );
    const activity =
      element === 'simpleTaxRateMethod'
        ? () => w.el(3, 'activityID', approved.activityCode!)
        : element === 'flatTaxRateMethod'
          ? () => w.el(3, 'activity', approved.activityCode ?? '')
          : undefined;
    ratePair(w, box, b, 'suppliesPerTaxRate', 2, activity);
  }
  for (const b of [382, 383]) if (box.amount(b) !== 0) ratePair(w, box, b, 'acquisitionTax', 2);
}
