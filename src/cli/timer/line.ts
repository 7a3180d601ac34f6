// The running timer as one line: the default `⏱ Website 1:23 (since 09:12) – text` and the --format
// templates for shell prompts. Times are shown in the company's time zone (the service saves the entry in
// it), whatever zone this machine is set to; elapsed time is whole minutes.
import type { Timer } from '../../api/endpoints/timer.js';
import { wallClock } from '../../domain/clock.js';
import { UsageError } from '../../errors.js';
import { formatMinutes } from '../shared/duration.js';

export const PLACEHOLDERS: Record<string, string> = {
  p: 'project name',
  i: 'project id',
  e: 'elapsed time H:MM',
  s: 'start time HH:MM',
  d: 'description (empty when none)',
  b: '"billable" when billable, else empty',
  '%': 'a literal %',
};

export const FORMAT_HELP = Object.entries(PLACEHOLDERS)
  .map(([k, v]) => `  %${k}  ${v}`)
  .join('\n');

/** A usage error for a placeholder that does not exist (checked before any request). */
export function checkTemplate(template: string): void {
  const unknown = [...template.matchAll(/%(.?)/gs)].map((m) => m[1]).filter((c) => !(c in PLACEHOLDERS));
  if (unknown.length) {
    const shown = unknown.map((c) => (c === '' ? '% at the end' : `%${c}`)).join(', ');
    throw new UsageError(`invalid --format "${template}": unknown placeholder ${shown}`, [
      `placeholders: ${Object.keys(PLACEHOLDERS)
        .map((k) => `%${k}`)
        .join(' ')}`,
    ]);
  }
}

export interface TimerView {
  project: string;
  projectId: number;
  /** whole minutes since the start */
  elapsed: number;
  /** HH:MM in the company's zone */
  start: string;
  /** YYYY-MM-DD in the company's zone */
  startDate: string;
  description: string;
  billable: boolean;
}

export function viewOf(timer: Timer, project: string, now: Date = new Date()): TimerView {
  const started = new Date(timer.started_at);
  const valid = !Number.isNaN(started.getTime());
  const clock = valid ? wallClock(started) : undefined;
  return {
    project,
    projectId: timer.project_id,
    elapsed: valid ? Math.max(0, Math.floor((now.getTime() - started.getTime()) / 60_000)) : 0,
    start: clock?.time ?? '',
    startDate: clock?.date ?? '',
    description: timer.description ?? '',
    billable: timer.billable === true,
  };
}

export function renderTemplate(template: string, v: TimerView): string {
  return template.replace(/%(.)/gs, (_, c: string) => {
    switch (c) {
      case 'p':
        return v.project;
      case 'i':
        return String(v.projectId);
      case 'e':
        return formatMinutes(v.elapsed);
      case 's':
        return v.start;
      case 'd':
        return v.description;
      case 'b':
        return v.billable ? 'billable' : '';
      default:
        return c; // %%
    }
  });
}

/** `⏱ Website 1:23 (since 09:12) – Layout`; a start on an earlier day shows its date (since 06.01. 22:10). */
export function statusLine(v: TimerView, today: string): string {
  const since =
    v.startDate && v.startDate !== today
      ? `${v.startDate.slice(8, 10)}.${v.startDate.slice(5, 7)}. ${v.start}`
      : v.start;
  return `⏱ ${v.project} ${formatMinutes(v.elapsed)} (since ${since})${v.description ? ` – ${v.description}` : ''}`;
}
