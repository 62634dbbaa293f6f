/**
 * `fn` over `items` with at most `limit` calls in flight, results in the order of `items`.
 * The pull asks for every record type at once; a browser opens six connections to a host
 * (HTTP/1.1), so a first pull of a big farm would hold them all and a screen's own read
 * (the attention board) would wait behind it. Keeping two free lets the screen go first.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
