// A service category as the API shows it.
import type { ServiceCategoryRow } from '../store/service-categories.js';

export interface ServiceCategory {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export const toServiceCategory = (
  r: Pick<ServiceCategoryRow, 'id' | 'name' | 'created_at' | 'updated_at'>,
): ServiceCategory => ({
  id: Number(r.id),
  name: r.name,
  created_at: r.created_at,
  updated_at: r.updated_at,
});
