// POST /proposals/{proposal}/split-invoices: a proposal into invoices, one per part (actions/document-defaults.ts).
import type { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { companyScopeOf } from '../context.js';
import { splitInvoices } from '../actions/document-defaults.js';
import { rappenToNumber } from '../domain/money.js';
import { notFound } from '../http-error.js';
import { pathId, readBody } from '../request.js';
import { lazy, required, rules, validate, z } from '../validation.js';
import { findDocumentRow } from '../store/documents.js';

const splitSchema = lazy(() =>
  z.object({
    splits: required(
      z
        .array(z.object({ title: required(rules.string(255)), sum: required(rules.money(0, 999999999.99)) }))
        .min(1)
        .max(100),
    ),
  }),
);

export function registerSplitInvoices(r: Hono<AppEnv>): void {
  r.post('/proposals/:proposal/split-invoices', async (c) => {
    const s = companyScopeOf(c);
    const proposal = findDocumentRow(s.db, 'proposal', s.companyId, pathId(c, 'proposal'));
    if (!proposal) throw notFound('Proposal not found.');
    const { splits } = validate(splitSchema(), await readBody(c));
    const ids = splitInvoices(s, Number(proposal.id), splits);
    return c.json(
      ids.map((id) => {
        const row = findDocumentRow(s.db, 'invoice', s.companyId, id)!;
        return { id, number: row.number, title: row.title, final_value: rappenToNumber(Number(row.final_value)) };
      }),
    );
  });
}
