// Products as CSV: the price in CHF and the unit.
import { productPaths } from '../../api/endpoints/products.js';
import { bools, ID, money, NAME, texts, type CsvMap } from '../pipeline/map.js';

export const productsCsv: CsvMap = {
  group: 'products',
  noun: 'product',
  paths: productPaths,
  fetch: 'ids',
  columns: [ID, NAME, ...texts('description'), money('price'), ...texts('unit'), ...bools('archived')],
  keys: [['name']],
  lookup: (v) => ({ 'filter[name]': v.name }),
};
