import { PassThrough } from "node:stream";
import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { confirm } from "../../cli/confirm";
import { UsageError } from "../../cli/errors";
import { idList, jsonArray, videoCover, weekday } from "../../cli/parse";
import { type PostFlags, postBody } from "../../cli/post-body";

const flags = (given: Partial<PostFlags>): PostFlags => ({
  alt: [],
  videoCover: [],
  detached: [],
  thread: [],
  ...given,
});
const image = (n: number) => ({ type: "image", url: `https://m.example/${n}.png` });
const video = (n: number) => ({ type: "video", url: `https://m.example/${n}.mp4` });

describe("posts create|update flags → post fields", () => {
  it("maps the flags to the API's fields and sends only what was given", () => {
    expect(postBody(flags({}))).toEqual({});
    expect(
      postBody(
        flags({
          text: "hi",
          platforms: [{ platform: "bluesky", account_id: "acct_1" }],
          scheduleType: "scheduled",
          scheduledAt: "2026-12-01T09:00",
          timezone: "Europe/Berlin",
          nextSlot: true,
        }),
      ),
    ).toEqual({
      text: "hi",
      platforms: [{ platform: "bluesky", account_id: "acct_1" }],
      schedule_type: "scheduled",
      scheduled_at: "2026-12-01T09:00",
      timezone: "Europe/Berlin",
      next_slot: true,
    });
  });

  it("gives the n-th --alt to the n-th image and the n-th --video-cover to the n-th video", () => {
    const body = postBody(
      flags({
        media: [video(1), image(1), video(2), image(2), image(3)],
        alt: ["one", "two"],
        videoCover: [{ cover_url: "https://m.example/c.jpg" }, { cover_time_ms: 0 }],
      }),
    );
    expect(body.media).toEqual([
      { ...video(1), cover_url: "https://m.example/c.jpg" },
      { ...image(1), alt_text: "one" },
      { ...video(2), cover_time_ms: 0 },
      { ...image(2), alt_text: "two" },
      image(3),
    ]);
  });

  it("a cover replaces the video's other kind of cover", () => {
    const body = postBody(
      flags({ media: [{ ...video(1), cover_url: "https://m.example/old.jpg" }], videoCover: [{ cover_time_ms: 900 }] }),
    );
    expect(body.media).toEqual([{ ...video(1), cover_time_ms: 900 }]);
  });

  it("refuses more --alt than images and more --video-cover than videos, naming the flag", () => {
    expect(() => postBody(flags({ media: [image(1), video(1)], alt: ["a", "b"] }))).toThrow(
      new UsageError("--alt: given 2 times but there is 1 image in the media"),
    );
    expect(() => postBody(flags({ alt: ["a"] }), { media: [], platform_overrides: {} })).toThrow(
      /^--alt: given once but there are 0 images/,
    );
    expect(() => postBody(flags({ media: [image(1)], videoCover: [{ cover_time_ms: 1 }] }))).toThrow(/^--video-cover:/);
  });

  it("on update, alt text and covers apply to the post's media, and --detached keeps the other overrides", () => {
    const current = {
      media: [image(1), video(1)],
      platform_overrides: { bluesky: { detached: true, text: "own" }, twitter: { signature_id: "sig_1" } },
    };
    expect(postBody(flags({ alt: ["described"], detached: ["twitter", "threads"] }), current)).toEqual({
      media: [{ ...image(1), alt_text: "described" }, video(1)],
      platform_overrides: {
        bluesky: { detached: true, text: "own" },
        twitter: { signature_id: "sig_1", detached: true },
        threads: { detached: true },
      },
    });
    // --media given: the post's media is replaced, not edited.
    expect(postBody(flags({ media: [image(9)], alt: ["nine"] }), current).media).toEqual([
      { ...image(9), alt_text: "nine" },
    ]);
  });
});

describe("flag values", () => {
  it("--weekday takes mon…sun, whole names and 0-6 with 0 for Sunday", () => {
    expect(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map(weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(["Sunday", "MONDAY", "thurs", "0", "6"].map(weekday)).toEqual([0, 1, 4, 0, 6]);
    for (const bad of ["7", "-1", "m", "mo", "funday", ""])
      expect(() => weekday(bad), bad).toThrow(InvalidArgumentError);
  });

  it("--video-cover is milliseconds or an http(s) URL", () => {
    expect(videoCover("1500")).toEqual([{ cover_time_ms: 1500 }]);
    expect(videoCover("https://m.example/c.jpg", [{ cover_time_ms: 1 }])).toEqual([
      { cover_time_ms: 1 },
      { cover_url: "https://m.example/c.jpg" },
    ]);
    for (const bad of ["1.5s", "-3", "ftp://m.example/c.jpg", "cover.jpg"])
      expect(() => videoCover(bad), bad).toThrow(InvalidArgumentError);
  });

  it("JSON arrays and id lists", () => {
    expect(jsonArray('[{"a":1}]')).toEqual([{ a: 1 }]);
    expect(() => jsonArray("{}")).toThrow("Expected a JSON array.");
    expect(() => jsonArray("[")).toThrow(/^Expected a JSON array: /);
    expect(idList(" a, b,,c ")).toEqual(["a", "b", "c"]);
    expect(() => idList(",")).toThrow(InvalidArgumentError);
  });
});

describe("confirmation", () => {
  const terminal = (answer: string) => {
    const input = Object.assign(new PassThrough(), { isTTY: true });
    const output = new PassThrough();
    setTimeout(() => input.write(`${answer}\n`), 10);
    return { input, output };
  };

  it("asks on a terminal and goes on only on yes", async () => {
    await expect(confirm("Add it?", false, terminal("y"))).resolves.toBeUndefined();
    await expect(confirm("Add it?", false, terminal("yes"))).resolves.toBeUndefined();
    await expect(confirm("Add it?", false, terminal("n"))).rejects.toMatchObject({ code: "not_confirmed" });
    await expect(confirm("Add it?", false, terminal(""))).rejects.toMatchObject({ code: "not_confirmed" });
  });

  it("--yes skips the question; without a terminal and without --yes it refuses", async () => {
    const pipe = { input: new PassThrough(), output: new PassThrough() };
    await expect(confirm("Add it?", true, pipe)).resolves.toBeUndefined();
    await expect(confirm("Add it?", false, pipe)).rejects.toMatchObject({ code: "confirmation_required" });
  });
});
