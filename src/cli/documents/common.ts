// What the document verbs share once they run: the documents named on the command line, the request
// body the field flags give, a product as a position, and a document printed as a bookkeeper reads it
// (a table) or as the record (json, ndjson, tsv, csv).
import type { DocumentKind, DocumentRecord } from '../../api/endpoints/documents.js';
import { productPaths } from '../../api/endpoints/products.js';
import type { ApiClient } from '../../api/http.js';
import { rappenToString, toRappen } from '../../domain/money.js';
import { stdoutSink } from '../fd-output.js';
import { canPrompt, type GlobalOptions } from '../globals.js';
import { planOutput, printRecord, type OutputPlan } from '../output.js';
import { RefResolver } from '../refs.js';
import { bodyFromFlags } from '../resource/body.js';
import { resolveRefs } from '../resource/run.js';
import { withRuntime, type Runtime } from '../runtime.js';
import type { BodyField } from '../resource/spec.js';
import type { PositionItem } from './input.js';
import { documentView, type CompanyFacts, type ProposalLink } from './view.js';
import { getRecord } from '../shared/existing.js';
import { detailColumns, NULLABLE_REFS, type KindFacts } from './fields.js';

/** The arguments <proposal> / <invoice> and <proposals...> / <invoices...> as the verbs receive them. */
export type DocumentArgs = Partial<Record<'proposal' | 'invoice', string>> & Partial<Record<DocumentKind, string[]>>;

/** What a verb on one document works with. */
export interface DocumentContext {
  rt: Runtime;
  company: number;
  resolver: RefResolver;
  id: number;
}

/** Runs `fn` with the runtime and the id of the document the verb's argument names (number, id or id:N). */
export function withDocument<T>(
  g: GlobalOptions,
  k: KindFacts,
  args: DocumentArgs,
  fn: (d: DocumentContext) => Promise<T>,
): Promise<T> {
  return withRuntime(g, async (rt) => {
    const company = await rt.company();
    const resolver = new RefResolver(rt.client, company, { ask: canPrompt(g) });
    return fn({ rt, company, resolver, id: await resolver.resolve(k.noun, args[k.noun]!, `<${k.noun}>`) });
  });
}

/** The documents named by a variadic argument → their ids, each once, with what was typed for each. */
export async function documentIds(
  resolver: RefResolver,
  k: KindFacts,
  args: DocumentArgs,
): Promise<Map<number, string>> {
  const ids = new Map<number, string>();
  for (const ref of args[k.kind] ?? []) {
    const id = await resolver.resolve(k.noun, ref, `<${k.noun}>`);
    if (!ids.has(id)) ids.set(id, ref);
  }
  return ids;
}

export const documentPlan = (g: GlobalOptions, k: KindFacts): OutputPlan => planOutput(g, detailColumns(k));

/** Does the plan show the document as text (a table without --fields)? */
export const viewsDocument = (plan: OutputPlan): boolean => plan.format === 'table' && plan.fields === undefined;

/**
 * A table without --fields shows the document as text (with a proposal's link and answer); every other output the
 * record.
 */
export function printDocument(
  plan: OutputPlan,
  doc: DocumentRecord,
  link?: ProposalLink,
  company?: CompanyFacts,
): void {
  if (viewsDocument(plan)) stdoutSink.write(`${documentView(doc, link, company).join('\n')}\n`);
  else printRecord(plan, doc);
}

/** `--product NAME[:amount]` as a position: the product's name, price and unit, looked up by name or id. */
export async function productItem(
  client: ApiClient,
  company: number,
  resolver: RefResolver,
  typed: { product: string; amount: string },
): Promise<PositionItem> {
  const id = await resolver.resolve('product', typed.product, 'product');
  const product = await getRecord<DocumentRecord>(client, productPaths.one(company, id));
  return {
    type: 'position',
    description: product.name,
    amount: typed.amount,
    price: rappenToString(toRappen(product.price ?? 0) ?? 0),
    unit: product.unit ?? null,
  };
}

/** The body the field flags give (references as typed); --repeat becomes repeat and its interval. */
export function flagsBody(fields: BodyField[], options: object): Record<string, unknown> {
  const body = bodyFromFlags(fields, options);
  if (body.repeat_interval === 'none') Object.assign(body, { repeat: false, repeat_interval: null });
  else if (body.repeat_interval !== undefined) body.repeat = true;
  return body;
}

/**
 * The flags' body with its references resolved (none removes one), over the --data body. With `dateOf`
 * (the document's date) a tax rate named by percentage or by a name of another period becomes the rate
 * of that date (RefResolver.resolveTaxRateOn).
 */
export async function requestBody(
  fields: BodyField[],
  resolver: RefResolver,
  data: Record<string, unknown>,
  flags: Record<string, unknown>,
  dateOf?: () => Promise<string>,
): Promise<Record<string, unknown>> {
  const byDate =
    dateOf !== undefined && typeof flags.tax_rate_id === 'string' && flags.tax_rate_id.trim().toLowerCase() !== 'none';
  await resolveRefs(
    resolver,
    byDate ? fields.filter((f) => f.key !== 'tax_rate_id') : fields,
    flags,
    (f) => (f as BodyField).key,
    NULLABLE_REFS,
  );
  if (byDate)
    flags.tax_rate_id = await resolver.resolveTaxRateOn(
      String(flags.tax_rate_id),
      'tax-rate',
      await dateOf(),
      'output',
    );
  return { ...data, ...flags };
}
