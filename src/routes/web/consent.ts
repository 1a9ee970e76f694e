// The pages a browser goes through to connect accounts: consent start, client invites, the sandbox's consent.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../lib/errors";
import { consentRefusedPage, type SandboxConsentView, sandboxConsentPage } from "../../pages/consent";
import { deadInvitePage, invitePage } from "../../pages/invite";
import { PLATFORM_KEYS, type PlatformKey, platformLabel } from "../../platforms/catalog";
import { sandboxConsentCode } from "../../platforms/sandbox-consent";
import { bindConsentToBrowser, callbackUrl } from "../../services/accounts/consent";
import { openInvite, startInviteConsent } from "../../services/invites/client";
import { browserProof, consentNonce } from "../consent-browser";
import type { AppEnv } from "../env";
import { checkedForm, formToken, requireSession, show } from "../forms";
import { createRouter } from "../router";

/**
 * The pages a person's browser goes through while connecting an account: the start of an API-started consent, a
 * client's invite page and its buttons, and, in sandbox mode, the consent page standing in for every platform.
 */

const refused = (c: Context<AppEnv>, error: unknown) => {
  if (!(error instanceof AppError)) throw error;
  return show(c, consentRefusedPage(error.message), error.status);
};

const cookieForm = checkedForm({ for: "cookie" }, (c) =>
  show(c, consentRefusedPage("This page has expired; open the link again. Nothing was connected."), 403),
);

/** The sandbox's consent screen exists only in sandbox mode. */
const sandboxOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.rt.sandbox) return c.notFound();
  await next();
});

async function showInvite(c: Context<AppEnv>, token: string) {
  const found = await openInvite(c.var.rt, token);
  if (found.state !== "active") return show(c, deadInvitePage(found.state), found.state === "unknown" ? 404 : 410);
  const { sessionUserId } = await browserProof(c);
  const otherUserSignedIn = !!sessionUserId && sessionUserId !== found.page.ownerId;
  return show(c, invitePage(found.page, { csrf: formToken(c), otherUserSignedIn }));
}

const isPlatform = (value: unknown): value is PlatformKey =>
  typeof value === "string" && (PLATFORM_KEYS as readonly string[]).includes(value);

function sandboxConsent(c: Context<AppEnv>, fields: Record<string, unknown>, error?: string) {
  const platform = fields.platform;
  if (!isPlatform(platform) || typeof fields.state !== "string" || typeof fields.code_challenge !== "string") {
    return show(c, consentRefusedPage("This consent request is incomplete."), 400);
  }
  const view: SandboxConsentView = {
    platform,
    label: platformLabel(platform),
    state: fields.state,
    redirectUri: callbackUrl(c.var.rt, platform),
    codeChallenge: fields.code_challenge,
    csrf: formToken(c),
    error,
  };
  return show(c, sandboxConsentPage(view), error ? 400 : 200);
}

export const consentPageRoutes = createRouter()
  // An API-started consent: the browser signed in as its user takes it, then goes on to the platform.
  .get("/connect/start/:state", async (c) => {
    const rt = c.var.rt;
    const session = await requireSession(c);
    if (session instanceof Response) return session;
    try {
      const platformUrl = await bindConsentToBrowser(rt, c.req.param("state"), {
        userId: session.userId,
        nonce: consentNonce(c),
      });
      return c.redirect(platformUrl, 302);
    } catch (error) {
      return refused(c, error);
    }
  })
  .get("/invite/:token", (c) => showInvite(c, c.req.param("token")))
  .post("/invite/:token/connect", cookieForm, async (c) => {
    const form = c.var.form;
    const token = c.req.param("token");
    try {
      const browser = { ...(await browserProof(c)), nonce: consentNonce(c) };
      const platformUrl = await startInviteConsent(c.var.rt, token, String(form.platform ?? ""), browser);
      return c.redirect(platformUrl, 303);
    } catch (error) {
      return refused(c, error);
    }
  })
  .get("/sandbox/consent", sandboxOnly, (c) => sandboxConsent(c, c.req.query()))
  .post("/sandbox/consent", sandboxOnly, cookieForm, async (c) => {
    const { rt, form } = c.var;
    const platform = form.platform;
    // The way back is the platform's callback on this deployment, never an address the form brings.
    if (!isPlatform(platform) || form.redirect_uri !== callbackUrl(rt, platform)) {
      return show(c, consentRefusedPage("This consent request names a way back Herald does not know."), 400);
    }
    const back = new URL(callbackUrl(rt, platform));
    back.searchParams.set("state", String(form.state ?? ""));
    if (form.decision === "deny") {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "The person denied the request");
      return c.redirect(back.toString(), 303);
    }
    const name = String(form.name ?? "").trim();
    if (!name) return sandboxConsent(c, form, "Type the account's name.");
    back.searchParams.set("code", sandboxConsentCode(name, String(form.code_challenge ?? "")));
    return c.redirect(back.toString(), 303);
  });
