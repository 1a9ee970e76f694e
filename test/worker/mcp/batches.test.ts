import { beforeAll, describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { agentUser, postToMcp } from "../helpers/mcp";

const createDraft = (id: number, accountId: string) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: {
    name: "create_scheduled_post",
    arguments: { text: `Draft ${id}`, platforms: [{ platform: "bluesky", accountId }] },
  },
});

let user: Awaited<ReturnType<typeof agentUser>>;
let bluesky: string;

beforeAll(async () => {
  user = await agentUser("creator");
  bluesky = (await connect(user.key, "bluesky")).id;
});

const posts = () => api("GET", "/api/v1/posts", { key: user.key });
const remaining = (res: { headers: Headers }) => Number(res.headers.get("ratelimit-remaining"));

describe("N tool calls cost N", () => {
  it("a JSON-RPC batch of 20 tools/call is refused whole (-32600): no tool runs, and it counts as the one request it is", async () => {
    const before = await postToMcp(user.key, { jsonrpc: "2.0", id: 0, method: "ping" });
    expect(before.status).toBe(200);

    const batch = await postToMcp(
      user.key,
      Array.from({ length: 20 }, (_, i) => createDraft(i + 1, bluesky)),
    );
    expect(batch.status).toBe(400);
    expect(await batch.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: expect.stringContaining("batches are not accepted") },
    });
    expect(remaining(batch)).toBe(remaining(before) - 1);
    const none = await posts();
    expect(none.body.data).toEqual([]);

    // One call per request runs, and each request is one unit.
    const single = await postToMcp(user.key, createDraft(21, bluesky));
    expect(single.status).toBe(200);
    await single.text();
    expect(remaining(single)).toBe(remaining(none) - 1);
    expect((await posts()).body.data).toHaveLength(1);
  });

  it("a batch of notifications only, or an empty batch, is refused the same way", async () => {
    for (const body of [[], [{ jsonrpc: "2.0", method: "notifications/initialized" }]]) {
      const res = await postToMcp(user.key, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32600);
    }
  });
});
