import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adapterDeps } from "../../../src/platforms";
import { MastodonAdapter } from "../../../src/platforms/fediverse/mastodon";
import type { PlatformAccount } from "../../../src/platforms/types";
import { XAdapter } from "../../../src/platforms/x";
import { mediaUrl, storeMedia } from "../../../src/services/media/objects";
import { createRuntime } from "../../../src/services/runtime";
import { json, scriptedPlatform } from "../helpers/platform";

/** An adapter built as the Worker builds it, with the platform's side scripted: no request for Herald's own media. */
async function withStored(contentType: string, size: number) {
  const rt = await createRuntime(env);
  const key = await storeMedia(rt, new Uint8Array(size).fill(7), contentType);
  return { rt, url: mediaUrl(rt, key) };
}

describe("adapters that upload bytes read Herald's own media from R2, never from its public address", () => {
  it("Mastodon uploads the stored file with its type and size", async () => {
    const { rt, url } = await withStored("image/png", 3000);
    const INSTANCE = "https://mastodon.example";
    const platform = scriptedPlatform([
      { expect: `POST ${INSTANCE}/api/v2/media`, answer: json(200, { id: "1", type: "image", url: `${INSTANCE}/1` }) },
      { expect: `POST ${INSTANCE}/api/v1/statuses`, answer: json(200, { id: "9", url: `${INSTANCE}/@a/9` }) },
    ]);
    const account: PlatformAccount = {
      id: "acct_m",
      platform: "mastodon",
      platformUserId: "1@mastodon.example",
      subscriptionTier: null,
      destinations: [],
      credentials: { instanceUrl: INSTANCE, accessToken: "t" },
    };
    await new MastodonAdapter({ ...adapterDeps(rt), fetch: platform.deps.fetch }).publish(account, {
      text: "From the library",
      media: [{ type: "image", url }],
      options: {},
    });
    expect(platform.sent.map((s) => `${s.method} ${s.url}`)).not.toContain(`GET ${url}`);
    expect(platform.sent[0]!.body).toMatchObject({ file: { type: "image/png", size: 3000 } });
  });

  it("X uploads the stored image", async () => {
    const { rt, url } = await withStored("image/jpeg", 2048);
    const platform = scriptedPlatform([
      { expect: "POST https://api.x.com/2/media/upload", answer: json(200, { data: { id: "7", media_key: "3_7" } }) },
      { expect: "POST https://api.x.com/2/tweets", answer: json(201, { data: { id: "8", text: "hi" } }) },
    ]);
    const account: PlatformAccount = {
      id: "acct_x",
      platform: "twitter",
      platformUserId: "1",
      subscriptionTier: null,
      destinations: [],
      credentials: { accessToken: "x-access-token" },
    };
    await new XAdapter({ ...adapterDeps(rt), fetch: platform.deps.fetch }).publish(account, {
      text: "hi",
      media: [{ type: "image", url }],
      options: {},
    });
    expect(platform.sent).toHaveLength(2);
    expect(platform.sent[0]!.url).toBe("https://api.x.com/2/media/upload");
  });
});
