// The running timer with its project name, read once per command.
import { projectPaths } from '../../api/endpoints/projects.js';
import { getTimer, runningTimer, type Timer, type TimerState } from '../../api/endpoints/timer.js';
import type { ApiClient } from '../../api/http.js';
import type { Runtime } from '../runtime.js';
import { viewOf, type TimerView } from './line.js';

export interface Running {
  state: TimerState;
  timer?: Timer;
  view?: TimerView;
}

export async function readTimer(rt: Runtime, company: number): Promise<Running> {
  const state = await getTimer(rt.client, company);
  const timer = runningTimer(state);
  if (!timer) return { state };
  return { state, timer, view: viewOf(timer, await projectName(rt.client, company, timer.project_id)) };
}

/** The project's name, or `project N` when it cannot be read. */
async function projectName(client: ApiClient, company: number, id: number): Promise<string> {
  try {
    return (await client.get<{ data: { name: string } }>(projectPaths.one(company, id))).data.name;
  } catch {
    return `project ${id}`;
  }
}
