// A bounded worker pool: requests for many records at once, a few at a time (the client paces them by
// the rate-limit headers), the answers in the order of the items.

/**
 * `fn` of every item with at most `limit` calls running at once, started in the items' order; the
 * results in the items' order. After a call fails no further item is started: the calls running are
 * awaited, then the error of the earliest failed item is thrown (the one a loop awaiting each in turn
 * would have thrown).
 */
export async function mapConcurrent<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
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
