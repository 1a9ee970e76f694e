/**
 * The dashboard's flows: the list is `list_flows_with_stats`, a flow's page the REST get, executions and collected
 * data summary; its buttons the REST activate, deactivate, duplicate and stop; its CSV the export's pages (counted
 * once, at most `collected_csv_max_rows`), behind the export's rollout.
 */
import type { Context } from "hono";
import { EXECUTION_STATUSES } from "../../../db/schema/flow-runs";
import { AppError } from "../../../lib/errors";
import { type ExecutionStatus, flowListPage, flowPage } from "../../../pages/dashboard/flows";
import type { Notice } from "../../../pages/dashboard/layout";
import { errorPage } from "../../../pages/error";
import { listAccounts } from "../../../services/accounts/accounts";
import type { Session } from "../../../services/auth/sessions";
import { collectedDataSummary, requireExportEnabled } from "../../../services/flows/collected-data";
import { collectedDataCsv } from "../../../services/flows/collected-data-csv";
import { listExecutions, stopFlowExecution } from "../../../services/flows/executions";
import { activateFlow, deactivateFlow, duplicateFlow } from "../../../services/flows/lifecycle";
import { listFlowsWithStats } from "../../../services/flows/stats";
import { getFlow } from "../../../services/flows/store";
import type { Runtime } from "../../../services/runtime";
import { download } from "../../download";
import type { AppEnv } from "../../env";
import { toSignIn } from "../../forms";
import { createRouter } from "../../router";
import { dashboardAction, dashboardForm, dashboardView, showPage, viewerOf } from "./session";

/** Runs shown per page. */
const RUNS_SHOWN = 20;

const noSuchFlow = (c: Context<AppEnv>) =>
  showPage(c, errorPage("No such flow", "It does not exist, or it was deleted."), 404);

const is404 = (error: unknown) => error instanceof AppError && error.status === 404;

const accountNames = async (rt: Runtime, userId: string) =>
  new Map((await listAccounts(rt, userId)).map((a) => [a.id, a.name]));

async function renderFlowList(c: Context<AppEnv>, session: Session) {
  const { rt } = c.var;
  const [viewer, stats, accounts] = await Promise.all([
    viewerOf(c, session),
    listFlowsWithStats(rt, session.userId, {}),
    accountNames(rt, session.userId),
  ]);
  return showPage(c, flowListPage(viewer, { stats, accounts }));
}

/** The export's refusal for this user (the rollout), or null when it is open to them. */
async function exportRefusal(rt: Runtime, userId: string): Promise<string | null> {
  try {
    await requireExportEnabled(rt, userId);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.code === "not_enabled") return error.message;
    throw error;
  }
}

async function renderFlow(c: Context<AppEnv>, session: Session, notice?: Notice, status = 200) {
  const { rt } = c.var;
  const flowId = c.req.param("id") ?? "";
  const asked = c.req.query("status");
  const runStatus = EXECUTION_STATUSES.find((s): s is ExecutionStatus => s === asked);
  try {
    const [viewer, flow, runs, collected, refusal, accounts] = await Promise.all([
      viewerOf(c, session),
      getFlow(rt, session.userId, flowId),
      listExecutions(rt, session.userId, flowId, {
        status: runStatus,
        limit: RUNS_SHOWN,
        cursor: c.req.query("cursor"),
      }),
      collectedDataSummary(rt, session.userId, flowId),
      exportRefusal(rt, session.userId),
      accountNames(rt, session.userId),
    ]);
    const accountName = accounts.get(flow.account_id) ?? flow.account_id;
    const done =
      c.req.query("done") === "duplicated"
        ? { ok: true, message: "A draft copy: edit it, then turn it on." }
        : undefined;
    const view = { flow, accountName, runs, runStatus, collected, exportRefusal: refusal, notice: notice ?? done };
    return showPage(c, flowPage(viewer, view), status);
  } catch (error) {
    if (is404(error)) return noSuchFlow(c);
    throw error;
  }
}

const flowAction = (act: (c: Context<AppEnv>, session: Session) => Promise<Notice>) => dashboardAction(act, renderFlow);

const flowId = (c: Context<AppEnv>) => c.req.param("id") ?? "";

export const dashboardFlowRoutes = createRouter()
  .get("/dashboard/flows", dashboardView(renderFlowList))
  .get("/dashboard/flows/:id", dashboardView(renderFlow))
  .get(
    "/dashboard/flows/:id/collected-data.csv",
    dashboardView(async (c, session) => {
      const { rt } = c.var;
      let flow: Awaited<ReturnType<typeof getFlow>>;
      try {
        flow = await getFlow(rt, session.userId, flowId(c));
      } catch (error) {
        if (is404(error)) return noSuchFlow(c);
        throw error;
      }
      const refusal = await exportRefusal(rt, session.userId);
      if (refusal) return showPage(c, errorPage("Not enabled for you yet", refusal), 403);
      const name = flow.name.replace(/[^A-Za-z0-9 _-]/g, "").trim() || "flow";
      return download(c, {
        filename: `${name} collected data.csv`,
        contentType: "text/csv; charset=utf-8",
        content: await collectedDataCsv(rt, session.userId, flow.id),
      });
    }),
  )
  .post(
    "/dashboard/flows/:id/activate",
    dashboardForm("flows:write"),
    flowAction(async (c, session) => {
      // A refusal names the problems; the page it comes back to marks each on its step.
      await activateFlow(c.var.rt, session.userId, flowId(c));
      return { ok: true, message: "Turned on: it answers people from now on." };
    }),
  )
  .post(
    "/dashboard/flows/:id/deactivate",
    dashboardForm("flows:write"),
    flowAction(async (c, session) => {
      await deactivateFlow(c.var.rt, session.userId, flowId(c));
      return { ok: true, message: "Turned off: runs under way were stopped." };
    }),
  )
  .post("/dashboard/flows/:id/duplicate", dashboardForm("flows:write"), async (c) => {
    const { session } = c.var;
    if (!session) return toSignIn(c);
    try {
      const copy = await duplicateFlow(c.var.rt, session.userId, flowId(c));
      return c.redirect(`/dashboard/flows/${copy.id}?done=duplicated`, 303);
    } catch (error) {
      if (is404(error)) return noSuchFlow(c);
      throw error;
    }
  })
  .post(
    "/dashboard/flows/:id/runs/:runId/stop",
    dashboardForm("flows:write"),
    flowAction(async (c, session) => {
      await stopFlowExecution(c.var.rt, session.userId, flowId(c), c.req.param("runId") ?? "");
      return { ok: true, message: "Stopped: it sends nothing more." };
    }),
  );
