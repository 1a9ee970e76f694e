// REST routes for posting slots: CRUD, their occurrences, find-slot, and slots made from best times.
import { z } from "@hono/zod-openapi";
import { SlotsFromBestTimesBody, SlotsFromBestTimesSchema } from "../../schemas/best-times";
import { DeletedSchema, IdParam, jsonBody, ok } from "../../schemas/common";
import {
  FindSlotQuery,
  FindSlotSchema,
  OccurrenceQuerySchema,
  OccurrenceSchema,
  SlotCreateSchema,
  SlotListQuery,
  SlotSchema,
  SlotUpdateSchema,
} from "../../schemas/slots";
import { findSlotFor } from "../../services/slots/find";
import { slotsFromBestTimes } from "../../services/slots/from-best-times";
import { listOccurrences } from "../../services/slots/occurrences";
import { createSlot, deleteSlot, listSlots, presentSlot, updateSlot } from "../../services/slots/store";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Posting slots"];

const list = authedRoute("posts:read", {
  operationId: "listPostingSlots",
  method: "get",
  path: "/api/v1/posting-slots",
  tags,
  summary: "List posting slots",
  description: "With `account_ids`, only the slots that post for at least one of them.",
  request: { query: SlotListQuery },
  responses: { 200: ok(z.array(SlotSchema), "The slots, by weekday and time") },
});

const create = authedRoute("posts:write", {
  operationId: "createPostingSlot",
  method: "post",
  path: "/api/v1/posting-slots",
  tags,
  summary: "Create a weekly posting slot",
  description:
    "A wall-clock time in the slot's zone on one weekday; it stays put when the clocks change. At most 100 slots per user (400 `slot_limit`).",
  request: { body: jsonBody(SlotCreateSchema) },
  responses: { 201: ok(SlotSchema, "The slot") },
  errors: ["slot_limit"],
});

const update = authedRoute("posts:write", {
  operationId: "updatePostingSlot",
  method: "patch",
  path: "/api/v1/posting-slots/{id}",
  tags,
  summary: "Change a posting slot",
  request: { params: IdParam, body: jsonBody(SlotUpdateSchema) },
  responses: { 200: ok(SlotSchema, "The slot") },
});

const remove = authedRoute("posts:write", {
  operationId: "deletePostingSlot",
  method: "delete",
  path: "/api/v1/posting-slots/{id}",
  tags,
  summary: "Delete a posting slot",
  request: { params: IdParam },
  responses: { 200: ok(DeletedSchema, "Deleted") },
});

const occurrences = authedRoute("posts:read", {
  operationId: "listSlotOccurrences",
  method: "get",
  path: "/api/v1/posting-slots/occurrences",
  tags,
  summary: "Slot occurrences in a date range",
  description:
    "Each occurrence of each slot on the days `from` to `to` in `timezone`: the UTC instant, the wall clock in that zone, and whether a post takes it.",
  request: { query: OccurrenceQuerySchema },
  responses: { 200: ok(z.array(OccurrenceSchema), "Occurrences, oldest first") },
});

const fromBestTimes = authedRoute("posts:write", {
  operationId: "createSlotsFromBestTimes",
  method: "post",
  path: "/api/v1/posting-slots/from-best-times",
  tags,
  summary: "Create posting slots at the accounts' best times",
  description:
    "Up to `count` weekly slots for `account_ids` at the best weekday and hour cells of their history (as `GET /analytics/best-times`, the accounts' posts read together), on the hour in the owner's zone; a cell where the same accounts have a slot already is skipped. They are ordinary slots: every slot rule applies, and nothing is created when one refuses (400 `slot_limit`) or there is too little history (409 `not_enough_history`).",
  request: { body: jsonBody(SlotsFromBestTimesBody) },
  responses: { 201: ok(SlotsFromBestTimesSchema, "The slots created and the cells they came from") },
  errors: ["slot_limit", "not_enough_history"],
});

const findSlot = authedRoute("posts:read", {
  operationId: "findSlot",
  method: "get",
  path: "/api/v1/find-slot",
  tags,
  summary: "Find and hold the next free posting slot",
  description:
    "The earliest occurrence within 60 days after `after` (default now) of a slot that posts for one of the accounts and is not taken (no scheduled, waiting or publishing post on these accounts within 5 minutes, no other hold). It is held for 10 minutes: schedule the post at `at` before `reserved_until`. A user holds at most 5 found slots at once (a post scheduled in one frees its place): past them 429 `too_many_holds` with `Retry-After`, the seconds until the oldest lapses; no hold is released to make room. A credential without `posts:write` (which could not schedule the post) is answered the same slot with `held: false` and `reserved_until: null`, and holds nothing.",
  request: { query: FindSlotQuery },
  responses: { 200: ok(FindSlotSchema, "The slot, held for you (or not held, for a read-only credential)") },
  errors: ["invalid_accounts", "no_slots", "no_free_slot", "too_many_holds"],
});

export const postingSlotRoutes = createRouter()
  .openapi(list, async (c) => {
    const rows = await listSlots(c.var.rt, c.var.principal.userId, c.req.valid("query").account_ids);
    return c.json({ success: true as const, data: rows.map(presentSlot) }, 200);
  })
  .openapi(create, async (c) => {
    const data = await createSlot(c.var.rt, c.var.principal.userId, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(fromBestTimes, async (c) => {
    const data = await slotsFromBestTimes(c.var.rt, c.var.principal.userId, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(occurrences, async (c) => {
    const data = await listOccurrences(c.var.rt, c.var.principal.userId, c.req.valid("query"));
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
    const at = after === undefined ? undefined : Date.parse(after);
    const data = await findSlotFor(c.var.rt, c.var.principal, account_ids ?? [], at);
    return c.json({ success: true as const, data }, 200);
  });
