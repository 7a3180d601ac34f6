// A tag as the API shows it.
import type { TagRow } from '../store/tags.js';

export interface Tag {
  id: number;
  name: string;
  color: string;
  company_id: number;
  user_id: number;
  created_at: string;
  updated_at: string;
}

export const toTag = (r: TagRow): Tag => ({
  id: Number(r.id),
  name: r.name,
  color: r.color,
  company_id: Number(r.company_id),
  user_id: Number(r.user_id),
  created_at: r.created_at,
  updated_at: r.updated_at,
});
