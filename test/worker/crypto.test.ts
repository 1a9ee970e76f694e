import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, pkcePair } from "../../src/lib/crypto";

const KEY = "k".repeat(32);

describe("encrypting secrets at rest (AES-256-GCM)", () => {
  it("round-trips, with a fresh IV every time", async () => {
    const a = await encryptSecret(KEY, "purpose", "acct_1", "token");
    const b = await encryptSecret(KEY, "purpose", "acct_1", "token");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(await decryptSecret(KEY, "purpose", "acct_1", a)).toBe("token");
  });

  it("fails to open with another key, purpose or binding, or when tampered with", async () => {
    const sealed = await encryptSecret(KEY, "purpose", "acct_1", "token");
    await expect(decryptSecret("x".repeat(32), "purpose", "acct_1", sealed)).rejects.toThrow();
    await expect(decryptSecret(KEY, "other", "acct_1", sealed)).rejects.toThrow();
    await expect(decryptSecret(KEY, "purpose", "acct_2", sealed)).rejects.toThrow();
    const [v, iv, body] = sealed.split(".");
    // A different character inside the body (not the last one, whose low bits base64url may ignore).
    const changed = body!.at(-2) === "A" ? "B" : "A";
    const flipped = `${body!.slice(0, -2)}${changed}${body!.slice(-1)}`;
    await expect(decryptSecret(KEY, "purpose", "acct_1", `${v}.${iv}.${flipped}`)).rejects.toThrow();
  });

  it("refuses a key shorter than 32 characters", async () => {
    await expect(encryptSecret("short", "purpose", "acct_1", "token")).rejects.toThrow("at least 32 characters");
  });

  it("makes PKCE pairs: a 64-character verifier and its S256 challenge", async () => {
    const { verifier, challenge } = await pkcePair();
    expect(verifier).toMatch(/^[\w-]{64}$/);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
    const expected = btoa(String.fromCharCode(...digest))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
    expect(challenge).toBe(expected);
  });
});
