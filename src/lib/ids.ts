// Random tokens and prefixed opaque ids (`post_…`).
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random base62 text; 62^n possibilities, drawn without modulo bias. */
export function randomToken(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      // 248 = 4 × 62: bytes at or above it would favour the first characters.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/** Opaque, prefixed, URL-safe ids such as `post_3hZ0…` (see docs/decisions/foundation.md). */
export const newId = (prefix: string) => `${prefix}_${randomToken(20)}`;
