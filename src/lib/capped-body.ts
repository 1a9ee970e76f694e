// Reading a body (a response's or a request's) only up to a cap of bytes, and the error when it is longer.
/** A body longer than the cap: reading stopped there. */
export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`larger than ${maxBytes} bytes`);
    this.name = "BodyTooLarge";
  }
}

/**
 * Reads a response's (or request's) body up to `maxBytes`, refusing early on a declared length over it and stopping the
 * moment the bytes read pass it, so a huge or endless answer costs no more than the cap.
 */
export async function readCapped(res: Pick<Response, "headers" | "body">, maxBytes: number): Promise<Uint8Array> {
  if (Number(res.headers.get("content-length") ?? 0) > maxBytes) {
    await res.body?.cancel();
    throw new BodyTooLarge(maxBytes);
  }
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new BodyTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}
