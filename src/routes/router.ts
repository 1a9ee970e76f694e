import { OpenAPIHono } from "@hono/zod-openapi";
import { AppError } from "../lib/errors";
import type { AppEnv } from "./env";

interface Issue {
  path: PropertyKey[];
  message: string;
}

const fieldPath = (issue: Issue) => issue.path.map(String).join(".") || "body";

/** zod failures become 400 `validation_error`, naming each field. */
export function validationFailure(issues: readonly Issue[]): AppError {
  const list = issues.map((i) => ({ path: fieldPath(i), message: i.message }));
  const first = list[0];
  const message = first ? `${first.path}: ${first.message}` : "Invalid input";
  return new AppError(400, "validation_error", message, { issues: list });
}

/** A router with the shared validation hook; every resource file builds its routes on one. */
export const createRouter = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationFailure(result.error.issues);
    },
  });
