// The REST API: every operation under /api/v1, each declared with `authedRoute` or `publicRoute`, mounted in order.
import { createRouter } from "../router";
import { accountGroupRoutes } from "./account-groups";
import { accountRoutes } from "./accounts";
import { analyticsRoutes } from "./analytics";
import { apiKeyRoutes } from "./api-keys";
import { clientInviteRoutes } from "./client-invites";
import { collectedDataRoutes } from "./collected-data";
import { connectRoutes } from "./connect";
import { contactRoutes } from "./contacts";
import { destinationRoutes } from "./destinations";
import { eventRoutes } from "./events";
import { flowEditRoutes } from "./flow-edits";
import { flowExecutionRoutes } from "./flow-executions";
import { flowRoutes } from "./flows";
import { inboxRoutes } from "./inbox";
import { mediaLibraryRoutes } from "./media";
import { memberRoutes } from "./members";
import { notificationRoutes } from "./notifications";
import { plugRoutes } from "./plugs";
import { postAutomationRoutes } from "./post-automation";
import { postingSlotRoutes } from "./posting-slots";
import { postRoutes } from "./posts";
import { reportLinkRoutes } from "./report-links";
import { reportScheduleRoutes } from "./report-schedules";
import { reviewRoutes } from "./reviews";
import { rssFeedRoutes } from "./rss-feeds";
import { signatureRoutes } from "./signatures";
import { systemRoutes } from "./system";
import { utmRoutes } from "./utm";
import { webhookRoutes } from "./webhooks";
import { whatsappTemplateRoutes } from "./whatsapp-templates";

export const apiRoutes = createRouter()
  .route("/", systemRoutes)
  .route("/", apiKeyRoutes)
  .route("/", memberRoutes)
  .route("/", accountRoutes)
  .route("/", connectRoutes)
  .route("/", accountGroupRoutes)
  .route("/", clientInviteRoutes)
  .route("/", destinationRoutes)
  .route("/", postRoutes)
  .route("/", mediaLibraryRoutes)
  .route("/", reviewRoutes)
  .route("/", plugRoutes)
  .route("/", postAutomationRoutes)
  .route("/", flowRoutes)
  .route("/", flowEditRoutes)
  .route("/", flowExecutionRoutes)
  .route("/", contactRoutes)
  .route("/", inboxRoutes)
  .route("/", collectedDataRoutes)
  .route("/", whatsappTemplateRoutes)
  .route("/", rssFeedRoutes)
  .route("/", postingSlotRoutes)
  .route("/", signatureRoutes)
  .route("/", utmRoutes)
  .route("/", webhookRoutes)
  .route("/", eventRoutes)
  .route("/", notificationRoutes)
  .route("/", analyticsRoutes)
  .route("/", reportScheduleRoutes)
  .route("/", reportLinkRoutes);
