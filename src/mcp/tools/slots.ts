// Agent tools for posting slots: find the next free slot and manage the weekly slots.
import { z } from "@hono/zod-openapi";
import { validationError } from "../../lib/errors";
import { DeletedSchema, IdParam } from "../../schemas/common";
import { FindSlotSchema, SlotCreateSchema, SlotSchema, SlotUpdateSchema } from "../../schemas/slots";
import { findSlotFor } from "../../services/slots/find";
import { createSlot, deleteSlot, getSlot, listSlots, presentSlot, updateSlot } from "../../services/slots/store";
import { defineTool } from "../define";
import { asRestInput, camelShape } from "../input";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export const findNextSlotTool = defineTool({
  name: "find_next_slot",
  title: "Find and hold the next free posting slot",
  description:
    "The earliest free occurrence within 60 days after `after` (default now) of a posting slot of these accounts, held for 10 minutes so no other request gets it: create the post at `at` before `reserved_until`. At most 5 held at once (a post scheduled in one frees its place): past them `too_many_holds` with `retry_after` seconds. Without `posts:write` the slot is answered with `held: false` and nothing is held. Refusals: `invalid_accounts`, `no_slots`, `no_free_slot`, `too_many_holds`.",
  input: z
    .object({
      ...camelShape(SlotCreateSchema.shape, ["account_ids"]),
      after: z.iso.datetime({ offset: true }).optional().describe("Look after this time (default now)"),
    })
    .strict(),
  output: FindSlotSchema,
  scopes: ["posts:read"],
  readOnly: false,
  idempotent: false,
  openWorld: false,
  run: async ({ rt, principal }, { accountIds, after }) =>
    findSlotFor(rt, principal, accountIds, after === undefined ? undefined : Date.parse(after)),
});

export const managePostingSlotsTool = defineTool({
  name: "manage_posting_slots",
  title: "List, add, change or remove posting slots",
  description:
    "Weekly posting slots: a wall-clock `time` (HH:mm) or `minutes` after midnight on a `weekday` (0 Sunday … 6 Saturday) in a `timezone`, for some accounts. `action: list` (optionally only those of `accountIds`), `add` (`accountIds`, `weekday`, `time` or `minutes`, `timezone`), `update` (`slotId` and the fields to change), `remove` (`slotId`; asks for confirmation). At most 100 slots per user.",
  input: z
    .object({
      action: z.enum(["list", "add", "update", "remove"]),
      slotId: IdParam.shape.id.optional().describe("The slot to update or remove"),
      ...camelShape(SlotUpdateSchema.shape),
    })
    .strict(),
  output: z.object({
    slots: z.array(SlotSchema).optional().describe("With list: the slots, by weekday and time"),
    slot: SlotSchema.optional().describe("With add and update: the slot"),
    removed: DeletedSchema.optional().describe("With remove"),
  }),
  scopes: ["posts:read"],
  callScopes: ({ action }) => (action === "list" ? [] : ["posts:write"]),
  destructive: ({ action }) => action === "remove",
  readOnly: false,
  idempotent: false,
  openWorld: false,
  preview: async ({ rt, principal }, { slotId }) => {
    const slot = await getSlot(rt, principal.userId, requireSlotId(slotId));
    return {
      summary: `Remove the posting slot ${slot.id}: ${WEEKDAYS[slot.weekday]}s at ${slot.time} ${slot.timezone}, for ${slot.account_ids.join(", ")}. Posts already scheduled keep their time.`,
      details: { action: "remove", slot },
    };
  },
  run: async ({ rt, principal }, { action, slotId, accountIds, ...fields }) => {
    const userId = principal.userId;
    const body = { account_ids: accountIds, ...fields };
    switch (action) {
      case "list":
        return { slots: (await listSlots(rt, userId, accountIds)).map(presentSlot) };
      case "add":
        return {
          slot: await createSlot(rt, userId, asRestInput(SlotCreateSchema, body as z.input<typeof SlotCreateSchema>)),
        };
      case "update":
        return { slot: await updateSlot(rt, userId, requireSlotId(slotId), asRestInput(SlotUpdateSchema, body)) };
      case "remove":
        return { removed: await deleteSlot(rt, userId, requireSlotId(slotId)) };
    }
  },
});

function requireSlotId(slotId: string | undefined): string {
  if (slotId === undefined) throw validationError("slotId", "required with this action");
  return slotId;
}
