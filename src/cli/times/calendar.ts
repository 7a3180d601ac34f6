// The day and week arithmetic lives in shared/calendar.ts (tasks and the timer read days too); this
// path stays because the tests import it from here.
export * from '../shared/calendar.js';
