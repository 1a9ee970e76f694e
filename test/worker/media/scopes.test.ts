import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { agentUser, mcpClient, mcpToken, ok, refused, toolNames } from "../helpers/mcp";
import { png, smallParts, stored, uploaded } from "../helpers/media";
import { accessTokenFor } from "../helpers/oauth-client";

let user: Awaited<ReturnType<typeof agentUser>>;
let media: { id: string; url: string };
let uploadId: string;

beforeAll(async () => {
  user = await agentUser("creator");
  await smallParts(user.key);
  media = await uploaded(user.key, await png(2, 2), { filename: "a.png", altText: "Kept" });
  const started = await api("POST", "/api/v1/media/uploads", {
    key: user.key,
    body: { filename: "clip.mp4", content_type: "video/mp4", size: 6 * 1024 * 1024 },
  });
  uploadId = started.body.data.upload_id;
});

/** A request with a bearer token, its body raw (a form or bytes) or JSON. */
async function withToken(token: string, method: string, path: string, body?: BodyInit | object) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let raw: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Uint8Array) raw = body as BodyInit;
  else if (body !== undefined) {
    raw = JSON.stringify(body);
    headers["content-type"] = "application/json";
  }
  const res = await exports.default.fetch(new Request(`http://herald.test${path}`, { method, headers, body: raw }));
  return { status: res.status, body: (await res.json()) as any };
}

describe("a posts:read credential and the media library", () => {
  it("lists and reads media and uploads; every write is 403 insufficient_scope and changes nothing", async () => {
    const token = await accessTokenFor(user, "posts:read");
    const list = await withToken(token, "GET", "/api/v1/media");
    expect([list.status, list.body.data.map((m: { id: string }) => m.id)]).toEqual([200, [media.id]]);
    expect((await withToken(token, "GET", `/api/v1/media/${media.id}`)).body.data.alt_text).toBe("Kept");
    expect((await withToken(token, "GET", `/api/v1/media/uploads/${uploadId}`)).status).toBe(200);

    const before = await stored();
    const form = new FormData();
    form.append("file", new File([await png()], "b.png", { type: "image/png" }));
    const writes: [string, string, (BodyInit | object)?][] = [
      ["POST", "/api/v1/media", form],
      ["PATCH", `/api/v1/media/${media.id}`, { alt_text: "Changed" }],
      ["DELETE", `/api/v1/media/${media.id}`],
      ["POST", "/api/v1/media/uploads", { filename: "b.mp4", content_type: "video/mp4", size: 1000 }],
      ["PUT", `/api/v1/media/uploads/${uploadId}/parts/2`, new Uint8Array(1024 * 1024)],
      ["POST", `/api/v1/media/uploads/${uploadId}/complete`],
      ["DELETE", `/api/v1/media/uploads/${uploadId}`],
    ];
    for (const [method, path, body] of writes) {
      const res = await withToken(token, method, path, body);
      expect([method, path, res.status, res.body.error.code]).toEqual([method, path, 403, "insufficient_scope"]);
    }
    expect(await stored()).toEqual(before);
    const parts = await env.DB.prepare("SELECT COUNT(*) AS n FROM media_upload_parts WHERE upload_id = ?")
      .bind(uploadId)
      .first<{ n: number }>();
    expect(parts!.n).toBe(0);
    expect((await api("GET", `/api/v1/media/${media.id}`, { key: user.key })).body.data.alt_text).toBe("Kept");
  });

  it("an agent with posts:read is listed list_media but not upload_media, and is refused it naming the scope", async () => {
    const mcp = await mcpClient({ token: await mcpToken(user, "posts:read agent:execute") });
    expect(toolNames(mcp)).toContain("list_media");
    expect(toolNames(mcp)).not.toContain("upload_media");
    expect((await ok(mcp, "list_media", {})).media.map((m: { id: string }) => m.id)).toEqual([media.id]);
    const before = await stored();
    const refusal = await refused(mcp, "upload_media", { url: "https://cdn.example.com/a.png" });
    expect(refusal).toMatchObject({ code: "insufficient_scope", scopes: ["posts:write"] });
    expect(await stored()).toEqual(before);
  });
});
