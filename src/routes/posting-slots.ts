import { z } from "@hono/zod-openapi";
import { DeletedSchema, errorResponse, IdParam, jsonBody, ok } from "../schemas/common";
import {
  FindSlotQuery,
  FindSlotSchema,
  OccurrenceQuerySchema,
  OccurrenceSchema,
  SlotCreateSchema,
  SlotListQuery,
  SlotSchema,
  SlotUpdateSchema,
} from "../schemas/slots";
import { findNextFreeSlot, presentHeldSlot } from "../services/slots/find";
import { listOccurrences } from "../services/slots/occurrences";
import { createSlot, deleteSlot, listSlots, presentSlot, updateSlot } from "../services/slots/store";
import { authedRoute } from "./define";
import { createRouter } from "./router";

const tags = ["Posting slots"];

/** `a,b` → ["a", "b"]; undefined stays undefined. */
const idList = (text: string | undefined) =>
  text
    ?.split(",")
    .map((id) => id.trim())
    .filter(Boolean);

const list = authedRoute("posts:read", {
  method: "get",
  path: "/api/v1/posting-slots",
  tags,
  summary: "List posting slots",
  description: "With `account_ids`, only the slots that post for at least one of them.",
  request: { query: SlotListQuery },
  responses: { 200: ok(z.array(SlotSchema), "The slots, by weekday and time") },
});

const create = authedRoute("posts:write", {
  method: "post",
  path: "/api/v1/posting-slots",
  tags,
  summary: "Create a weekly posting slot",
  description:
    "A wall-clock time in the slot's zone on one weekday; it stays put when the clocks change. At most 100 slots per user (400 `slot_limit`).",
  request: { body: jsonBody(SlotCreateSchema) },
  responses: {
    201: ok(SlotSchema, "The slot"),
    400: errorResponse("`validation_error` naming the field, or `slot_limit`"),
  },
});

const update = authedRoute("posts:write", {
  method: "patch",
  path: "/api/v1/posting-slots/{id}",
  tags,
  summary: "Change a posting slot",
  request: { params: IdParam, body: jsonBody(SlotUpdateSchema) },
  responses: { 200: ok(SlotSchema, "The slot") },
});

const remove = authedRoute("posts:write", {
  method: "delete",
  path: "/api/v1/posting-slots/{id}",
  tags,
  summary: "Delete a posting slot",
  request: { params: IdParam },
  responses: { 200: ok(DeletedSchema, "Deleted") },
});

const occurrences = authedRoute("posts:read", {
  method: "get",
  path: "/api/v1/posting-slots/occurrences",
  tags,
  summary: "Slot occurrences in a date range",
  description:
    "Each occurrence of each slot on the days `from` to `to` in `timezone`: the UTC instant, the wall clock in that zone, and whether a post takes it.",
  request: { query: OccurrenceQuerySchema },
  responses: { 200: ok(z.array(OccurrenceSchema), "Occurrences, oldest first") },
});

const findSlot = authedRoute("posts:read", {
  method: "get",
  path: "/api/v1/find-slot",
  tags,
  summary: "Find and hold the next free posting slot",
  description:
    "The earliest occurrence within 60 days after `after` (default now) of a slot that posts for one of the accounts and is not taken (no scheduled, waiting or publishing post on these accounts within 5 minutes, no other hold). It is held for 10 minutes: schedule the post at `at` before `reserved_until`.",
  request: { query: FindSlotQuery },
  responses: {
    200: ok(FindSlotSchema, "The slot, held for you"),
    400: errorResponse("`invalid_accounts`: no account ids, or ids that are not your accounts"),
    404: errorResponse("`no_slots`: the accounts have no slots; `no_free_slot`: all taken for 60 days"),
    409: errorResponse("`busy`: another request is picking a slot for these accounts; retry"),
  },
});

export const postingSlotRoutes = createRouter()
  .openapi(list, async (c) => {
    const rows = await listSlots(c.var.rt, c.var.principal.userId, idList(c.req.valid("query").account_ids));
    return c.json({ success: true as const, data: rows.map(presentSlot) }, 200);
  })
  .openapi(create, async (c) => {
    const data = await createSlot(c.var.rt, c.var.principal.userId, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(occurrences, async (c) => {
    const { account_ids, ...query } = c.req.valid("query");
    const data = await listOccurrences(c.var.rt, c.var.principal.userId, { ...query, accountIds: idList(account_ids) });
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(update, async (c) => {
    const data = await updateSlot(c.var.rt, c.var.principal.userId, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(remove, async (c) => {
    const data = await deleteSlot(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(findSlot, async (c) => {
    const { account_ids, after } = c.req.valid("query");
    const pick = await findNextFreeSlot(
      c.var.rt,
      c.var.principal.userId,
      idList(account_ids) ?? [],
      after === undefined ? undefined : Date.parse(after),
      { hold: true },
    );
    return c.json({ success: true as const, data: presentHeldSlot(pick) }, 200);
  });
