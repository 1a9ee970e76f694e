import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { WEBHOOK_SWITCHED_OFF } from "../../src/db/schema/notifications";
import { type NewNotification, notificationInsert } from "../../src/services/notifications";
import { createRuntime } from "../../src/services/runtime";
import { api, newUser } from "./helpers/api";

const notice = (userId: string, message: string): NewNotification => ({
  userId,
  kind: WEBHOOK_SWITCHED_OFF,
  message,
  data: { webhook_id: "wh_x" },
});

it("notificationInsert writes a notification the owner lists, once per dedupe key, only if its condition holds", async () => {
  const { userId, key } = await newUser();
  const other = await newUser();
  const rt = await createRuntime(env);
  const at = Date.parse("2030-01-02T03:04:05.000Z");
  await notificationInsert(rt, notice(userId, "first"), { dedupeKey: "k:1", at });
  await notificationInsert(rt, notice(userId, "first again"), { dedupeKey: "k:1" });
  await notificationInsert(rt, notice(userId, "refused"), { onlyIf: sql`0` });
  await rt.db.batch([notificationInsert(rt, notice(userId, "in a batch"), { onlyIf: sql`1` })]);
  await notificationInsert(rt, notice(other.userId, "not yours"));

  const listed = await api("GET", "/api/v1/notifications", { key });
  expect(listed.status).toBe(200);
  const messages = listed.body.data.map((n: { message: string }) => n.message);
  expect(messages.sort()).toEqual(["first", "in a batch"]);
  const first = listed.body.data.find((n: { message: string }) => n.message === "first");
  expect(first).toMatchObject({ kind: WEBHOOK_SWITCHED_OFF, data: { webhook_id: "wh_x" }, read_at: null });
  expect(first.created_at).toBe("2030-01-02T03:04:05.000Z");
});
