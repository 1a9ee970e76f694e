// Agent tools for accounts: list the connected accounts and an account's destinations.
import { z } from "@hono/zod-openapi";
import { AccountListQuery, AccountSchema } from "../../schemas/accounts";
import { DestinationCheckBody, DestinationsParam, DestinationsSchema } from "../../schemas/destinations";
import { listAccounts, presentAccount } from "../../services/accounts/accounts";
import { checkDestination, listDestinations } from "../../services/accounts/destinations";
import { defineTool } from "../define";

export const listAccountsTool = defineTool({
  name: "list_accounts",
  title: "List connected accounts",
  description:
    "The user's connected social accounts, oldest first. Each has its `id` (the `accountId` other tools take), `platform` and `text_limit`, the most characters a post on it may have.",
  input: z.object(AccountListQuery.shape),
  output: z.object({ accounts: z.array(AccountSchema) }),
  scopes: ["accounts:read"],
  readOnly: true,
  idempotent: true,
  openWorld: false,
  run: async ({ rt, principal }, input) => ({
    accounts: (await listAccounts(rt, principal.userId, input.platform)).map(presentAccount),
  }),
});

export const listAccountDestinationsTool = defineTool({
  name: "list_account_destinations",
  title: "List where an account can post",
  description:
    "The channels, communities or lists an account can post to (`mode: list`), or those checked so far where the user types one (`mode: manual`, Telegram). Pass a destination's `id` as `metadata.destination_id` of that account's target. `input` checks one name the user gave (and keeps it for posts, unless the grant is read-only); `fresh: true` asks the platform instead of the 5-minute cache.",
  input: z.object({
    accountId: DestinationsParam.shape.accountId,
    input: DestinationCheckBody.shape.input.optional(),
    fresh: z.boolean().optional().describe("true asks the platform now instead of the 5-minute cache"),
  }),
  output: DestinationsSchema,
  scopes: ["posts:read"],
  readOnly: true,
  idempotent: true,
  openWorld: true,
  run: ({ rt, principal }, { accountId, input, fresh }) =>
    input === undefined
      ? listDestinations(rt, principal.userId, accountId, { fresh })
      : checkDestination(rt, principal, accountId, input),
});
