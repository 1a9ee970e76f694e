/** The dashboard's analytics page: the REST overview's numbers for a period, per day, per platform and per post. */
import type { Context } from "hono";
import { iso } from "../../../lib/clock";
import { AppError } from "../../../lib/errors";
import { addDaysTo, dateIn, startOfDay } from "../../../lib/time";
import { analyticsPage, PERIODS, type Period } from "../../../pages/dashboard/analytics";
import { errorPage } from "../../../pages/error";
import { listAccounts } from "../../../services/accounts/accounts";
import { getAnalyticsOverview } from "../../../services/analytics/overview";
import { getAnalyticsSeries } from "../../../services/analytics/series";
import type { Session } from "../../../services/auth/sessions";
import type { AppEnv } from "../../env";
import { createRouter } from "../../router";
import { dashboardView, showPage, viewerOf } from "./session";

const DEFAULT_PERIOD: Period = 30;

async function renderAnalytics(c: Context<AppEnv>, session: Session) {
  const { rt } = c.var;
  const viewer = await viewerOf(c, session);
  const period = PERIODS.find((p) => String(p) === c.req.query("period")) ?? DEFAULT_PERIOD;
  const accountId = c.req.query("account") || null;
  // Whole days on the owner's clocks: the last `period` of them, today included.
  const lastDay = dateIn(rt.clock.now(), viewer.zone);
  const firstDay = addDaysTo(lastDay, 1 - period);
  const from = startOfDay(firstDay, viewer.zone)!;
  const to = startOfDay(lastDay, viewer.zone, 1)!;
  const accountIds = accountId ? [accountId] : undefined;
  try {
    const [overview, accounts] = await Promise.all([
      getAnalyticsOverview(rt, session.userId, { from: iso(from), to: iso(to), account_ids: accountIds }),
      listAccounts(rt, session.userId),
    ]);
    const series = await getAnalyticsSeries(rt, session.userId, {
      firstDay,
      lastDay,
      zone: viewer.zone,
      from,
      to,
      accountIds,
    });
    return showPage(c, analyticsPage(viewer, { period, accountId, accounts, overview, series }));
  } catch (error) {
    // Another user's account is answered as an unknown one.
    if (error instanceof AppError && error.status === 404) {
      return showPage(c, errorPage("No such account", "It does not exist, or it is not yours."), 404);
    }
    throw error;
  }
}

export const dashboardAnalyticsRoutes = createRouter().get("/dashboard/analytics", dashboardView(renderAnalytics));
