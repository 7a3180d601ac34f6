// Products as CSV: the price in CHF and the unit.
import { productPaths } from '../../api/endpoints/products.js';
import type { CsvMap } from '../pipeline/map.js';

export const productsCsv: CsvMap = {
  group: 'products',
  noun: 'product',
  paths: productPaths,
  fetch: 'ids',
  columns: [
    { name: 'id', key: 'id', type: 'int' },
    { name: 'name', key: 'name', type: 'text', required: true },
    { name: 'description', key: 'description', type: 'text' },
    { name: 'price', key: 'price', type: 'decimal', places: 2 },
    { name: 'unit', key: 'unit', type: 'text' },
    { name: 'archived', key: 'archived', type: 'bool' },
  ],
  keys: [['name']],
  lookup: (v) => ({ 'filter[name]': v.name }),
};
