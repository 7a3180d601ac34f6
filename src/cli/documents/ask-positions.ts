// On a terminal, a proposal or invoice created without positions asks for them one after another
// (description, quantity, price, unit; an empty description ends), then shows the document with its
// totals and asks to create it. Loaded only when those questions are asked.
import type { DocumentRecord } from '../../api/endpoints/documents.js';
import { UsageError } from '../../errors.js';
import { formatMoney } from '../../output/format.js';
import { flushHeld } from '../pager.js';
import { documentView } from './view.js';
import { positionOf, priceProblem, quantityProblem, type PositionItem } from './input.js';
import type { KindFacts } from './fields.js';
import { currentIO } from '../io.js';

/** The positions, asked until an empty description; an invoice needs one at least. */
export async function askPositions(k: KindFacts): Promise<PositionItem[]> {
  flushHeld();
  const { input } = await import('@inquirer/prompts');
  const items: PositionItem[] = [];
  for (;;) {
    const n = items.length + 1;
    const description = (
      await input({
        message:
          `Position ${n}, description (empty: ` +
          `${items.length ? 'done' : k.noun === 'invoice' ? 'an invoice needs one' : 'no positions'}):`,
        validate: (t) =>
          t.trim() !== '' || items.length > 0 || k.noun !== 'invoice' || 'an invoice needs at least one position',
      })
    ).trim();
    if (description === '') return items;
    const quantity = await input({
      message: `Position ${n}, quantity:`,
      default: '1',
      validate: (t) => quantityProblem(t) ?? true,
    });
    const price = await input({
      message: `Position ${n}, price:`,
      required: true,
      validate: (t) => priceProblem(t) ?? true,
    });
    const unit = await input({ message: `Position ${n}, unit (h, Stk. …; may stay empty):` });
    items.push(positionOf(description, quantity, price, unit));
  }
}

/**
 * Shows the document the answers make (positions and totals, on stderr) and asks to create it; no is "cancelled" (exit
 * 2).
 */
export async function confirmCreate(k: KindFacts, preview: DocumentRecord): Promise<void> {
  currentIO().err.write(`\n${documentView(preview).join('\n')}\n\n`);
  const { confirm } = await import('@inquirer/prompts');
  const total = `${String(preview.currency ?? 'CHF')} ${formatMoney(preview.final_value as number)}`;
  if (!(await confirm({ message: `Create this ${k.noun} (${total})?`, default: true })))
    throw new UsageError(`cancelled: no ${k.noun} was created`);
}
