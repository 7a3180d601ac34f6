// A service as the API shows it, with its category embedded.
import { rappenToString } from '../domain/money.js';
import type { ServiceRow } from '../store/services.js';
import { toServiceCategory, type ServiceCategory } from './service-categories.js';

export interface Service {
  id: number;
  name: string;
  hourly_rate: string | null;
  billable: boolean;
  archived: boolean;
  service_category_id: number | null;
  service_category: ServiceCategory | null;
  created_at: string;
  updated_at: string;
}

/** A row of the services store (its category's columns prefixed c_). */
export const toService = (r: ServiceRow): Service => ({
  id: Number(r.id),
  name: r.name,
  hourly_rate: r.hourly_rate === null ? null : rappenToString(Number(r.hourly_rate)),
  billable: r.billable === 1,
  archived: r.archived === 1,
  service_category_id: r.service_category_id === null ? null : Number(r.service_category_id),
  service_category:
    r.c_id === null
      ? null
      : toServiceCategory({ id: r.c_id, name: r.c_name!, created_at: r.c_created_at!, updated_at: r.c_updated_at! }),
  created_at: r.created_at,
  updated_at: r.updated_at,
});
