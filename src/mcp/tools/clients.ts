// Agent tools for client invites: create one and list them.
import { z } from "@hono/zod-openapi";
import {
  ClientInviteCreateSchema,
  ClientInviteListQuery,
  ClientInviteSchema,
  CreatedClientInviteSchema,
} from "../../schemas/client-invites";
import { checkInvite, createClientInvite, listClientInvites } from "../../services/invites/manage";
import { INVITE_TTL_MS } from "../../services/invites/rules";
import { defineTool } from "../define";
import { asRestInput, camelShape } from "../input";

const CreateInput = z.object(camelShape(ClientInviteCreateSchema.shape)).strict();

const asCreateBody = (input: z.infer<typeof CreateInput>) =>
  asRestInput(ClientInviteCreateSchema, {
    group_id: input.groupId,
    platforms: input.platforms,
    max_accounts: input.maxAccounts,
  });

export const createClientInviteTool = defineTool({
  name: "create_client_invite",
  title: "Invite a client to connect accounts",
  description:
    "A link the user sends a client so the client connects their own social accounts into one of the user's account groups, without a Herald account. Valid 7 days; `maxAccounts` (1 to 50, default 5) places; each account counts toward the plan's account limit. The `url` is shown only in this answer. Asks for confirmation.",
  input: CreateInput,
  output: CreatedClientInviteSchema,
  scopes: ["accounts:write"],
  plan: "clientInvites",
  confirm: true,
  readOnly: false,
  idempotent: false,
  openWorld: false,
  preview: async ({ rt, principal }, input) => {
    const { group, platforms, maxAccounts } = await checkInvite(rt, principal, asCreateBody(input));
    const days = INVITE_TTL_MS / 86_400_000;
    return {
      summary: `Create an invite link into group "${group.name}" offering ${platforms.join(", ")}, for up to ${maxAccounts} accounts, valid ${days} days.`,
      details: { group_id: group.id, platforms, max_accounts: maxAccounts },
    };
  },
  run: ({ rt, principal }, input) => createClientInvite(rt, principal, asCreateBody(input)),
});

export const listClientInvitesTool = defineTool({
  name: "list_client_invites",
  title: "List client invites",
  description:
    "The user's client invite links, newest first: state (`active`, `used_up`, `expired`, `revoked`), places left, expiry, and the accounts each one added. `groupId` keeps one group's.",
  input: z.object(camelShape(ClientInviteListQuery.shape)).strict(),
  output: z.object({ invites: z.array(ClientInviteSchema) }),
  scopes: ["accounts:read"],
  readOnly: true,
  idempotent: true,
  openWorld: false,
  run: async ({ rt, principal }, { groupId }) => ({
    invites: await listClientInvites(rt, principal.userId, { groupId }),
  }),
});
