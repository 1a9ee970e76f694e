// The dashboard's pages and forms (`/dashboard…`), mounted in order.
import { createRouter } from "../../router";
import { dashboardAccountRoutes } from "./accounts";
import { dashboardAnalyticsRoutes } from "./analytics";
import { dashboardComposeRoutes } from "./compose";
import { dashboardFlowRoutes } from "./flows";
import { dashboardMediaRoutes } from "./media";
import { dashboardMemberRoutes } from "./members";
import { dashboardPostRoutes } from "./posts";
import { dashboardWebhookRoutes } from "./webhooks";
import { dashboardWorkspaceRoutes } from "./workspace";

export const dashboardRoutes = createRouter()
  .route("/", dashboardPostRoutes)
  .route("/", dashboardComposeRoutes)
  .route("/", dashboardMediaRoutes)
  .route("/", dashboardAnalyticsRoutes)
  .route("/", dashboardWebhookRoutes)
  .route("/", dashboardFlowRoutes)
  .route("/", dashboardAccountRoutes)
  .route("/", dashboardMemberRoutes)
  .route("/", dashboardWorkspaceRoutes);
