// The dashboard's workspace switcher: the session acts in the chosen workspace, and the next sign-in starts there.
import { getCookie } from "hono/cookie";
import { AppError } from "../../../lib/errors";
import { errorPage } from "../../../pages/error";
import { enterWorkspace } from "../../../services/auth/sessions";
import { SESSION_COOKIE, toSignIn } from "../../forms";
import { createRouter } from "../../router";
import { dashboardForm, field, showPage } from "./session";

export const dashboardWorkspaceRoutes = createRouter().post("/dashboard/workspace", dashboardForm("own"), async (c) => {
  const { session, form } = c.var;
  if (!session) return toSignIn(c);
  try {
    await enterWorkspace(c.var.rt, getCookie(c, SESSION_COOKIE)!, session.personId, field(form, "workspace_id"));
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "not_found") throw error;
    return showPage(c, errorPage("No such workspace", error.message), error.status);
  }
  return c.redirect("/dashboard", 303);
});
