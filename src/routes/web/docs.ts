// The pages about the API: the changelog and the API reference.
import { Scalar } from "@scalar/hono-api-reference";
import { changelogPage } from "../../pages/changelog";
import { PAGE_HEADERS } from "../../pages/shell";
import { createRouter } from "../router";

export const docsRoutes = createRouter()
  .get("/changelog", (c) => c.body(changelogPage(), 200, PAGE_HEADERS))
  .get(
    "/api/v1/docs",
    Scalar({ url: "/api/v1/openapi.json", cdn: "/vendor/scalar.js", withDefaultFonts: false, pageTitle: "Herald API" }),
  );
