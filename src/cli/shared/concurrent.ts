// A bounded worker pool: requests for many records at once, a few at a time (the client paces them by
// the rate-limit headers), the answers in the order of the items.

/**
 * `fn` of every item with at most `limit` calls running at once, started in the items' order; the
 * results in the items' order. After a call fails no further item is started: the calls running are
 * awaited, then the error of the earliest failed item is thrown (the one a loop awaiting each in turn
 * would have thrown).
 */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  const failures: { index: number; err: unknown }[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (failures.length === 0 && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index], index);
      } catch (err) {
        failures.push({ index, err });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  if (failures.length) throw failures.reduce((a, b) => (b.index < a.index ? b : a)).err;
  return results;
}

/**
 * `fn` of every item with at most `limit` calls running at once, each result handed to `each` in the
 * items' order as soon as those before it were: at most `limit` results wait in memory (files fetched
 * for an archive). A failure stops it at that item's turn; the calls still running are left to end.
 */
export async function forEachConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  each: (result: R, item: T, index: number) => void | Promise<void>,
): Promise<void> {
  const running = new Map<number, Promise<R>>();
  let next = 0;
  for (let i = 0; i < items.length; i++) {
    while (next < items.length && running.size < Math.max(1, limit)) {
      const at = next++;
      const call = fn(items[at], at);
      call.catch(() => undefined); // its failure surfaces at its turn
      running.set(at, call);
    }
    const result = await running.get(i)!;
    running.delete(i);
    await each(result, items[i], i);
  }
}
