// Herald's own pages and their forms: sign-in, settings, the review page, the dashboard, consent and invites, docs.
import { createRouter } from "../router";
import { consentPageRoutes } from "./consent";
import { dashboardRoutes } from "./dashboard";
import { docsRoutes } from "./docs";
import { joinRoutes } from "./join";
import { reportPageRoutes } from "./report";
import { reviewPageRoutes } from "./review";
import { settingsRoutes } from "./settings";
import { signInRoutes } from "./sign-in";

export const webRoutes = createRouter()
  .route("/", docsRoutes)
  .route("/", signInRoutes)
  .route("/", settingsRoutes)
  .route("/", reviewPageRoutes)
  .route("/", reportPageRoutes)
  .route("/", dashboardRoutes)
  .route("/", consentPageRoutes)
  .route("/", joinRoutes);
