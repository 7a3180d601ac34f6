// Tags as CSV (acct tags export / import): the name and the colour.
import { TAG_COLORS, tagPaths } from '../../api/endpoints/tags.js';
import type { CsvMap } from '../pipeline/map.js';

export const tagsCsv: CsvMap = {
  group: 'tags',
  noun: 'tag',
  paths: tagPaths,
  fetch: 'all',
  columns: [
    { name: 'id', key: 'id', type: 'int' },
    { name: 'name', key: 'name', type: 'text', required: true },
    { name: 'color', key: 'color', type: 'enum', choices: TAG_COLORS, required: true },
  ],
  keys: [['name']],
  lookup: (v) => ({ 'filter[name]': v.name }),
  // the API's PUT wants both
  updateAlways: ['name', 'color'],
};
