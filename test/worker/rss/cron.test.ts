import { afterAll, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { addFeed, feedOf, rss2, runChecks, stubFeeds } from "../helpers/feeds";
import { resetClock } from "../helpers/posts";
import { eventually } from "../helpers/wait";

const net = stubFeeds();
afterAll(() => net.restore());

it("queues each due active feed once per interval; the queue checks it; paused feeds are neither queued nor checked", async () => {
  const user = await newUser("creator");
  await resetClock(user.key);
  const account = await connect(user.key, "bluesky");
  const [pausedUrl, activeUrl] = ["http://localhost:9000/paused.xml", "http://localhost:9000/active.xml"];
  const doc = rss2([{ title: "Old", link: "https://example.com/old", guid: "old" }]);
  net.serve(pausedUrl, doc);
  net.serve(activeUrl, doc);
  const paused = await addFeed(user.key, { url: pausedUrl, account_ids: [account.id] });
  const active = await addFeed(user.key, { url: activeUrl, account_ids: [account.id] });
  await api("POST", `/api/v1/rss-feeds/${paused.id}/pause`, { key: user.key, body: { paused: true } });
  await runChecks(paused.id);
  expect(net.requests(pausedUrl)).toEqual([]);

  const tick = async () =>
    (await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["feed-checks"] } })).body.data.results[
      "feed-checks"
    ];
  expect(await tick()).toEqual({ queued: 1 });
  expect(await tick()).toEqual({ queued: 0 });
  await eventually(async () => ((await feedOf(user.key, active.id)).last_checked_at ? true : undefined), "a check");
  expect(net.requests(activeUrl)).toHaveLength(1);
  expect(net.requests(pausedUrl)).toEqual([]);

  await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 15 * 60_000 } });
  expect(await tick()).toEqual({ queued: 1 });
  await eventually(async () => (net.requests(activeUrl).length === 2 ? true : undefined), "a second check");
});
