// Web Crypto helpers: hashes and HMACs, password hashing, secrets sealed with AES-GCM, and PKCE.
const encoder = new TextEncoder();

const toHex = (bytes: ArrayBuffer | Uint8Array) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

/** HMAC-SHA256 of `message` keyed with raw bytes, in standard base64 (Standard Webhooks' `v1,<base64>`). */
export async function hmacSha256Base64(key: Uint8Array, message: string): Promise<string> {
  const imported = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toBase64(new Uint8Array(await crypto.subtle.sign("HMAC", imported, encoder.encode(message))));
}

/** HMAC-SHA256 of raw bytes (a request body exactly as it came), hex. */
export async function hmacSha256HexOfBytes(secret: string, bytes: BufferSource): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return toHex(await crypto.subtle.sign("HMAC", key, bytes));
}

/** Compares two strings without leaking where they differ through timing. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  if (left.byteLength !== right.byteLength) return false;
  return crypto.subtle.timingSafeEqual(left, right);
}

// Workers caps PBKDF2 at 100,000 iterations.
const PBKDF2_ITERATIONS = 100_000;

async function pbkdf2(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return toHex(bits);
}

/** `pbkdf2$<iterations>$<salt hex>$<hash hex>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `pbkdf2$${PBKDF2_ITERATIONS}$${toHex(salt)}$${await pbkdf2(password, salt, PBKDF2_ITERATIONS)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split("$");
  if (scheme !== "pbkdf2" || !iterations || !salt || !hash) return false;
  return constantTimeEqual(await pbkdf2(password, fromHex(salt), Number(iterations)), hash);
}

/** Standard base64 of any number of bytes (in chunks: spreading a large array overflows the stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** Standard base64 (with `+`, `/` and padding) to bytes; throws on anything else. */
export const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export const toBase64Url = (bytes: Uint8Array) =>
  toBase64(bytes).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

/** The shortest secret accepted as an encryption key (`openssl rand -base64 32` gives 44 characters). */
export const MIN_ENCRYPTION_KEY_LENGTH = 32;

const aesKeys = new Map<string, Promise<CryptoKey>>();

/** An AES-256-GCM key derived (HKDF-SHA-256) from the deployment's secret, one per purpose, made once per isolate. */
function aesKey(secret: string, purpose: string): Promise<CryptoKey> {
  if (secret.length < MIN_ENCRYPTION_KEY_LENGTH) {
    throw new Error(`The encryption key must be at least ${MIN_ENCRYPTION_KEY_LENGTH} characters`);
  }
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = aesKeys.get(cacheKey);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(purpose) },
          material,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    aesKeys.set(cacheKey, key);
  }
  return key;
}

/**
 * Encrypts `plaintext` with AES-256-GCM under a key derived from `secret` for `purpose`. `boundTo` (such
 * as the owning row's id) is authenticated with it, so a ciphertext copied onto another row fails to open.
 * Output: `v1.<iv>.<ciphertext>`, base64url.
 */
export async function encryptSecret(secret: string, purpose: string, boundTo: string, plaintext: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(boundTo) },
    await aesKey(secret, purpose),
    encoder.encode(plaintext),
  );
  return `v1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** Opens what `encryptSecret` sealed; throws when the key, purpose, binding or text do not match. */
export async function decryptSecret(secret: string, purpose: string, boundTo: string, sealed: string) {
  const [version, iv, body] = sealed.split(".");
  if (version !== "v1" || !iv || !body) throw new Error("Unknown ciphertext format");
  const opened = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64Url(iv), additionalData: encoder.encode(boundTo) },
    await aesKey(secret, purpose),
    fromBase64Url(body),
  );
  return new TextDecoder().decode(opened);
}

/** A PKCE verifier (RFC 7636: 43–128 unreserved characters) and its S256 challenge. */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = toBase64Url(crypto.getRandomValues(new Uint8Array(48)));
  return { verifier, challenge: await pkceChallenge(verifier) };
}

/** The S256 challenge of a PKCE verifier: base64url of its SHA-256. */
export const pkceChallenge = async (verifier: string) =>
  toBase64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(verifier))));

/** `bytes` random bytes as base64url text (32 bytes: 43 characters). */
export const randomBase64Url = (bytes: number) => toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
