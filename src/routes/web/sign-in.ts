// The sign-in and sign-up pages and their forms.
import type { Context } from "hono";
import { AppError } from "../../lib/errors";
import { signInPage } from "../../pages/sign-in";
import { checkPassword } from "../../services/auth/sessions";
import { signUp } from "../../services/users";
import type { AppEnv } from "../env";
import { checkedForm, type Form, formToken, safeNext, sessionOf, show, signInAs } from "../forms";
import { authAttemptLimit } from "../middleware";
import { createRouter } from "../router";

function credentialsPage(mode: "signin" | "signup") {
  return async (c: Context<AppEnv>) => {
    const next = safeNext(c, c.req.query("next"));
    if (await sessionOf(c)) return c.redirect(next, 302);
    const email = c.req.query("email")?.slice(0, 320);
    return show(c, signInPage({ mode, next, csrf: formToken(c), email }));
  };
}

/** The sign-in or sign-up form again, saying what went wrong. */
const credentialsAgain = (c: Context<AppEnv>, mode: "signin" | "signup", form: Form, error: string, status: number) =>
  show(
    c,
    signInPage({ mode, next: safeNext(c, form.next), csrf: formToken(c), error, email: String(form.email ?? "") }),
    status,
  );

const signInForm = (mode: "signin" | "signup") =>
  checkedForm({ for: "cookie" }, (c, form) =>
    credentialsAgain(c, mode, form, "The form expired; please try again.", 403),
  );

function credentialsSubmit(mode: "signin" | "signup") {
  return async (c: Context<AppEnv>) => {
    const { rt, form } = c.var;
    const credentials = { email: String(form.email ?? "").trim(), password: String(form.password ?? "") };
    try {
      const user =
        mode === "signin"
          ? await checkPassword(rt, credentials.email, credentials.password)
          : await signUp(rt, { ...credentials, name: String(form.name ?? "") });
      await signInAs(c, user.id);
      return c.redirect(safeNext(c, form.next), 303);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return credentialsAgain(c, mode, form, error.message, error.status);
    }
  };
}

export const signInRoutes = createRouter()
  .get("/signin", credentialsPage("signin"))
  .post("/signin", authAttemptLimit, signInForm("signin"), credentialsSubmit("signin"))
  .get("/signup", credentialsPage("signup"))
  .post("/signup", authAttemptLimit, signInForm("signup"), credentialsSubmit("signup"));
