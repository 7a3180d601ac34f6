import { describe, expect, test } from 'vitest';
import { mapConcurrent } from '../../src/cli/shared/concurrent.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mapConcurrent', () => {
  test("results in the items' order, at most `limit` calls at once", async () => {
    let running = 0;
    let most = 0;
    const out = await mapConcurrent([30, 5, 20, 1, 10, 2], 3, async (ms, i) => {
      most = Math.max(most, ++running);
      await tick(ms);
      running--;
      return `${i}:${ms}`;
    });
    expect(out).toEqual(['0:30', '1:5', '2:20', '3:1', '4:10', '5:2']);
    expect(most).toBe(3);
    expect(await mapConcurrent([], 8, async () => 1)).toEqual([]);
  });

  test("after a failure no item starts; those running finish; the earliest failed item's error is thrown", async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const run = mapConcurrent([0, 1, 2, 3, 4, 5], 3, async (i) => {
      started.push(i);
      await tick(i === 0 ? 20 : 5);
      if (i === 0 || i === 1) throw new Error(`item ${i}`);
      finished.push(i);
      return i;
    });
    await expect(run).rejects.toThrow('item 0');
    expect(started).toEqual([0, 1, 2]);
    expect(finished).toEqual([2]);
  });
});
