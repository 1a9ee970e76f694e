// `createRouter`: a router with the shared validation hook.
import { OpenAPIHono } from "@hono/zod-openapi";
import { validationFailure } from "../lib/errors";
import type { AppEnv } from "./env";

/** A router with the shared validation hook; every resource file builds its routes on one. */
export const createRouter = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationFailure(result.error.issues);
    },
  });
