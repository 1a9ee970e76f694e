import { ProtocolError } from "@modelcontextprotocol/client";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN } from "../helpers/browser";
import { agentUser, mcpClient, postToMcp } from "../helpers/mcp";

let user: Awaited<ReturnType<typeof agentUser>>;

beforeAll(async () => {
  user = await agentUser("creator");
});

/** One raw JSON-RPC request as a 2025-era client sends it, and the one message answering it (JSON or SSE). */
const send = (method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  postToMcp(user.key, { jsonrpc: "2.0", id: 7, method, params }, headers);

async function rpc(method: string, params: Record<string, unknown> = {}) {
  const res = await send(method, params);
  const text = await res.text();
  const data = res.headers.get("content-type")?.startsWith("text/event-stream")
    ? text
        .split("\n")
        .filter((line) => line.startsWith("data: ") && line.length > 6)
        .map((line) => line.slice(6))
        .at(-1)!
    : text;
  return JSON.parse(data) as { id: number; result?: any; error?: { code: number; message: string; data?: unknown } };
}

describe("MCP completeness", () => {
  it("resources/templates/list answers an empty list, since resources are declared", async () => {
    expect(await rpc("resources/templates/list")).toEqual({ jsonrpc: "2.0", id: 7, result: { resourceTemplates: [] } });
    // The SDK's own client, on the current revision too.
    for (const modern of [false, true]) {
      const { client } = await mcpClient({ key: user.key }, { modern });
      expect((await client.listResourceTemplates()).resourceTemplates).toEqual([]);
    }
  });

  it("reading an unknown resource is resource-not-found: -32602 with data.uri naming it", async () => {
    const answer = await rpc("resources/read", { uri: "herald://no-such-thing" });
    expect(answer.error).toEqual({
      code: -32602,
      message: expect.stringContaining("herald://no-such-thing"),
      data: { uri: "herald://no-such-thing" },
    });
    const { client } = await mcpClient({ key: user.key }, { modern: true });
    const refused = await client.readResource({ uri: "herald://nope" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProtocolError);
    expect((refused as ProtocolError).data).toEqual({ uri: "herald://nope" });
  });

  it("refuses a request from a page of another site (its Origin) with 403, uncounted; its own origin and none pass", async () => {
    const first = await send("ping");
    const remaining = Number(first.headers.get("ratelimit-remaining"));
    for (const origin of ["https://evil.example.com", "null"]) {
      const refused = await send("ping", {}, { origin });
      expect([origin, refused.status, refused.headers.get("ratelimit-remaining")]).toEqual([origin, 403, null]);
    }
    const own = await send("ping", {}, { origin: ORIGIN });
    expect(own.status).toBe(200);
    expect(Number(own.headers.get("ratelimit-remaining"))).toBe(remaining - 1);
  });
});
