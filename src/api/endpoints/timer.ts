// The timer of the token's user: one per user, started on a project, stopped into a time entry.
import type { ApiClient } from '../http.js';

const timerPaths = {
  timer: (company: number) => `/companies/${company}/times/timer`,
  description: (company: number) => `/companies/${company}/times/timer/description`,
} as const;

export interface Timer {
  id: number;
  user_id: number;
  company_id: number;
  project_id: number;
  billable: boolean;
  description: string | null;
  /** ISO 8601 UTC */
  started_at: string;
}

/** The API's { active, timer }; `timer` is an empty array when none runs. */
export interface TimerState {
  active: boolean;
  timer: Timer | [];
}

export const runningTimer = (state: TimerState): Timer | undefined =>
  state.active && state.timer && !Array.isArray(state.timer) ? state.timer : undefined;

export async function getTimer(client: ApiClient, company: number): Promise<TimerState> {
  return client.get<TimerState>(timerPaths.timer(company));
}

// The POST toggles; `action` (an extension of the embedded service, ignored elsewhere) makes a call that
// lost a race to another process fail instead of doing the opposite.

/** POST /times/timer with a project: starts; answers a plain JSON string ("Timer started."). */
export async function startTimer(
  client: ApiClient,
  company: number,
  body: { project_id: number; billable?: boolean },
): Promise<unknown> {
  return client.post(timerPaths.timer(company), { json: { ...body, action: 'start' } });
}

/** POST /times/timer without a project: stops and saves a time entry ("Time entry saved."). */
export async function stopTimer(
  client: ApiClient,
  company: number,
  body: { end?: string; description?: string },
): Promise<unknown> {
  return client.post(timerPaths.timer(company), { json: { ...body, action: 'stop' } });
}

export async function describeTimer(client: ApiClient, company: number, description: string): Promise<TimerState> {
  return client.put<TimerState>(timerPaths.description(company), { json: { description } });
}

/** DELETE /times/timer: nothing is saved; 204 also when none runs. */
export async function discardTimer(client: ApiClient, company: number): Promise<void> {
  await client.delete(timerPaths.timer(company));
}
