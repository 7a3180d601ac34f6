// The running timer as the API shows it.
import type { TimerRow } from '../store/timer.js';

export interface Timer {
  id: number;
  user_id: number;
  company_id: number;
  project_id: number;
  billable: boolean;
  description: string | null;
  started_at: string;
}

export const toTimer = (r: TimerRow): Timer => ({
  id: Number(r.id),
  user_id: Number(r.user_id),
  company_id: Number(r.company_id),
  project_id: Number(r.project_id),
  billable: Number(r.billable) === 1,
  description: r.description ?? null,
  started_at: r.started_at,
});
