import { decryptText, encryptText } from "../lib/crypto";
import type { Runtime } from "./runtime";

/** Used only in sandbox mode when no ENCRYPTION_KEY is set, so local runs and tests need no setup. */
const SANDBOX_KEY = "herald-sandbox-only-encryption-key-never-used-in-production";
const MIN_KEY_LENGTH = 32;

function encryptionKey(rt: Runtime): string {
  const key = rt.env.ENCRYPTION_KEY;
  if (key && key.length >= MIN_KEY_LENGTH) return key;
  if (!key && rt.sandbox) return SANDBOX_KEY;
  throw new Error(`ENCRYPTION_KEY must be set to at least ${MIN_KEY_LENGTH} characters (wrangler secret put)`);
}

/** Encrypts a secret for storage; `context` is the id of the row that holds it. */
export const sealSecret = (rt: Runtime, purpose: string, plaintext: string, context: string) =>
  encryptText(encryptionKey(rt), purpose, plaintext, context);

export const openSecret = (rt: Runtime, purpose: string, sealed: string, context: string) =>
  decryptText(encryptionKey(rt), purpose, sealed, context);
