import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { FUTURE, publishedCalls, resetClock, runDue, settled } from "../helpers/posts";

// Reddit and Google Business Profile in the sandbox: every rule answered per target when the post is scheduled, and
// the journey from create to published with what the sandbox platform recorded.

const IMAGE = { type: "image", url: "https://cdn.example/p.png" };
const VIDEO = { type: "video", url: "https://cdn.example/v.mp4", cover_url: "https://cdn.example/c.png" };

let user: { userId: string; key: string };
let reddit: string;
let business: string;

const postCount = async (userId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM posts WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

/** The per-target codes of a refused create, as `platform:code`; the test fails if it was not refused. */
async function refusedCodes(body: Record<string, unknown>) {
  const before = await postCount(user.userId);
  const res = await api("POST", "/api/v1/posts", {
    key: user.key,
    body: { schedule_type: "scheduled", scheduled_at: FUTURE, ...body },
  });
  expect([res.status, res.body.error?.code]).toEqual([400, "validation_error"]);
  expect(await postCount(user.userId)).toBe(before);
  return res.body.error.targets.map(
    (t: { platform: string; code: string; message: string }) => `${t.code}: ${t.message}`,
  );
}

const SUBREDDITS = [
  {
    id: "r/herald",
    label: "r/herald — Herald",
    rules: {
      post_kinds: ["self", "link", "image"],
      flair_required: true,
      flairs: [{ id: "f-news", text: "News" }],
      title_max: 120,
    },
  },
  { id: "r/anything", label: "r/anything" },
];

beforeAll(async () => {
  user = await newUser();
  await resetClock(user.key);
  reddit = (await connect(user.key, "reddit", { destinations: SUBREDDITS })).id;
  business = (
    await connect(user.key, "google_business", {
      destinations: [{ id: "locations/555", label: "Corner Bakery — 1 High St, Leeds" }],
    })
  ).id;
});

const toReddit = (metadata: Record<string, unknown>) => [{ platform: "reddit", account_id: reddit, metadata }];

describe("Reddit: what a post must be, refused per target when it is scheduled", () => {
  it("needs a subreddit and a title", async () => {
    expect(await refusedCodes({ text: "Hi", platforms: toReddit({}) })).toEqual([
      "destination_required: reddit needs metadata.destination_id",
      "option_required: A Reddit post needs metadata.title (up to 300 characters)",
    ]);
  });

  it("holds a title to 300 characters, and to the subreddit's own limit", async () => {
    const long = await refusedCodes({
      text: "Hi",
      platforms: toReddit({ destination_id: "r/anything", title: "t".repeat(301) }),
    });
    expect(long).toEqual(["invalid_option: metadata.title: Too big: expected string to have <=300 characters"]);
    const over = await refusedCodes({
      text: "Hi",
      platforms: toReddit({ destination_id: "r/herald", title: "t".repeat(121), flair_id: "f-news" }),
    });
    expect(over).toEqual(["invalid_option: r/herald takes titles up to 120 characters"]);
  });

  it("refuses a post without the flair a subreddit requires, or with a flair it does not have", async () => {
    expect(await refusedCodes({ text: "Hi", platforms: toReddit({ destination_id: "r/herald", title: "T" }) })).toEqual(
      ["flair_required: r/herald requires flair: set metadata.flair_id: one of f-news (News)"],
    );
    expect(
      await refusedCodes({
        text: "Hi",
        platforms: toReddit({ destination_id: "r/herald", title: "T", flair_id: "f-x" }),
      }),
    ).toEqual(["invalid_option: metadata.flair_id: f-x is not one of r/herald's flairs"]);
  });

  it("refuses a kind the subreddit does not take, and what each kind has no place for", async () => {
    const herald = { destination_id: "r/herald", title: "T", flair_id: "f-news" };
    expect(await refusedCodes({ text: "", media: [VIDEO], platforms: toReddit(herald) })).toEqual([
      "post_kind_not_allowed: r/herald takes self, link, image posts, not video",
    ]);
    const anything = { destination_id: "r/anything", title: "T" };
    expect(await refusedCodes({ text: "", platforms: toReddit({ ...anything, kind: "link" }) })).toEqual([
      "option_required: A Reddit link post needs metadata.url",
    ]);
    expect(
      await refusedCodes({
        text: "Words",
        platforms: toReddit({ ...anything, kind: "link", url: "https://herald.example" }),
      }),
    ).toEqual([
      'text_not_supported: A Reddit link post has no body text: use kind self, or set platform_overrides.reddit.text to ""',
    ]);
    expect(await refusedCodes({ text: "", media: [IMAGE, IMAGE], platforms: toReddit(anything) })).toEqual([
      "media_not_supported: reddit takes one image or one video",
      "media_not_supported: A Reddit image post takes exactly one image",
    ]);
    expect(
      await refusedCodes({ text: "x", media: [IMAGE], platforms: toReddit({ ...anything, kind: "self" }) }),
    ).toEqual(["media_not_supported: A Reddit self post takes no media: use kind image or video"]);
    expect(await refusedCodes({ text: "", platforms: toReddit({ ...anything, kind: "poll" }) })).toEqual([
      'invalid_option: metadata.kind: Invalid option: expected one of "self"|"link"|"image"|"video"',
    ]);
  });

  it("publishes a text post from create to published, the sandbox recording its title, flair and flags", async () => {
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "We shipped **Herald** today.",
        schedule_type: "scheduled",
        scheduled_at: FUTURE,
        platforms: toReddit({
          destination_id: "r/herald",
          title: "Launch day",
          flair_id: "f-news",
          nsfw: false,
          spoiler: true,
        }),
      },
    });
    expect(res.status).toBe(201);
    await runDue(user.key);
    const post = await settled(user.key, res.body.data.id);
    expect(post.platforms[0]).toMatchObject({ platform: "reddit", status: "published" });
    const [call] = await publishedCalls(user.key, reddit);
    expect(call).toMatchObject({
      platform: "reddit",
      kind: "publish",
      text: "We shipped **Herald** today.",
      destinationId: "r/herald",
      options: { title: "Launch day", flair_id: "f-news", nsfw: false, spoiler: true },
    });
  });

  it("publishes an image post to a subreddit with no stated rules", async () => {
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "",
        media: [IMAGE],
        schedule_type: "immediate",
        platforms: toReddit({ destination_id: "r/anything", title: "Look" }),
      },
    });
    expect(res.status).toBe(201);
    expect((await settled(user.key, res.body.data.id)).platforms[0].status).toBe("published");
  });
});

const toLocation = (metadata: Record<string, unknown>) => [
  { platform: "google_business", account_id: business, metadata: { destination_id: "locations/555", ...metadata } },
];
const EVENT = { title: "Bake-off", start: "2030-06-10T10:00", end: "2030-06-10T16:30" };

describe("Google Business Profile: what a local post must be, refused per target when it is scheduled", () => {
  it("needs a location, and text up to 1,500 characters for a standard post", async () => {
    expect(
      await refusedCodes({
        text: "Hi",
        platforms: [{ platform: "google_business", account_id: business, metadata: {} }],
      }),
    ).toEqual(["destination_required: google_business needs metadata.destination_id"]);
    expect(await refusedCodes({ text: "x".repeat(1501), platforms: toLocation({}) })).toEqual([
      expect.stringMatching(/^text_too_long: 1501 characters; account .* allows 1500$/),
    ]);
    expect(await refusedCodes({ text: "", platforms: toLocation({}) })).toEqual([
      "text_required: A standard Google post needs text",
    ]);
  });

  it("an event or an offer needs its event; a standard post takes neither; dates run forwards", async () => {
    expect(await refusedCodes({ text: "Hi", platforms: toLocation({ topic_type: "EVENT" }) })).toEqual([
      "option_required: A Google event post needs metadata.event { title, start, end }",
    ]);
    expect(
      await refusedCodes({ text: "Hi", platforms: toLocation({ topic_type: "OFFER", offer: { coupon_code: "X" } }) }),
    ).toEqual(["option_required: A Google offer post needs metadata.event { title, start, end }"]);
    expect(await refusedCodes({ text: "Hi", platforms: toLocation({ event: EVENT }) })).toEqual([
      "invalid_option: metadata.event and metadata.offer need topic_type EVENT or OFFER",
    ]);
    expect(
      await refusedCodes({
        text: "Hi",
        platforms: toLocation({ topic_type: "EVENT", event: { ...EVENT, end: "2030-06-09" } }),
      }),
    ).toEqual(["invalid_option: metadata.event.end is before its start"]);
    expect(
      await refusedCodes({
        text: "Hi",
        platforms: toLocation({ topic_type: "EVENT", event: { ...EVENT, start: "10 June" } }),
      }),
    ).toEqual([
      "invalid_option: metadata.event.start: a date (YYYY-MM-DD) or a local date and time (YYYY-MM-DDTHH:MM)",
    ]);
    expect(
      await refusedCodes({
        text: "Hi",
        platforms: toLocation({ topic_type: "EVENT", event: { ...EVENT, titel: "x" } }),
      }),
    ).toEqual(["invalid_option: metadata.event.titel: not an option of google_business"]);
  });

  it("a call to action: CALL without a url, the others with one, none on an offer", async () => {
    expect(
      await refusedCodes({
        text: "Hi",
        platforms: toLocation({ call_to_action: { action_type: "CALL", url: "https://bakery.example" } }),
      }),
    ).toEqual([
      "invalid_option: metadata.call_to_action: CALL takes no url (Google calls the location's phone number)",
    ]);
    expect(
      await refusedCodes({ text: "Hi", platforms: toLocation({ call_to_action: { action_type: "BOOK" } }) }),
    ).toEqual(["option_required: metadata.call_to_action: BOOK needs a url"]);
    expect(
      await refusedCodes({
        text: "Hi",
        platforms: toLocation({ topic_type: "OFFER", event: EVENT, call_to_action: { action_type: "CALL" } }),
      }),
    ).toEqual(["invalid_option: Google ignores call_to_action on offers: use metadata.offer.redeem_url"]);
  });

  it("one photo or one video", async () => {
    expect(await refusedCodes({ text: "Hi", media: [IMAGE, IMAGE], platforms: toLocation({}) })).toEqual([
      "media_not_supported: google_business takes one photo or one video",
    ]);
  });

  it("publishes an offer from create to published, the sandbox recording its event, offer and location", async () => {
    const offer = { coupon_code: "LOAF10", redeem_url: "https://bakery.example/offer", terms: "One per customer" };
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "10% off every loaf this week",
        media: [IMAGE],
        schedule_type: "scheduled",
        scheduled_at: FUTURE,
        platforms: toLocation({ topic_type: "OFFER", event: EVENT, offer }),
      },
    });
    expect(res.status).toBe(201);
    await runDue(user.key);
    expect((await settled(user.key, res.body.data.id)).platforms[0]).toMatchObject({ status: "published" });
    const [call] = await publishedCalls(user.key, business);
    expect(call).toMatchObject({
      platform: "google_business",
      text: "10% off every loaf this week",
      destinationId: "locations/555",
      options: { topic_type: "OFFER", event: EVENT, offer },
    });
  });
});
