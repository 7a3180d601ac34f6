// The public page of a shared proposal: the document as its PDF shows it (the render model of
// document-model.ts, the words of labels.ts), then the customer's answer: two plain forms, or the
// outcome and its date, or why no answer is taken. One HTML string with its style inline; no script,
// nothing loaded from elsewhere (the route's Content-Security-Policy forbids both), every text escaped.
// Under 600 px wide it is one column; printed, the forms and links drop out.
import { escapeMarkup as esc } from '../../domain/markup.js';
import { dotted } from '../domain/time.js';
import type { PdfModel, PdfRow } from './document-model.js';
import { FAILED, FOREIGN, NOT_ALLOWED, NOT_VALID, shareLabelsFor, TOO_MANY, type ShareLabels } from './share-labels.js';

export interface AnswerForm {
  which: 'accept' | 'decline';
  name: string;
  comment: string;
  errors: { name?: string; comment?: string };
}

/** What the answer part of the page shows. */
export type AnswerState =
  | { kind: 'open'; form?: AnswerForm }
  | { kind: 'expired'; validUntil: string }
  | {
      kind: 'decided';
      status: 'accepted' | 'declined' | 'confirmation';
      /** the decision it stands on, when the activities say: its day (YYYY-MM-DD), and who answered through the link */
      decision?: { decision: 'accepted' | 'declined'; date: string; name: string | null; comment: string | null };
    };

export interface SharePage {
  model: PdfModel;
  /** where the page's links and forms go (absolute paths on this host) */
  paths: { pdf: string; accept: string; decline: string };
  state: AnswerState;
  /** an answer that was not taken (409): the proposal was decided already, or it expired */
  refused?: 'accepted' | 'declined' | 'confirmation' | 'expired';
}

const STYLE = `
:root{--ink:#1d2125;--muted:#5b6470;--line:#dde1e6;--accent:#1f5f8b;--ok:#1e7b3a;--no:#a4372a}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#eef1f4;color:var(--ink);
font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.sheet{max-width:860px;margin:32px auto;background:#fff;padding:48px 56px;border-radius:4px;
box-shadow:0 1px 3px rgba(0,0,0,.08),0 8px 24px rgba(0,0,0,.06)}
.wrap{overflow-wrap:anywhere}
.letterhead{display:flex;justify-content:space-between;align-items:flex-end;gap:24px;
border-bottom:3px solid var(--accent);padding-bottom:14px}
.company{font-size:1.35em;font-weight:700;line-height:1.2}
.sender{color:var(--muted);font-size:.9em;text-align:right;font-style:normal}
.parties{display:flex;justify-content:space-between;align-items:flex-start;gap:24px;margin:36px 0 32px}
.recipient{font-style:normal}
.facts{display:grid;grid-template-columns:auto auto;gap:2px 16px;margin:0;font-size:.92em}
.facts dt{color:var(--muted)}
.facts dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
h1{font-size:1.6em;line-height:1.25;margin:0 0 4px}
.subheading{margin:0 0 8px;color:var(--muted)}
.remarks{white-space:pre-line;margin:16px 0}
table{border-collapse:collapse}
.positions{width:100%;margin:20px 0 8px;font-size:.95em}
.positions th{text-align:left;font-size:.78em;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);
border-bottom:2px solid var(--ink);padding:6px 8px;font-weight:600}
.positions td{padding:8px;border-bottom:1px solid var(--line);vertical-align:top}
.positions th.num,.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.positions .unit{white-space:nowrap}
.positions tr>:first-child{padding-left:0}
.positions tr>:last-child,.totals td:last-child{padding-right:0}
tr.collection td{font-weight:700;padding-top:16px;border-bottom:0}
.positions tr.child td.desc{padding-left:16px}
tr.subtotal td{font-style:italic}
tr.subtotal td.num{font-weight:700;font-style:normal}
tr.text td{color:var(--muted)}
.note{display:block;font-size:.82em;color:var(--muted)}
.totals{margin:8px 0 0 auto;min-width:340px}
.totals td{padding:4px 8px}
.totals tr.strong td{font-weight:700;font-size:1.1em;border-top:2px solid var(--ink);padding-top:8px}
.answer{margin-top:40px;padding:24px;background:#f6f8fa;border:1px solid var(--line);border-radius:6px}
.answer h2{margin:0 0 4px;font-size:1.2em}
.answer .intro{margin:0 0 20px;color:var(--muted)}
.forms{display:grid;grid-template-columns:1fr 1fr;gap:24px}
form{display:flex;flex-direction:column;gap:6px;margin:0}
form h3{margin:0 0 4px;font-size:1em}
label{font-weight:600;font-size:.9em;margin-top:4px}
input,textarea{font:inherit;padding:10px 12px;border:1px solid #b3bcc6;border-radius:4px;width:100%;background:#fff;
color:inherit}
textarea{min-height:84px;resize:vertical}
[aria-invalid=true]{border-color:var(--no)}
button{font:inherit;font-weight:600;padding:12px 16px;margin-top:8px;border-radius:4px;cursor:pointer}
.accept button{background:var(--ok);border:1px solid var(--ok);color:#fff}
.decline button{background:#fff;border:1px solid var(--no);color:var(--no)}
.error{color:var(--no);font-size:.9em;margin:0}
.notice{border-left:4px solid var(--no);background:#fbeeee;padding:12px 16px;margin:0 0 20px}
.outcome{border-left:4px solid var(--ok);padding:4px 0 4px 16px;margin:0}
.outcome.declined{border-left-color:var(--no)}
.outcome p{margin:4px 0}
.outcome .state{font-weight:700;font-size:1.1em}
.outcome blockquote{margin:8px 0;padding:0;white-space:pre-line;color:var(--muted)}
.pdf{margin:24px 0 0}
a{color:var(--accent)}
@media (max-width:600px){
body{background:#fff;font-size:15px}
.sheet{margin:0;padding:20px 16px;border-radius:0;box-shadow:none}
.letterhead,.parties{display:block}
.sender{text-align:left;margin-top:4px}
.parties{margin:24px 0}
.facts{margin-top:16px;grid-template-columns:auto 1fr}
.facts dd{text-align:left}
.positions,.positions tbody{display:block}
.positions{margin-top:12px}
.positions thead{display:none}
.positions tr{display:flex;flex-wrap:wrap;align-items:baseline;gap:0 6px;border-bottom:1px solid var(--line);
padding:8px 0}
.positions td{display:block;padding:0;border:0}
.positions td:empty{display:none}
.positions td.desc{flex:1 0 100%}
.positions tr.child{padding-left:16px}
.positions tr.child td.desc{padding-left:0}
.positions tr.collection{border-bottom:0;padding-top:12px}
.positions tr:first-child{padding-top:0}
.positions tr.subtotal td.desc{flex:1 1 auto}
.positions td.qty,.positions td.unit,.positions td.price{color:var(--muted);font-size:.9em}
.positions td.price:not(:empty)::before{content:"× "}
.positions td.sum{margin-left:auto}
.totals{width:100%;min-width:0}
.totals td{padding-left:0}
.answer{padding:16px;margin-top:28px}
.forms{grid-template-columns:1fr}
}
@media print{
body{background:#fff;font-size:10.5pt}
.sheet{margin:0;padding:0;max-width:none;box-shadow:none}
.forms,.intro,.pdf,.notice,.answer.open{display:none}
.answer{border:0;background:none;padding:0}
tr{break-inside:avoid}
.totals,.answer{break-inside:avoid}
@page{margin:16mm 18mm}
}
`;

const HEAD = (lang: string, title: string) => `<!doctype html>
<html lang="${esc(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="same-origin">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>`;

const lines = (ls: readonly string[]) => ls.map(esc).join('<br>');

function positionRow(row: PdfRow): string {
  const cls = [row.kind, row.child ? 'child' : ''].filter(Boolean).join(' ');
  const note = row.note ? `<span class="note">${esc(row.note)}</span>` : '';
  if (row.kind === 'text' || row.kind === 'collection')
    return `<tr class="${cls}"><td class="desc wrap" colspan="5">${esc(row.text)}</td></tr>`;
  if (row.kind === 'subtotal')
    return (
      `<tr class="${cls}"><td class="desc wrap" colspan="4">${esc(row.text)}</td>` +
      `<td class="num sum">${esc(row.sum)}</td></tr>`
    );
  return (
    `<tr class="${cls}"><td class="desc wrap">${esc(row.text)}${note}</td>` +
    `<td class="num qty">${esc(row.quantity)}</td><td class="unit">${esc(row.unit)}</td>` +
    `<td class="num price">${esc(row.price)}</td><td class="num sum">${esc(row.sum)}</td></tr>`
  );
}

function documentPart(m: PdfModel): string {
  const l = m.labels;
  const facts = m.facts.map(([label, value]) => `<dt>${esc(label)}</dt><dd>${esc(value)}</dd>`).join('');
  const rows = m.rows.map(positionRow).join('\n');
  const totals = m.totals
    .map(
      (t) =>
        `<tr${t.strong ? ' class="strong"' : ''}><td>${esc(t.label)}</td><td class="num">${esc(t.value)}</td></tr>`,
    )
    .join('\n');
  const head =
    `<thead><tr><th>${esc(l.description)}</th><th class="num">${esc(l.quantity)}</th><th>${esc(l.unit)}</th>` +
    `<th class="num">${esc(l.price)}</th><th class="num">${esc(`${l.amount} ${m.currency}`)}</th></tr></thead>`;
  return `<header class="letterhead wrap">
<div class="company">${esc(m.sender[0] ?? '')}</div>
<address class="sender">${lines(m.sender.slice(1))}</address>
</header>
<div class="parties">
<address class="recipient wrap">${lines(m.recipient)}</address>
<dl class="facts">${facts}</dl>
</div>
<h1 class="wrap">${esc(m.heading)}</h1>
${m.subheading ? `<p class="subheading wrap">${esc(m.subheading)}</p>` : ''}
${m.remarksTop ? `<p class="remarks wrap">${esc(m.remarksTop)}</p>` : ''}
<table class="positions">
${head}
<tbody>
${rows}
</tbody>
</table>
<table class="totals">
${totals}
</table>
${m.remarks ? `<p class="remarks wrap">${esc(m.remarks)}</p>` : ''}`;
}

function answerForm(which: 'accept' | 'decline', action: string, s: ShareLabels, form: AnswerForm | undefined): string {
  const mine = form?.which === which ? form : undefined;
  const id = (field: string) => `${which}-${field}`;
  const error = (field: 'name' | 'comment') =>
    mine?.errors[field] ? `<p class="error" id="${id(field)}-error">${esc(mine.errors[field]!)}</p>` : '';
  const invalid = (field: 'name' | 'comment') =>
    mine?.errors[field] ? ` aria-invalid="true" aria-describedby="${id(field)}-error"` : '';
  const nameInput =
    `<input id="${id('name')}" name="name" type="text" required maxlength="255" autocomplete="name" ` +
    `value="${esc(mine?.name ?? '')}"${invalid('name')}>`;
  const commentInput =
    `<textarea id="${id('comment')}" name="comment" maxlength="5000" rows="3"${invalid('comment')}>` +
    `${esc(mine?.comment ?? '')}</textarea>`;
  return `<form class="${which}" method="post" action="${esc(action)}#answer">
<h3>${esc(which === 'accept' ? s.accept : s.decline)}</h3>
<label for="${id('name')}">${esc(s.name)}</label>
${nameInput}
${error('name')}
<label for="${id('comment')}">${esc(s.comment)}</label>
${commentInput}
${error('comment')}
<button type="submit">${esc(which === 'accept' ? s.acceptButton : s.declineButton)}</button>
</form>`;
}

function answerPart(page: SharePage, s: ShareLabels): string {
  const { model: m, state } = page;
  const company = m.sender[0] ?? '';
  const already = page.refused && page.refused !== 'expired' ? ` ${esc(s.already[page.refused])}` : '';
  const notice = page.refused ? `<p class="notice" role="alert"><strong>${esc(s.notTaken)}</strong>${already}</p>` : '';
  let body: string;
  if (state.kind === 'open') {
    body = `<h2>${esc(s.answer)}</h2>
<p class="intro wrap">${esc(s.answerIntro(company))}</p>
<div class="forms">
${answerForm('accept', page.paths.accept, s, state.form)}
${answerForm('decline', page.paths.decline, s, state.form)}
</div>`;
  } else if (state.kind === 'expired') {
    body =
      `<div class="outcome declined wrap"><p class="state">${esc(s.expired(dotted(state.validUntil)))}</p>` +
      `<p>${esc(s.contact(company))}</p></div>`;
  } else {
    const d = state.decision;
    const outcome = d?.decision ?? (state.status === 'declined' ? 'declined' : 'accepted');
    const parts: string[] = [];
    if (d) {
      const said = outcome === 'accepted' ? s.accepted(dotted(d.date)) : s.declined(dotted(d.date));
      parts.push(`<p class="state">${esc(d.name ? `${said} ${s.by(d.name)}` : said)}</p>`);
      if (d.comment) parts.push(`<blockquote>${esc(d.comment)}</blockquote>`);
      if (d.name) parts.push(`<p>${esc(outcome === 'accepted' ? s.thanksAccepted : s.thanksDeclined)}</p>`);
    }
    if (state.status === 'confirmation') parts.push(`<p${d ? '' : ' class="state"'}>${esc(s.confirmation)}</p>`);
    body = `<div class="outcome ${outcome} wrap">${parts.join('\n')}</div>`;
  }
  return `<section class="answer${state.kind === 'open' ? ' open' : ''}" id="answer">
${notice}${body}
</section>`;
}

/** The whole page of a shared proposal. */
export function sharePageHtml(page: SharePage): string {
  const s = shareLabelsFor(page.model.lang);
  const title = `${page.model.heading} · ${page.model.sender[0] ?? ''}`;
  return `${HEAD(page.model.lang, title)}
<body>
<main class="sheet">
${documentPart(page.model)}
${answerPart(page, s)}
<p class="pdf"><a href="${esc(page.paths.pdf)}">${esc(s.pdf)}</a></p>
</main>
</body>
</html>
`;
}

/**
 * The page of a proposal whose company's subscription expired (402): in the proposal's language, that
 * it is not available and whom to ask; nothing of the offer itself.
 */
export function unavailableHtml(lang: string, company: string): string {
  const s = shareLabelsFor(lang);
  return `${HEAD(lang, '402')}
<body>
<main class="sheet">
<div class="outcome declined wrap"><p class="state">${esc(s.unavailable)}</p><p>${esc(s.contact(company))}</p></div>
</main>
</body>
</html>
`;
}

/** A page that knows no proposal: its line in each language. */
function plainPage(title: string, said: readonly string[]): string {
  return `${HEAD('de', title)}
<body>
<main class="sheet">
${said.map((line, i) => `<p lang="${['de', 'en', 'fr', 'it'][i]}">${esc(line)}</p>`).join('\n')}
</main>
</body>
</html>
`;
}

/** Unknown or disabled link: names nothing. */
export const notFoundHtml = (): string => plainPage('404', NOT_VALID);
export const tooManyHtml = (): string => plainPage('429', TOO_MANY);
export const notAllowedHtml = (): string => plainPage('405', NOT_ALLOWED);
export const failedHtml = (): string => plainPage('500', FAILED);
/** An answer posted from another site (403). */
export const foreignHtml = (): string => plainPage('403', FOREIGN);
