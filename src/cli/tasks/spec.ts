// `acct tasks …`: tasks of projects, by id or exact title; `start` and `done` move the status.
import type { Command } from 'commander';
import { TASK_STATUSES, taskPaths } from '../../api/endpoints/tasks.js';
import { examplesText } from '../resource/declare.js';
import { lazy } from '../verb.js';
import type { ResourceSpec } from '../resource/spec.js';
import { parseDay } from '../shared/calendar.js';
import { TASK_COLUMNS } from './fields.js';
import { declarePipeline } from '../pipeline/declare.js';

const DUE_FORMS = 'YYYY-MM-DD, dd.mm.yyyy, dd.mm.yy, today, tomorrow, +3d, +2w';

export const tasksSpec: ResourceSpec = {
  group: 'tasks',
  noun: 'task',
  paths: taskPaths,
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  columns: TASK_COLUMNS,
  filters: [
    {
      flag: 'status',
      param: 'filter[status]',
      type: 'enum',
      choices: TASK_STATUSES,
      description: 'open, in-progress or done',
    },
    {
      flag: 'project',
      param: 'filter[project_id]',
      type: 'string',
      ref: 'project',
      description: 'only tasks of this project (id or exact name)',
    },
  ],
  fields: [
    { flag: 'title', key: 'title', type: 'string', required: true, description: 'title (max 255)' },
    {
      flag: 'project',
      key: 'project_id',
      type: 'string',
      ref: 'project',
      required: true,
      description: 'project id or exact name',
    },
    { flag: 'due', key: 'due', type: 'string', required: true, description: `due date: ${DUE_FORMS}` },
    { flag: 'description', key: 'description', type: 'string', description: 'description' },
    {
      flag: 'status',
      key: 'status',
      type: 'enum',
      choices: TASK_STATUSES,
      description: 'open (default), in-progress or done',
    },
    { flag: 'planned-hours', key: 'planned_hours', type: 'decimal', description: 'planned hours, e.g. 2.5' },
  ],
  refKind: 'task',
  examples: {
    list: [
      'acct tasks list',
      'acct tasks list --status open --project Website',
      'acct tasks list --all -o csv > aufgaben.csv',
    ],
    get: ['acct tasks get 7', 'acct tasks get "Startseite entwerfen" --json'],
    create: [
      'acct tasks create --title "Startseite entwerfen" --project Website --due +3d --planned-hours 2.5',
      'acct tasks create --title "Offerte nachfassen" --project Support --due tomorrow --description ' +
        '"Anruf bei Frau Muster"',
    ],
    update: [
      'acct tasks update 7 --due 2025-02-14 --planned-hours 4',
      'acct tasks update "Startseite entwerfen" --project Relaunch --status open',
    ],
    delete: ['acct tasks delete 7 --yes'],
  },
  setup: {
    // the project is embedded for the PROJECT column
    list: { include: 'project' },
    get: { include: 'project' },
    create: { preAction: dueAsDate },
    update: { preAction: dueAsDate },
  },
  extend(group) {
    declarePipeline(group, {
      what: 'tasks',
      map: async () => (await import('./csv.js')).tasksCsv,
      filters: tasksSpec.filters!,
    });
    group
      .command('start')
      .argument('<task>', 'task id or exact title')
      .description('set a task in progress (status in-progress)')
      .addHelpText('after', examplesText(['acct tasks start 7', 'acct tasks start "Startseite entwerfen"']))
      .action(lazy(() => import('./status.js'), 'start'));
    group
      .command('done')
      .argument('<task>', 'task id or exact title')
      .description('mark a task done (status done)')
      .addHelpText('after', examplesText(['acct tasks done 7', 'acct tasks done "Startseite entwerfen" --json']))
      .action(lazy(() => import('./status.js'), 'done'));
  },
};

/** --due takes relative days; they become YYYY-MM-DD before the generic runner reads the flags. */
function dueAsDate(cmd: Command): void {
  const due = cmd.opts().due;
  if (due !== undefined) cmd.setOptionValue('due', parseDay(String(due), 'due', { forms: DUE_FORMS }));
}
