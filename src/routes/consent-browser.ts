// The browser's proof in a consent: its nonce cookie, so only the browser that started it finishes it.
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { randomToken } from "../lib/ids";
import { type BrowserProof, CONNECT_STATE_TTL_MS } from "../services/accounts/consent";
import { findSession } from "../services/auth/sessions";
import type { AppEnv } from "./env";
import { SESSION_COOKIE } from "./forms";

/**
 * The browser side of "only the browser that started a consent may finish it": a random nonce in an HttpOnly,
 * SameSite=Lax cookie (Secure over https), whose hash the consent's state keeps. SameSite=Lax still sends it on
 * the platform's top-level redirect back to the callback.
 */
export const CONSENT_COOKIE = "herald_consent";
const NONCE = /^[0-9A-Za-z]{43}$/;

/** This browser's nonce, made when it has none; the cookie lives as long as a consent may take. */
export function consentNonce(c: Context<AppEnv>): string {
  const held = getCookie(c, CONSENT_COOKIE);
  const nonce = held && NONCE.test(held) ? held : randomToken(43);
  setCookie(c, CONSENT_COOKIE, nonce, {
    httpOnly: true,
    sameSite: "Lax",
    secure: new URL(c.req.url).protocol === "https:",
    path: "/",
    maxAge: CONNECT_STATE_TTL_MS / 1000,
  });
  return nonce;
}

/** What the browser shows of itself: its nonce, and the Herald user it is signed in as. */
export async function browserProof(c: Context<AppEnv>): Promise<BrowserProof> {
  const session = await findSession(c.var.rt, getCookie(c, SESSION_COOKIE));
  return { nonce: getCookie(c, CONSENT_COOKIE), sessionUserId: session?.userId };
}

/** A browser asking for a page rather than JSON (what a person's browser sends when it follows a redirect). */
export const wantsPage = (c: Context<AppEnv>) => (c.req.header("accept") ?? "").includes("text/html");
