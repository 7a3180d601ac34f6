// Time entries as CSV: the project and task by name, hours and minutes, the rate in CHF.
import { timePaths } from '../../api/endpoints/times.js';
import { UsageError } from '../../errors.js';
import { bools, column, ID, money, ref, texts, type CsvMap } from '../pipeline/map.js';
import { filterQuery } from '../pipeline/export.js';
import { TIME_FILTERS, TIME_STATUSES } from './fields.js';

export const timesCsv: CsvMap = {
  group: 'times', noun: 'time entry', paths: timePaths, fetch: 'ids',
  columns: [
    ID, column('date', 'date', { required: true }), ref('project', 'project_id', 'project', { required: true }), ref('task', 'task_id', 'task'),
    ...texts('description', 'start', 'end'), column('hours', 'int'), column('minutes', 'int'), money('hourly_rate'), ...bools('billable'),
    column('status', 'enum', { choices: TIME_STATUSES }),
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
