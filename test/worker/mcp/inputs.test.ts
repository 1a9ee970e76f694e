import { beforeAll, describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { agentUser, call, type McpTestClient, mcpClient, ok, refused } from "../helpers/mcp";
import { resetClock } from "../helpers/posts";

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** A value of the shape `schema` declares (not always one the tool will accept: only its keys matter here). */
function sample(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = (schema.anyOf ?? schema.oneOf)?.find((s) => s.type !== "null");
  if (choice) return sample(choice);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string":
      if (schema.format === "date-time") return "2030-06-03T09:00:00.000Z";
      if (schema.format === "uri") return "https://example.com/a";
      return "x".repeat(Math.max(1, schema.minLength ?? 1));
    case "number":
    case "integer":
      return Math.max(1, schema.minimum ?? 1);
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? {}));
    default:
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, s]) => [key, sample(s)]));
  }
}

/** Every declared field of a tool, with `action` (when the tool has one) set to each of its values. */
function everyFieldCalls(inputSchema: JsonSchema): Record<string, unknown>[] {
  const all = sample(inputSchema) as Record<string, unknown>;
  const actions = inputSchema.properties?.action?.enum;
  return actions ? actions.map((action) => ({ ...all, action })) : [all];
}

/** Whether a refusal is about a key the tool did not expect (or names a REST `body` the tool does not have). */
const aboutUnknownKey = (refusal: { message: string; issues?: { path: string; message: string }[] }) =>
  /unrecognized|unknown key|not an input/i.test(refusal.message) ||
  /^body\b/.test(refusal.message) ||
  (refusal.issues ?? []).some((i) => i.path === "body" || /unrecognized|not an input/i.test(i.message));

let user: Awaited<ReturnType<typeof agentUser>>;
let mcp: McpTestClient;
let bluesky: string;

beforeAll(async () => {
  user = await agentUser("agency");
  await resetClock(user.key);
  bluesky = (await connect(user.key, "bluesky")).id;
  mcp = await mcpClient({ key: user.key });
});

/** `manage_posting_slots` adding a Monday 09:30 slot on the Bluesky account in `timezone`. */
const mondayAt0930 = (timezone: string) => ({
  action: "add",
  accountIds: [bluesky],
  weekday: 1,
  time: "09:30",
  timezone,
});

describe("a tool accepts every field its inputSchema declares", () => {
  it("generated from tools/list: a call with every declared field (each action) is never refused for an unknown key", async () => {
    expect(mcp.tools.length).toBeGreaterThan(25);
    const refusedForKeys: string[] = [];
    for (const tool of mcp.tools) {
      for (const args of everyFieldCalls(tool.inputSchema as JsonSchema)) {
        const { data, isError } = await call(mcp, tool.name, args);
        if (isError && aboutUnknownKey(data))
          refusedForKeys.push(`${tool.name} ${JSON.stringify(args)}: ${data.message}`);
      }
    }
    expect(refusedForKeys).toEqual([]);
  });

  it("manage_posting_slots adds a slot with confirm: true, as it declares", async () => {
    const added = await ok(mcp, "manage_posting_slots", { ...mondayAt0930("Europe/Berlin"), confirm: true });
    expect(added).toMatchObject({ status: "done", result: { slot: { weekday: 1, time: "09:30" } } });
    const slots = (await api("GET", "/api/v1/posting-slots", { key: user.key })).body.data;
    expect(slots.map((s: { id: string }) => s.id)).toContain(added.result.slot.id);
  });

  it("a refusal names the tool's own field, never body: a bad timezone is timezone, an unknown key is that key", async () => {
    const zone = await refused(mcp, "manage_posting_slots", mondayAt0930("Mars/Olympus_Mons"));
    expect(zone.code).toBe("validation_error");
    expect((zone.issues as { path: string }[]).map((i) => i.path)).toEqual(["timezone"]);
    expect(zone.message).toMatch(/^timezone: /);

    const unknown = await refused(mcp, "manage_posting_slots", { action: "list", colour: "blue" });
    expect(unknown).toMatchObject({
      code: "validation_error",
      message: "colour: not an input of this tool",
      issues: [{ path: "colour", message: "not an input of this tool" }],
    });
  });
});
