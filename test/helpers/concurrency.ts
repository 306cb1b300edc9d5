// Bounded concurrency for suites that send many independent requests or run
// many short processes: one at a time, each waits out a round trip while the
// cores sit idle; all at once, thousands of sockets or processes compete.

/**
 * `f` over `items`, at most `limit` calls under way at a time; the results in
 * the items' order. Once a call throws no new one starts, and the first error
 * is thrown when the calls under way have settled.
 */
export async function mapConcurrent<T, R>(items: readonly T[], limit: number, f: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let error: { reason: unknown } | undefined;
  const lane = async () => {
    while (!error && next < items.length) {
      const i = next++;
      try {
        results[i] = await f(items[i]!, i);
      } catch (reason) {
        error ??= { reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (error) throw error.reason;
  return results;
}
