// A product as the API shows it.
import { formatCurrency, rappenToNumber } from '../domain/money.js';
import type { ProductRow } from '../store/products.js';

export interface Product {
  id: number;
  company_id: number;
  user_id: number;
  name: string;
  description: string | null;
  price: number | null;
  formatted_price: string | null;
  unit: string | null;
  archived: boolean;
  created_at: string;
  updated_at: string;
}

export const toProduct = (r: ProductRow): Product => ({
  id: Number(r.id),
  company_id: Number(r.company_id),
  user_id: Number(r.user_id),
  name: r.name,
  description: r.description,
  price: r.price === null ? null : rappenToNumber(Number(r.price)),
  formatted_price: r.price === null ? null : formatCurrency(Number(r.price)),
  unit: r.unit,
  archived: r.archived === 1,
  created_at: r.created_at,
  updated_at: r.updated_at,
});
