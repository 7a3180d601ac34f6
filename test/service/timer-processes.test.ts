// The timer with two `acct server start` processes on one data directory: stops racing in both
// processes save the running timer once. To make the race certain, the test holds the database's write
// lock while the stops arrive (underWriteLock), so every process has taken its request as far as the
// write before any of them may write; the timer must be read inside the write transaction to be saved only once.
import { expect, it } from 'vitest';
import { underWriteLock, useServiceProcessPair, type ServiceProcess } from '../helpers/service.js';

const pair = useServiceProcessPair();
const { a, b } = pair;

/** status and body only: the answers are compared whole */
async function call(
  svc: ServiceProcess,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const answer = await svc.call(method, path, body);
  return { status: answer.status, body: answer.body };
}

it('saves the timer once when parallel stops race in two processes', async () => {
  const customer = (await call(a, 'POST', '/companies/1/customers', { name: 'Zwei Prozesse AG' })).body.data.id;
  const project = (
    await call(b, 'POST', '/companies/1/projects', { name: 'Rennen', customer_id: customer, hourly_rate: 100 })
  ).body.data.id;
  const rounds = 5;
  for (let round = 1; round <= rounds; round++) {
    expect(await call(round % 2 ? a : b, 'POST', '/companies/1/times/timer', { project_id: project })).toEqual({
      status: 200,
      body: 'Timer started.',
    });
    const answers = await underWriteLock(pair.dataDir, () =>
      Array.from({ length: 10 }, (_, i) => call(i % 2 ? a : b, 'POST', '/companies/1/times/timer', {})),
    );
    const saved = answers.filter((r) => r.status === 200);
    expect(saved).toEqual([{ status: 200, body: 'Time entry saved.' }]);
    // the others found no timer: a start without a project
    for (const r of answers.filter((x) => x.status !== 200))
      expect(r).toMatchObject({ status: 422, body: { errors: { project_id: ['The project id field is required.'] } } });
    const entries = await call(
      round % 2 ? b : a,
      'GET',
      `/companies/1/times?filter[project_id]=${project}&per_page=100`,
    );
    expect(entries.body.data).toHaveLength(round);
    expect(await call(a, 'GET', '/companies/1/times/timer')).toEqual({
      status: 200,
      body: { active: false, timer: [] },
    });
  }
}, 60_000);
