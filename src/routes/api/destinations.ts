// REST routes for an account's destinations: list where it can post, and check one the user typed.
import { jsonBody, ok } from "../../schemas/common";
import {
  DestinationCheckBody,
  DestinationsParam,
  DestinationsQuery,
  DestinationsSchema,
} from "../../schemas/destinations";
import { checkDestination, listDestinations } from "../../services/accounts/destinations";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Accounts"];
const path = "/api/v1/composer-platform-parts/destinations/{accountId}";
const errors = ["reauth_required", "platform_unreachable", "platform_read_refused", "platform_not_configured"] as const;

const list = authedRoute("posts:read", {
  operationId: "listDestinations",
  method: "get",
  path,
  tags,
  summary: "Where an account can post: its channels, communities or lists",
  description:
    "Answered from a 5-minute cache per account; `fresh=1` asks the platform now. The answer also becomes what posts may target in `metadata.destination_id`.",
  request: { params: DestinationsParam, query: DestinationsQuery },
  responses: { 200: ok(DestinationsSchema, "The destinations and how they are chosen") },
  errors,
});

const check = authedRoute("posts:read", {
  operationId: "checkDestination",
  method: "post",
  path,
  tags,
  summary: "Check that an account can post to a destination the user typed",
  description:
    "On `manual` platforms (Telegram) the platform is asked, and a destination it accepts is kept on the account so posts may target it (unless the credential lacks `posts:write`: a read-only grant checks and stores nothing); on `list` platforms `input` must name one of the listed destinations. A refusal is 400 naming `input`.",
  request: { params: DestinationsParam, body: jsonBody(DestinationCheckBody) },
  responses: { 200: ok(DestinationsSchema, "The destination, as the platform names it") },
  errors: [...errors, "busy"],
});

export const destinationRoutes = createRouter()
  .openapi(list, async (c) => {
    const data = await listDestinations(c.var.rt, c.var.principal.userId, c.req.valid("param").accountId, {
      fresh: c.req.valid("query").fresh ?? false,
    });
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(check, async (c) => {
    const { accountId } = c.req.valid("param");
    const data = await checkDestination(c.var.rt, c.var.principal, accountId, c.req.valid("json").input);
    return c.json({ success: true as const, data }, 200);
  });
