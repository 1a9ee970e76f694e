// The review page a client opens from a review link, and its decision form.
import type { Context } from "hono";
import { REVIEW_DECISION_KINDS, type ReviewDecisionKind } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { deadReviewPage, type ReviewPageOptions, reviewPage } from "../../pages/review";
import { SECRET_LINK_HEADERS as HEADERS } from "../../pages/shell";
import { type DeadLinkReason, decideByLink, openReview } from "../../services/reviews/review";
import type { AppEnv } from "../env";
import { checkedForm, type Form, formToken, show } from "../forms";
import { createRouter } from "../router";

const THANKS: Record<ReviewDecisionKind, string> = {
  approved: "Thank you: your approval was sent to the owner.",
  changes_requested: "Thank you: the owner was told what should change.",
  comment: "Thank you: your comment was sent to the owner.",
};

const isKind = (value: unknown): value is ReviewDecisionKind =>
  (REVIEW_DECISION_KINDS as readonly unknown[]).includes(value);

/** The review page, or the page saying why the link does not work. */
async function render(
  c: Context<AppEnv>,
  token: string,
  options: Omit<ReviewPageOptions, "csrf">,
  status = 200,
  headers: Record<string, string> = {},
) {
  try {
    const review = await openReview(c.var.rt, token);
    return show(c, reviewPage(token, review, { ...options, csrf: formToken(c) }), status, { ...HEADERS, ...headers });
  } catch (error) {
    if (!(error instanceof AppError) || typeof error.extra.reason !== "string") throw error;
    return show(c, deadReviewPage(error.extra.reason as DeadLinkReason), error.status, HEADERS);
  }
}

/** A refusal in a reviewer's words. */
function refusalWords(error: AppError): string {
  // A post that changed since the page was loaded: the page shows the new version, keeping what was typed.
  if (error.code === "state_error" && error.extra.version !== undefined) {
    return "The post changed after you opened this page. Here is the new version; nothing was sent, please look again.";
  }
  if (error.code === "rate_limited") {
    const minutes = Math.ceil(Number(error.extra.retry_after) / 60);
    return `This link has taken as many decisions and comments as it can in an hour. Nothing was sent; please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  }
  const issue = (error.extra.issues as { message: string }[] | undefined)?.[0]?.message;
  return issue ? `${issue[0]!.toUpperCase()}${issue.slice(1)}.` : error.message;
}

/** What the reviewer typed, to show again when the form comes back. */
const typedIn = (form: Form) => ({
  reviewerName: String(form.reviewer_name ?? ""),
  comment: String(form.comment ?? ""),
});

const reviewForm = checkedForm({ for: "cookie" }, (c, form) =>
  render(
    c,
    c.req.param("token") ?? "",
    { typed: typedIn(form), notice: { ok: false, message: "This form expired; please try again." } },
    403,
  ),
);

export const reviewPageRoutes = createRouter()
  .get("/review/:token", (c) => {
    const done = c.req.query("done");
    return render(c, c.req.param("token"), isKind(done) ? { notice: { ok: true, message: THANKS[done] } } : {});
  })
  .post("/review/:token", reviewForm, async (c) => {
    const token = c.req.param("token");
    const form = c.var.form;
    const typed = typedIn(form);
    const kind = form.kind;
    const version = Number(form.version);
    if (!isKind(kind) || !Number.isInteger(version)) {
      return render(
        c,
        token,
        { typed, notice: { ok: false, message: "Choose Approve, Request changes or Comment." } },
        400,
      );
    }
    try {
      await decideByLink(c.var.rt, token, { kind, version, reviewerName: typed.reviewerName, comment: typed.comment });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const wait: Record<string, string> =
        error.code === "rate_limited" ? { "Retry-After": String(error.extra.retry_after) } : {};
      return render(c, token, { typed, notice: { ok: false, message: refusalWords(error) } }, error.status, wait);
    }
    return c.redirect(`/review/${encodeURIComponent(token)}?done=${kind}`, 303);
  });
