// The page of a workspace invitation's link (`/join/<token>`): who invites whom, sign in or sign up, then Accept.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { AppError } from "../../lib/errors";
import { errorPage } from "../../pages/error";
import { deadJoinPage, joinedPage, joinPage } from "../../pages/join";
import { SECRET_LINK_HEADERS as HEADERS } from "../../pages/shell";
import { enterWorkspace, type Session } from "../../services/auth/sessions";
import { acceptInvitation, openInvitation } from "../../services/teams/invitations";
import type { AppEnv } from "../env";
import { checkedForm, SESSION_COOKIE, sessionOf, show } from "../forms";
import { createRouter } from "../router";

const refused = (error: unknown, code: string): error is AppError => error instanceof AppError && error.code === code;

/** The invitation page (with the refusal `error` of an Accept), or the page saying the link no longer works. */
async function render(c: Context<AppEnv>, token: string, session: Session | null, error?: string, status = 200) {
  try {
    const invitation = await openInvitation(c.var.rt, token);
    const signedIn = session && { email: session.email, csrf: session.csrfToken };
    return show(c, joinPage(invitation, { token, signedIn, error }), status, HEADERS);
  } catch (failure) {
    if (!refused(failure, "invitation_expired")) throw failure;
    return show(c, deadJoinPage(failure.message), failure.status, HEADERS);
  }
}

const acceptForm = checkedForm({ for: "session", may: "own" }, (c) =>
  show(c, errorPage("This page has expired", "Open the invitation link again and retry."), 403, HEADERS),
);

export const joinRoutes = createRouter()
  .get("/join/:token", async (c) => render(c, c.req.param("token"), await sessionOf(c)))
  .post("/join/:token/accept", acceptForm, async (c) => {
    const token = c.req.param("token");
    const { session } = c.var;
    if (!session) return c.redirect(`/signin?next=${encodeURIComponent(`/join/${token}`)}`, 303);
    try {
      const joined = await acceptInvitation(c.var.rt, session.personId, token);
      await enterWorkspace(c.var.rt, getCookie(c, SESSION_COOKIE)!, session.personId, joined.workspace_id);
      return show(c, joinedPage(joined), 200, HEADERS);
    } catch (error) {
      if (refused(error, "invitation_expired")) return show(c, deadJoinPage(error.message), error.status, HEADERS);
      if (refused(error, "invitation_email_mismatch")) return render(c, token, session, error.message, error.status);
      throw error;
    }
  });
