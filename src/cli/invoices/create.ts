// `acct invoices create`: the shared create, plus billing — --times-of PROJECT bills the project's
// open, billable time entries not yet invoiced (linked through time_ids), each position saying the work
// (task, service, descriptions; never a placeholder), --expenses the customer's billable expense
// bookings not yet invoiced (entry_ids), each where its flag stands among the positions.
import { allEntries, dateFilter } from '../../api/endpoints/entries.js';
import { projectPaths } from '../../api/endpoints/projects.js';
import { servicePaths } from '../../api/endpoints/services.js';
import { timePaths, type TimeEntry } from '../../api/endpoints/times.js';
import type { ApiClient } from '../../api/http.js';
import { paginate } from '../../api/paginate.js';
import { rappenToString, toRappen } from '../../domain/money.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { formatDate } from '../../output/format.js';
import { notice } from '../globals.js';
import { convertValue } from '../resource/body.js';
import type { VerbIO } from '../verb.js';
import { positionsFromTimes, type TimeGrouping } from '../documents/input.js';
import { findRecord, getRecord } from '../shared/existing.js';
import { KINDS, type Ordered } from '../documents/fields.js';
import { createDocumentWith, type CreateAddition, type Planned, type WriteOptions } from '../documents/write.js';

type Rec = Record<string, any>;

interface CreateOptions extends WriteOptions {
  /** the project, where the flag stands */
  timesOf?: Ordered[];
  expenses?: Ordered[];
  from?: string;
  to?: string;
  groupBy?: TimeGrouping;
}

interface Period {
  from?: string;
  to?: string;
}

const periodText = ({ from, to }: Period) =>
  from && to
    ? ` from ${formatDate(from)} to ${formatDate(to)}`
    : from
      ? ` from ${formatDate(from)}`
      : to
        ? ` up to ${formatDate(to)}`
        : '';

/** Open, billable time entries of the project not on an invoice, with their task. */
async function openTimes(client: ApiClient, company: number, projectId: number, period: Period): Promise<TimeEntry[]> {
  const query = {
    'filter[project_id]': projectId,
    'filter[status]': 'open',
    'filter[billable]': true,
    'filter[invoice_id]': 'null',
    'filter[date]': dateFilter(period.from, period.to),
    include: 'task',
  };
  const times: TimeEntry[] = [];
  for await (const page of paginate<TimeEntry>(client, timePaths.list(company), { query, all: true }))
    times.push(...page);
  return times;
}

/** The names of the services the entries were tracked under (by id), one request per service. */
async function serviceNames(
  client: ApiClient,
  company: number,
  times: readonly TimeEntry[],
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const id of new Set(times.map((t) => t.service_id).filter((id): id is number => typeof id === 'number'))) {
    const service = await findRecord(client, servicePaths.one(company, id));
    if (typeof service?.name === 'string') names.set(id, service.name);
  }
  return names;
}

function billing(o: CreateOptions, period: Period): CreateAddition {
  const timesOf = o.timesOf?.[0];
  const expenses = o.expenses?.[0];
  return {
    customerOptional: timesOf !== undefined,
    async collect(rt, company, resolver, body) {
      const planned: Planned[] = [];
      if (timesOf) {
        const projectId = await resolver.resolve('project', timesOf.value, 'times-of');
        const project = await getRecord(rt.client, projectPaths.one(company, projectId));
        body.customer_id ??= project.customer_id;
        body.project_id ??= projectId;
        const times = await openTimes(rt.client, company, projectId, period);
        if (times.length === 0) {
          throw new CliError(
            `project ${project.name} has no open, billable time entries that are not invoiced ` +
              `yet${periodText(period)}: nothing to bill, no invoice created`,
            ExitCode.NotFound,
          );
        }
        const services = await serviceNames(rt.client, company, times);
        const billable = times.map((t) => ({
          ...t,
          task_name: (t.task as Rec | null | undefined)?.title ?? null,
          service_name: services.get(Number(t.service_id)) ?? null,
        }));
        planned.push({
          seq: timesOf.seq,
          items: positionsFromTimes(billable, o.groupBy ?? 'entry', String(project.name ?? '')),
        });
        body.time_ids = times.map((t) => t.id);
      }
      if (expenses) {
        const bookings = await allEntries(rt.client, company, {
          'filter[customer_id]': body.customer_id,
          'filter[billable]': true,
          'filter[invoiced]': false,
          'filter[type]': 'expense',
          'filter[date]': dateFilter(period.from, period.to),
        });
        if (bookings.length === 0) notice(`No billable expenses that are not invoiced yet${periodText(period)}.`);
        planned.push({ seq: expenses.seq, items: bookings.map(expenseItem) });
        body.entry_ids = bookings.map((e) => e.id);
      }
      return planned;
    },
  };
}

/** An expense booking billed as 1 × its sum, dated as booked. */
const expenseItem = (e: Rec): Rec => ({
  type: 'position',
  description: e.description || `Spesen ${formatDate(e.date)}`,
  amount: '1.000',
  price: rappenToString(toRappen(e.sum) ?? 0),
  unit: null,
  date: e.date,
});

export default async function create(o: CreateOptions, io: VerbIO): Promise<void> {
  const period: Period = {
    from: o.from === undefined ? undefined : (convertValue('from', 'date', o.from) as string),
    to: o.to === undefined ? undefined : (convertValue('to', 'date', o.to) as string),
  };
  if (period.from && period.to && period.to < period.from)
    throw new UsageError(`--to ${period.to} is before --from ${period.from}`);
  if ((o.timesOf?.length ?? 0) > 1) throw new UsageError('give --times-of once (one project per invoice)');
  if (!o.timesOf && !o.expenses && (o.from !== undefined || o.to !== undefined))
    throw new UsageError('--from and --to go with --times-of or --expenses');
  if (!o.timesOf && o.groupBy !== undefined) throw new UsageError('--group-by goes with --times-of');
  await createDocumentWith(KINDS.invoices, o, io, o.timesOf || o.expenses ? billing(o, period) : undefined);
}
