import { TAG_COLORS, tagPaths } from '../../api/endpoints/tags.js';
import { declarePipeline } from '../pipeline/declare.js';
import { examplesText } from '../resource/declare.js';
import { lazy } from '../verb.js';
import type { ResourceSpec } from '../resource/spec.js';

export const tagsSpec: ResourceSpec = {
  group: 'tags',
  noun: 'tag',
  paths: tagPaths,
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  columns: [
    { key: 'id', kind: 'int' },
    { key: 'name' },
    { key: 'color' },
    { key: 'company_id', kind: 'int', default: false },
    { key: 'user_id', kind: 'int', default: false },
    { key: 'created_at', kind: 'datetime', default: false },
    { key: 'updated_at', kind: 'datetime', default: false },
  ],
  filters: [
    { flag: 'name', param: 'filter[name]', type: 'string', description: 'names containing this text' },
    { flag: 'color', param: 'filter[color]', type: 'enum', choices: TAG_COLORS, description: 'only this colour' },
  ],
  fields: [
    { flag: 'name', key: 'name', type: 'string', required: true, description: 'tag name (stored lower case, unique)' },
    {
      flag: 'color',
      key: 'color',
      type: 'enum',
      choices: TAG_COLORS,
      required: true,
      description: 'one of the tag colours',
    },
  ],
  mergeOnUpdate: true,
  lookup: { param: 'filter[name]', nameKey: 'name' },
  examples: {
    list: ['acct tags list', 'acct tags list --color blue -o json', 'acct tags list --all --fields id,name'],
    get: ['acct tags get 3', 'acct tags get travel --json'],
    create: [
      'acct tags create --name travel --color blue',
      'echo \'{"name":"rent","color":"red"}\' | acct tags create --data -',
    ],
    update: ['acct tags update travel --color green', 'acct tags update 3 --name trips'],
    delete: ['acct tags delete travel --yes'],
  },
  extend(group) {
    group
      .command('colors')
      .description('the tag colours, in order')
      .addHelpText('after', examplesText(['acct tags colors']))
      .action(lazy(() => import('./colors.js')));
    declarePipeline(group, {
      what: 'tags',
      map: async () => (await import('./csv.js')).tagsCsv,
      filters: tagsSpec.filters!,
    });
  },
};
