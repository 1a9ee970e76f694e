// The deployment's encryption key, and secrets sealed for storage bound to the row that holds them.
import { decryptSecret, encryptSecret, MIN_ENCRYPTION_KEY_LENGTH } from "../lib/crypto";
import { AppError } from "../lib/errors";
import type { Runtime } from "./runtime";

/** Used only in sandbox mode when no ENCRYPTION_KEY is set, so local runs and tests need no setup. */
const SANDBOX_KEY = "herald-sandbox-only-encryption-key-never-used-in-production";

/** The deployment's encryption secret, or null when none is set (the sandbox has one of its own). */
export function configuredEncryptionKey(rt: Runtime): string | null {
  const key = rt.env.ENCRYPTION_KEY;
  if (key && key.length >= MIN_ENCRYPTION_KEY_LENGTH) return key;
  return !key && rt.sandbox ? SANDBOX_KEY : null;
}

/** The deployment's encryption secret; storing a secret without it is refused clearly (503). */
export function encryptionKey(rt: Runtime): string {
  const key = configuredEncryptionKey(rt);
  if (key) return key;
  throw new AppError(
    "encryption_not_configured",
    `Set the ENCRYPTION_KEY secret (at least ${MIN_ENCRYPTION_KEY_LENGTH} characters) to store secrets`,
  );
}

/** Encrypts a secret for storage under `purpose`, bound to the id of the row that holds it. */
export const sealSecret = (rt: Runtime, purpose: string, boundTo: string, plaintext: string) =>
  encryptSecret(encryptionKey(rt), purpose, boundTo, plaintext);

export const openSecret = (rt: Runtime, purpose: string, boundTo: string, sealed: string) =>
  decryptSecret(encryptionKey(rt), purpose, boundTo, sealed);
