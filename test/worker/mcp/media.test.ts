import { beforeAll, describe, expect, it } from "vitest";
import { connect } from "../helpers/api";
import { agentUser, mcpClient, ok, refused } from "../helpers/mcp";
import { png } from "../helpers/media";
import { FUTURE, resetClock } from "../helpers/posts";
import { scriptWorkerFetch } from "../helpers/production";

let user: Awaited<ReturnType<typeof agentUser>>;
let mcp: Awaited<ReturnType<typeof mcpClient>>;

beforeAll(async () => {
  user = await agentUser("creator");
  await resetClock(user.key);
  mcp = await mcpClient({ key: user.key });
});

describe("upload_media and list_media", () => {
  it("fetches a file from a public host, reads its type from the bytes, and a post takes it as mediaId", async () => {
    const bytes = await png(3, 3);
    scriptWorkerFetch([
      {
        expect: "GET https://cdn.example.com/photo.jpg",
        // The host says JPEG; the bytes are a PNG: the bytes win.
        answer: () => new Response(bytes, { headers: { "content-type": "image/jpeg" } }),
      },
    ]);
    const media = await ok(mcp, "upload_media", { url: "https://cdn.example.com/photo.jpg", altText: "Three" });
    expect(media).toMatchObject({ type: "image", content_type: "image/png", width: 3, alt_text: "Three" });
    const listed = await ok(mcp, "list_media", { type: "image" });
    expect(listed.media.map((m: { id: string }) => m.id)).toEqual([media.id]);
    const bluesky = (await connect(user.key, "bluesky")).id;
    const post = await ok(mcp, "create_scheduled_post", {
      text: "From the library",
      platforms: [{ platform: "bluesky", accountId: bluesky }],
      media: [{ mediaId: media.id }],
      scheduleType: "scheduled",
      scheduledAt: FUTURE,
    });
    expect(post.media).toEqual([{ media_id: media.id, type: "image", url: media.url }]);
  });

  it("refuses a private address without fetching it, and a file that is not media", async () => {
    const platform = scriptWorkerFetch([
      { expect: "GET https://cdn.example.com/notes.txt", answer: () => new Response("just text") },
    ]);
    const privateHost = await refused(mcp, "upload_media", { url: "http://10.0.0.7/a.png" });
    expect(privateHost.code).toBe("validation_error");
    const text = await refused(mcp, "upload_media", { url: "https://cdn.example.com/notes.txt" });
    expect(text.code).toBe("unsupported_media_type");
    expect(platform.sent.map((s) => s.url)).toEqual(["https://cdn.example.com/notes.txt"]);
  });
});
