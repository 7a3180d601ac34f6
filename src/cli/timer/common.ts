// The running timer with its project name, read once per command.
import { getTimer, runningTimer, type Timer, type TimerState } from '../../api/endpoints/timer.js';
import type { Runtime } from '../runtime.js';
import { projectName } from '../times/common.js';
import { viewOf, type TimerView } from './line.js';

export interface Running { state: TimerState; timer?: Timer; view?: TimerView }

export async function readTimer(rt: Runtime, company: number): Promise<Running> {
  const state = await getTimer(rt.client, company);
  const timer = runningTimer(state);
  if (!timer) return { state };
  return { state, timer, view: viewOf(timer, await projectName(rt.client, company, timer.project_id)) };
}
