import { decryptSecret, encryptSecret, MIN_ENCRYPTION_KEY_LENGTH } from "../lib/crypto";
import { AppError } from "../lib/errors";
import type { Runtime } from "./runtime";

/** Used only in sandbox mode when no ENCRYPTION_KEY is set, so local runs and tests need no setup. */
const SANDBOX_KEY = "herald-sandbox-only-encryption-key-never-used-in-production";

/** The deployment's encryption secret; storing a secret without it is refused clearly (503). */
export function encryptionKey(rt: Runtime): string {
  const key = rt.env.ENCRYPTION_KEY;
  if (key && key.length >= MIN_ENCRYPTION_KEY_LENGTH) return key;
  if (!key && rt.sandbox) return SANDBOX_KEY;
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
