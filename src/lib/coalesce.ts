// `coalesced`: calls made in one turn of the event loop, served together in one round trip.
interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the calls made within one turn of the event loop and serves them all with one `serve` call:
 * many concurrent callers, one round trip. `serve` answers in the order it was given the items.
 */
export function coalesced<T, R>(serve: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let waiting: Waiting<T, R>[] | undefined;
  const flush = async (batch: Waiting<T, R>[]) => {
    waiting = undefined;
    try {
      const results = await serve(batch.map((w) => w.item));
      for (const [i, w] of batch.entries()) w.resolve(results[i] as R);
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      if (!waiting) {
        const batch: Waiting<T, R>[] = [];
        waiting = batch;
        setTimeout(() => flush(batch), 0);
      }
      waiting.push({ item, resolve, reject });
    });
}
