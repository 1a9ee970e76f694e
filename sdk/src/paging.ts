/** Every item of a newest-first list, page after page, following `next_cursor` until it is null. */
export async function* eachPage<Q extends { cursor?: string }, T>(
  page: (query: Q) => Promise<{ data: T[]; next_cursor?: string | null }>,
  query: Q,
): AsyncGenerator<T> {
  let cursor = query.cursor;
  do {
    const answer = await page({ ...query, cursor });
    yield* answer.data;
    cursor = answer.next_cursor ?? undefined;
  } while (cursor);
}
