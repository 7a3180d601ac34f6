// Time entries as CSV: the project and task by name, hours and minutes, the rate in CHF.
import { timePaths } from '../../api/endpoints/times.js';
import { UsageError } from '../../errors.js';
import type { CsvMap } from '../pipeline/map.js';
import { filterQuery } from '../pipeline/export.js';
import { TIME_FILTERS, TIME_STATUSES } from './fields.js';

export const timesCsv: CsvMap = {
  group: 'times',
  noun: 'time entry',
  paths: timePaths,
  fetch: 'ids',
  columns: [
    { name: 'id', key: 'id', type: 'int' },
    { name: 'date', key: 'date', type: 'date', required: true },
    { name: 'project', key: 'project_id', type: 'ref', ref: 'project', required: true },
    { name: 'task', key: 'task_id', type: 'ref', ref: 'task' },
    { name: 'description', key: 'description', type: 'text' },
    { name: 'start', key: 'start', type: 'text' },
    { name: 'end', key: 'end', type: 'text' },
    { name: 'hours', key: 'hours', type: 'int' },
    { name: 'minutes', key: 'minutes', type: 'int' },
    { name: 'hourly_rate', key: 'hourly_rate', type: 'decimal', places: 2 },
    { name: 'billable', key: 'billable', type: 'bool' },
    { name: 'status', key: 'status', type: 'enum', choices: TIME_STATUSES },
  ],
  query(options) {
    const { from, to } = options as { from?: string; to?: string };
    for (const [flag, day] of [['from', from], ['to', to]]) {
      if (day !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new UsageError(`invalid --${flag} "${day}": expected a date YYYY-MM-DD`);
    }
    if (from && to && from > to) throw new UsageError(`--from ${from} is after --to ${to}`);
    const build = filterQuery(TIME_FILTERS, options);
    return async (resolver) => {
      const query = await build(resolver);
      if (from || to) query['filter[date]'] = `${from ?? '1900-01-01'},${to ?? '9999-12-31'}`;
      return query;
    };
  },
  lookup: (v) => ({ 'filter[date]': `${v.date},${v.date}`, 'filter[project_id]': v.project_id }),
};
