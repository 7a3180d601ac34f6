// Tags as CSV (acct tags export / import): the name and the colour.
import { TAG_COLORS, tagPaths } from '../../api/endpoints/tags.js';
import { column, ID, NAME, type CsvMap } from '../pipeline/map.js';

export const tagsCsv: CsvMap = {
  group: 'tags',
  noun: 'tag',
  paths: tagPaths,
  fetch: 'all',
  columns: [ID, NAME, column('color', 'enum', { choices: TAG_COLORS, required: true })],
  keys: [['name']],
  lookup: (v) => ({ 'filter[name]': v.name }),
  // the API's PUT wants both
  updateAlways: ['name', 'color'],
};
