"""The SDK against a running Herald in sandbox mode (npm test starts one and sets HERALD_TEST_BASE_URL)."""

from __future__ import annotations

import time
import unittest
from datetime import datetime
from typing import Any, Callable, Optional

import herald
from herald import Herald, HeraldError, Page, SignatureError

from .support import BASE_URL, LoopbackServer, connect, needs_server, new_user, sandbox, sdk_routes

FUTURE = "2031-01-01T09:00:00Z"


def eventually(check: Callable[[], Any], what: str, timeout: float = 30.0) -> Any:
    deadline = time.time() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


@needs_server
class ServiceTest(unittest.TestCase):
    key: str
    client: Herald
    bluesky: dict
    mastodon: dict

    @classmethod
    def setUpClass(cls) -> None:
        cls.key = new_user("creator")
        cls.client = Herald(api_key=cls.key, base_url=BASE_URL)
        cls.bluesky = connect(cls.key, "bluesky")
        cls.mastodon = connect(cls.key, "mastodon")

    def target(self, account: Optional[dict] = None) -> dict:
        account = account or self.bluesky
        return {"platform": account["platform"], "account_id": account["id"]}

    def test_accounts_list_get_and_destinations(self) -> None:
        page = self.client.accounts.list()
        self.assertIsInstance(page, Page)
        self.assertEqual([(a["id"], a["text_limit"]) for a in page], [(self.bluesky["id"], 300), (self.mastodon["id"], 500)])
        self.assertEqual(self.client.accounts.list(platform="mastodon").items, [page.items[1]])
        self.assertEqual(self.client.accounts.get(self.bluesky["id"]), page.items[0])
        telegram = connect(self.key, "telegram")
        checked = self.client.accounts.check_destination(telegram["id"], "@heraldnews")
        self.assertEqual(checked["destinations"], [{"id": "@heraldnews", "label": "@heraldnews"}])
        self.assertEqual(self.client.accounts.destinations(telegram["id"], fresh=True)["mode"], "manual")
        self.assertEqual(self.client.accounts.disconnect(telegram["id"])["status"], "disconnected")

    def test_posts_create_get_update_unschedule_delete(self) -> None:
        post = self.client.posts.create(
            text="hello", platforms=[self.target()], schedule_type="scheduled", scheduled_at=FUTURE
        )
        self.assertEqual((post["status"], post["scheduled_at"]), ("scheduled", "2031-01-01T09:00:00.000Z"))
        self.assertEqual(self.client.posts.get(post["id"]), post)
        self.assertEqual(self.client.posts.update(post["id"], text="hello again")["text"], "hello again")
        evergreen = self.client.posts.update(post["id"], repeat={"every_days": 7, "times": 2})
        self.assertEqual((evergreen["repeat"], evergreen["repeat_of"]), ({"every_days": 7, "times": 2}, None))
        self.assertIsNone(self.client.posts.update(post["id"], repeat=None)["repeat"])
        dry = self.client.posts.dry_run(text="dry", platforms=[self.target()])
        self.assertTrue(dry["dry_run"])
        self.assertEqual(self.client.posts.unschedule(post["id"])["status"], "draft")
        self.assertEqual(self.client.posts.delete(post["id"]), {"id": post["id"], "deleted": True})
        with self.assertRaises(HeraldError) as gone:
            self.client.posts.get(post["id"])
        self.assertTrue(gone.exception.is_not_found)

    def test_posts_create_with_a_thread_and_a_first_comment(self) -> None:
        key = new_user("creator")
        client = Herald(api_key=key, base_url=BASE_URL)
        account = connect(key, "bluesky")
        thread = [{"text": "2/ the beans"}, {"text": "3/ the roast"}]
        post = client.posts.create(
            text="1/ our summer menu",
            thread=thread,
            first_comment={"text": "Questions welcome"},
            platforms=[self.target(account)],
            schedule_type="immediate",
        )
        self.assertEqual((post["thread"], post["first_comment"]), (
            [{"text": s["text"], "media": []} for s in thread],
            {"text": "Questions welcome"},
        ))
        done = eventually(
            lambda: (lambda p: p if p["status"] == "published" else None)(client.posts.get(post["id"])), "published"
        )
        [target] = done["platforms"]
        self.assertEqual([(s["index"], s["status"]) for s in target["segments"]], [(i, "published") for i in range(3)])
        self.assertEqual(target["first_comment"]["status"], "published")
        # What the platform received: each segment a reply to the one before, then the comment under the post itself.
        calls = sandbox("GET", "/api/v1/sandbox/published", key=key)
        ids = [s["platform_post_id"] for s in target["segments"]]
        self.assertEqual(
            [(c["kind"], c["text"], c["parent_platform_post_id"]) for c in calls],
            [
                ("publish", "1/ our summer menu", None),
                ("publish", "2/ the beans", ids[0]),
                ("publish", "3/ the roast", ids[1]),
                ("comment", "Questions welcome", ids[0]),
            ],
        )

    def test_posts_bulk_idempotency_and_cursor_iteration(self) -> None:
        key = new_user("creator")
        client = Herald(api_key=key, base_url=BASE_URL)
        account = connect(key, "bluesky")
        rows = [{"text": f"bulk {i}", "platforms": [self.target(account)]} for i in range(5)]
        made = client.posts.bulk(rows, idempotency_key="bulk-1")
        self.assertEqual(len(made), 5)
        self.assertEqual([p["id"] for p in client.posts.bulk(rows, idempotency_key="bulk-1")], [p["id"] for p in made])
        first = client.posts.create(text="once", platforms=[self.target(account)], idempotency_key="one-1")
        again = client.posts.create(text="once", platforms=[self.target(account)], idempotency_key="one-1")
        self.assertEqual(first["id"], again["id"])

        page = client.posts.list(limit=2)
        self.assertEqual((len(page.items), page.has_more()), (2, True))
        every = [p["id"] for p in page.auto_paging_iter()]
        self.assertEqual(len(every), 6)
        self.assertEqual(len(set(every)), 6)
        self.assertEqual([p["id"] for p in client.posts.iter_all(limit=4)], every)

    def test_slots_create_list_next_occurrences_update_delete(self) -> None:
        key = new_user("creator")
        client = Herald(api_key=key, base_url=BASE_URL)
        account = connect(key, "bluesky")
        slot = client.slots.create(account_ids=[account["id"]], weekday=1, time="09:30", timezone="Europe/Berlin")
        self.assertEqual(client.slots.list(account_ids=[account["id"]]).items, [slot])
        self.assertEqual(client.slots.update(slot["id"], time="10:00")["time"], "10:00")
        found = client.slots.next(account_ids=[account["id"]])
        self.assertEqual(found["slot_id"], slot["id"])
        week = client.slots.occurrences(from_="2031-01-05", to="2031-01-11", timezone="Europe/Berlin")
        self.assertEqual([o["date"] for o in week], ["2031-01-06"])
        client.slots.delete(slot["id"])
        with self.assertRaises(HeraldError) as none:
            client.slots.next(account_ids=[account["id"]])
        self.assertEqual((none.exception.code, none.exception.is_not_found), ("no_slots", True))

    def test_plugs_create_list_delete(self) -> None:
        instagram = connect(self.key, "instagram")
        post = self.client.posts.create(
            text="plugged", platforms=[self.target(instagram)], schedule_type="scheduled", scheduled_at=FUTURE
        )
        plug = self.client.plugs.create(
            post["id"],
            account_id=instagram["id"],
            trigger={"metric": "likes", "threshold": 10},
            action={"kind": "comment", "text": "Thanks!"},
        )
        self.assertEqual(plug["state"], "armed")
        self.assertEqual([p["id"] for p in self.client.plugs.list(post["id"])["plugs"]], [plug["id"]])
        self.assertEqual(self.client.plugs.delete(post["id"], plug["id"])["plug_id"], plug["id"])

    def test_rss_feeds_create_update_pause_resume_delete(self) -> None:
        feed = self.client.rss_feeds.create(url="http://127.0.0.1:9/feed.xml", account_ids=[self.bluesky["id"]])
        self.assertEqual(self.client.rss_feeds.list().items[0]["id"], feed["id"])
        self.assertEqual(self.client.rss_feeds.update(feed["id"], daily_cap=5)["daily_cap"], 5)
        self.assertEqual(self.client.rss_feeds.pause(feed["id"])["status"], "paused")
        self.assertEqual(self.client.rss_feeds.resume(feed["id"])["status"], "active")
        self.client.rss_feeds.delete(feed["id"])
        self.assertEqual(self.client.rss_feeds.list().items, [])

    def test_signatures_api_keys_events_notifications_and_health(self) -> None:
        signature = self.client.signatures.create(name="sig", text="— Herald")
        self.assertIn(signature["id"], [s["id"] for s in self.client.signatures.list()])
        self.assertEqual(self.client.signatures.update(signature["id"], text="— H")["text"], "— H")
        self.client.signatures.delete(signature["id"])
        made = self.client.api_keys.create("ci")
        self.assertEqual(Herald(api_key=made["key"], base_url=BASE_URL).accounts.list().items[0]["id"], self.bluesky["id"])
        self.assertIn(made["id"], [k["id"] for k in self.client.api_keys.list()])
        self.client.api_keys.revoke(made["id"])
        self.assertIsInstance(self.client.events.list().items, list)
        self.assertIsInstance(self.client.notifications.list(limit=5).items, list)
        self.assertEqual(self.client.health()["status"], "ok")

    def test_events_iterate_after_a_cursor(self) -> None:
        key = new_user("creator")
        client = Herald(api_key=key, base_url=BASE_URL)
        ids = sandbox("POST", "/api/v1/sandbox/events", {"event": "flow.error", "count": 5}, key)["event_ids"]
        self.assertEqual([e["id"] for e in client.events.iter_all(limit=2)], ids)
        self.assertEqual([e["id"] for e in client.events.list(after=ids[2]).items], ids[3:])

    def test_analytics_overview_and_post(self) -> None:
        post = self.client.posts.create(text="measured", platforms=[self.target()], schedule_type="immediate")
        published = eventually(
            lambda: (lambda p: p if p["status"] == "published" else None)(self.client.posts.get(post["id"])),
            "the post to publish",
        )
        overview = self.client.analytics.overview(from_="2020-01-01", account_ids=[self.bluesky["id"]])
        self.assertEqual(overview["from"], "2020-01-01T00:00:00.000Z")
        self.assertEqual([a["account_id"] for a in overview["accounts"]], [self.bluesky["id"]])
        self.assertGreaterEqual(overview["accounts"][0]["posts_published"], 1)
        self.assertEqual(overview["platforms"][0]["platform"], "bluesky")
        history = self.client.analytics.post(post["id"])
        self.assertEqual(history["targets"][0]["platform_post_id"], published["platforms"][0]["platform_post_id"])
        with self.assertRaises(HeraldError) as bad:
            self.client.analytics.overview(from_="yesterday")
        self.assertEqual((bad.exception.status, bad.exception.code), (400, "validation_error"))
        self.assertTrue(bad.exception.message.startswith("from:"))

    def test_followers_links_best_times_report_and_default_utm(self) -> None:
        followers = self.client.analytics.followers(self.bluesky["id"], from_="2020-01-01")
        self.assertEqual((followers["account_id"], followers["platform"]), (self.bluesky["id"], "bluesky"))
        self.assertIsInstance(followers["points"], list)
        links = self.client.analytics.links(from_="2020-01-01")
        self.assertEqual(links["from"], "2020-01-01T00:00:00.000Z")
        self.assertIsInstance(links["links"], list)
        best = self.client.analytics.best_times(self.bluesky["id"], days=30)
        self.assertEqual((best["account_id"], best["days"]), (self.bluesky["id"], 30))
        report = self.client.analytics.report(from_="2020-01-01", account_ids=[self.bluesky["id"]])
        self.assertEqual([a["account_id"] for a in report["accounts"]], [self.bluesky["id"]])
        new = connect(self.key, "mastodon")
        with self.assertRaises(HeraldError) as short:
            self.client.slots.from_best_times(account_ids=[new["id"]], count=2)
        self.assertEqual((short.exception.status, short.exception.code), (409, "not_enough_history"))
        self.assertEqual(self.client.slots.list(account_ids=[new["id"]]).items, [])
        utm = {"source": "{platform}", "medium": "social"}
        self.assertEqual(self.client.posts.set_default_utm(utm)["utm"], utm)
        self.assertEqual(self.client.posts.default_utm()["utm"], utm)
        self.assertIsNone(self.client.posts.set_default_utm(None)["utm"])

    def test_account_groups_and_client_invites(self) -> None:
        studio = new_user("studio")
        client = Herald(api_key=studio, base_url=BASE_URL)
        account = connect(studio, "instagram")
        group = client.account_groups.create(name="Acme Bakery", account_ids=[account["id"]])
        self.assertEqual(group["account_ids"], [account["id"]])
        self.assertEqual([g["id"] for g in client.account_groups.list()], [group["id"]])
        self.assertEqual(client.account_groups.update(group["id"], name="Acme Co")["name"], "Acme Co")
        self.assertIsNone(client.account_groups.move_account(account["id"], None)["group_id"])
        self.assertEqual(client.account_groups.get(group["id"])["account_ids"], [])

        invite = client.client_invites.create(group_id=group["id"], platforms=["linkedin"], max_accounts=2)
        self.assertIn("/invite/", invite["url"])
        listed = client.client_invites.list(group_id=group["id"]).items
        self.assertEqual([(i["id"], i["state"], "url" in i) for i in listed], [(invite["id"], "active", False)])
        self.assertEqual(client.client_invites.delete(invite["id"])["state"], "revoked")
        with self.assertRaises(HeraldError) as again:
            client.client_invites.delete(invite["id"])
        self.assertEqual((again.exception.status, again.exception.code), (409, "invite_not_active"))
        self.assertEqual(client.account_groups.delete(group["id"])["deleted"], True)

    def test_report_links_create_list_revoke(self) -> None:
        group = self.client.account_groups.create(name="Shared report")
        made = self.client.report_links.create(group_id=group["id"], days=7)
        self.assertIn("/reports/", made["url"])
        self.assertIn(made["id"], [link["id"] for link in self.client.report_links.list()])
        self.assertEqual(self.client.report_links.revoke(made["id"])["state"], "revoked")
        with self.assertRaises(HeraldError):
            self.client.report_links.create(group_id=group["id"], days=14)

    def test_report_schedules_create_list_delete(self) -> None:
        group = self.client.account_groups.create(name="Report client")
        made = self.client.report_schedules.create(group_id=group["id"], every="month", format="pdf", to=["c@example.com"])
        self.assertEqual((made["every"], made["format"], made["to"]), ("month", "pdf", ["c@example.com"]))
        self.assertIn(made["id"], [s["id"] for s in self.client.report_schedules.list()])
        self.assertEqual(self.client.report_schedules.delete(made["id"])["deleted"], True)
        with self.assertRaises(HeraldError) as bad:
            self.client.report_schedules.create(group_id=group["id"], every="day", format="csv", to=["c@example.com"])
        self.assertEqual((bad.exception.status, bad.exception.code), (400, "validation_error"))
        self.client.account_groups.delete(group["id"])

    def test_review_links_and_request_approval(self) -> None:
        key = new_user("studio")
        studio = Herald(api_key=key, base_url=BASE_URL)
        account = connect(key, "linkedin")
        post = studio.posts.create(text="For the client", platforms=[self.target(account)], schedule_type="scheduled", scheduled_at=FUTURE)
        link = studio.posts.create_review_link(post["id"], reviewer_name="Anna at Acme", expires_in_days=3)
        self.assertIn("/review/", link["url"])
        self.assertEqual([l["id"] for l in studio.posts.list_review_links(post["id"])], [link["id"]])
        self.assertEqual(studio.posts.revoke_review_link(post["id"], link["id"])["state"], "revoked")
        self.assertEqual(studio.posts.request_approval(post["id"])["status"], "waiting_for_approval")

    def test_flows_draft_edit_revisions_and_credits(self) -> None:
        account = connect(self.key, "instagram")
        flow = self.client.flows.create(name="Welcome", account_id=account["id"])
        self.assertEqual(flow["status"], "draft")
        step = self.client.flows.add_node(flow["id"], type="message", name="Hello", data={"blocks": [{"text": "Hi there"}]})
        self.assertIn("Hello", [node["name"] for node in step["nodes"]])
        edited = self.client.flows.update_node(flow["id"], "Hello", text="Hi again")
        self.assertIn("Hi again", str(edited["nodes"]))
        self.assertEqual(self.client.flows.get(flow["id"], node_id="Hello")["node"]["name"], "Hello")
        self.assertGreaterEqual(len(self.client.flows.revisions(flow["id"]).items), 1)
        self.assertEqual(self.client.flows.rename(flow["id"], name="Welcome DM")["name"], "Welcome DM")
        self.assertIn(flow["id"], [f["id"] for f in self.client.flows.list(account_id=account["id"]).items])
        self.assertEqual(set(self.client.flows.ai_credits()), {"month", "used", "allowance"})
        copy = self.client.flows.duplicate(flow["id"])
        self.assertNotEqual(copy["id"], flow["id"])
        self.assertEqual(self.client.flows.delete(copy["id"])["deleted"], True)

    def test_flow_executions_stop_and_contact_controls(self) -> None:
        account = connect(self.key, "instagram")
        flow = self.client.flows.create(name="Drip", account_id=account["id"])
        steps = [
            ("trigger", "Trigger", {"config": {"kind": "dm_keyword", "keywords": ["PYDRIP"]}}),
            ("message", "First", {"blocks": [{"text": "First"}]}),
            ("delay", "Wait", {"delay_time": 3_600_000}),
            ("message", "Second", {"blocks": [{"text": "Second"}]}),
        ]
        for type_, name, data in steps:
            self.client.flows.add_node(flow["id"], type=type_, name=name, data=data)
        for from_step, to_step in [("Trigger", "First"), ("First", "Wait"), ("Wait", "Second")]:
            self.client.flows.add_edge(flow["id"], from_step=from_step, to_step=to_step)
        self.client.flows.activate(flow["id"])
        inbound = {"account_id": account["id"], "kind": "message", "id": "py-m1", "sender_id": "py-u1", "text": "pydrip"}
        sandbox("POST", "/api/v1/sandbox/inbound", inbound, self.key)
        runs = eventually(lambda: self.client.flows.executions(flow["id"], status="waiting_delay").items, "a waiting run")
        self.assertEqual(runs[0]["contact_id"], "py-u1")
        stopped = self.client.flows.stop_execution(flow["id"], runs[0]["id"])
        self.assertEqual((stopped["status"], stopped["stop_reason"]), ("stopped", "owner"))
        with self.assertRaises(HeraldError) as again:
            self.client.flows.stop_execution(flow["id"], runs[0]["id"])
        self.assertTrue(again.exception.is_state_error)
        contact = self.client.flows.update_contact(account["id"], "py-u1", human_takeover_minutes=30)
        self.assertEqual(contact["contact_id"], "py-u1")
        self.assertIsNotNone(contact["human_until"])
        self.assertIsNotNone(self.client.flows.update_contact(account["id"], "py-u1", opted_out=True)["opted_out_at"])

    def test_errors_from_real_answers(self) -> None:
        with self.assertRaises(HeraldError) as unknown:
            Herald(api_key="sk_unknown", base_url=BASE_URL).accounts.list()
        self.assertEqual((unknown.exception.status, unknown.exception.code), (401, "invalid_api_key"))
        self.assertTrue(unknown.exception.is_auth_error)
        self.assertEqual(unknown.exception.body["error"]["code"], "invalid_api_key")

        other = connect(new_user("creator"), "bluesky")
        with self.assertRaises(HeraldError) as theirs:
            self.client.accounts.get(other["id"])
        self.assertTrue(theirs.exception.is_not_found)

        post = self.client.posts.create(text="live", platforms=[self.target()], schedule_type="immediate")
        eventually(lambda: self.client.posts.get(post["id"])["status"] == "published", "the post to publish")
        with self.assertRaises(HeraldError) as state:
            self.client.posts.update(post["id"], text="too late")
        self.assertTrue(state.exception.is_state_error)

        free = Herald(api_key=new_user("free"), base_url=BASE_URL)
        with self.assertRaises(HeraldError) as plan:
            free.plugs.list(post["id"])
        self.assertEqual((plan.exception.status, plan.exception.code), (403, "feature_disabled"))
        self.assertFalse(plan.exception.is_auth_error)

    def wait_for_a_minute_with(self, seconds_left: float) -> None:
        """Returns once the service clock's current minute has at least `seconds_left` seconds to run."""
        now = datetime.fromisoformat(self.client.health()["time"].replace("Z", "+00:00"))
        seconds = now.second + now.microsecond / 1e6
        if 60 - seconds < seconds_left:
            time.sleep(60 - seconds + 0.1)

    def test_a_real_429_is_rate_limited_and_a_long_retry_after_is_not_waited_for(self) -> None:
        # Send test allows 5 a minute per webhook (a limit of its own, so no other test is slowed), counted in the
        # minutes of the service's clock: the sends start in a minute with time to spare, so all fall in one.
        with LoopbackServer(lambda r: (200, {}, {})) as receiver:
            webhook = self.client.webhooks.create(target_url=f"{receiver.url}/limits", events=["post.published"])
            self.wait_for_a_minute_with(seconds_left=15)
            for _ in range(5):
                self.client.webhooks.test(webhook["id"])
            with self.assertRaises(HeraldError) as limited:
                self.client.webhooks.test(webhook["id"])
            self.assertTrue(limited.exception.is_rate_limited)
            self.assertGreater(limited.exception.retry_after, 1)
            patient = Herald(api_key=self.key, base_url=BASE_URL, max_retries=3, max_retry_delay=1)
            with self.assertRaises(HeraldError):
                patient.webhooks.test(webhook["id"])
            self.assertEqual(len(receiver.requests), 5)
            self.client.webhooks.delete(webhook["id"])


@needs_server
class RealDeliveryTest(unittest.TestCase):
    """herald.webhooks.verify on requests Herald really sent, received on loopback as a subscriber would."""

    def test_verifies_a_send_test_and_a_post_published_delivery(self) -> None:
        key = new_user("creator")
        client = Herald(api_key=key, base_url=BASE_URL)
        account = connect(key, "bluesky")
        with LoopbackServer(lambda r: (200, {}, {"ok": True})) as receiver:
            webhook = client.webhooks.create(target_url=f"{receiver.url}/hook", events=["post.published"])
            secret = webhook["signing_secret"]

            sent = client.webhooks.test(webhook["id"])
            self.assertTrue(sent["ok"])
            test = receiver.requests[0]
            event = herald.webhooks.verify(test.raw, test.headers["X-Service-Signature"], secret)
            self.assertEqual((event["event"], event["data"]["webhook_id"]), ("test", webhook["id"]))
            self.assertEqual(test.headers["X-Service-Event-Id"], event["id"])

            post = client.posts.create(
                text="signed", platforms=[{"platform": "bluesky", "account_id": account["id"]}], schedule_type="immediate"
            )
            eventually(lambda: len(receiver.requests) >= 2, "the post.published delivery")
            delivery = receiver.requests[1]
            published = client.webhooks.verify(delivery.raw, delivery.headers["X-Service-Signature"], secret)
            self.assertEqual(published["event"], "post.published")
            self.assertEqual((published["data"]["postId"], published["data"]["accountId"]), (post["id"], account["id"]))

            # The same request fails with another secret, a changed body, or too little tolerance for its age.
            header = delivery.headers["X-Service-Signature"]
            with self.assertRaises(SignatureError):
                herald.webhooks.verify(delivery.raw, header, "whsec_someone_else")
            with self.assertRaises(SignatureError):
                herald.webhooks.verify(delivery.raw.replace(post["id"].encode(), b"post_forged"), header, secret)
            signed_at = int(header.split(",")[0][2:])
            with self.assertRaises(SignatureError):
                herald.webhooks.verify(delivery.raw, header, secret, now=signed_at + 301)
            self.assertEqual(client.webhooks.deliveries(webhook["id"])[0]["ok"], True)
            rotated = client.webhooks.rotate_secret(webhook["id"])
            self.assertNotEqual(rotated["signing_secret"], secret)
            self.assertEqual(client.webhooks.update(webhook["id"], active=False)["active"], False)
            client.webhooks.redeliver(webhook["id"], published["id"])
            self.assertEqual(len(receiver.requests), 3)
            client.webhooks.delete(webhook["id"])


    def test_verifies_standard_webhooks_deliveries_and_a_switch_of_format(self) -> None:
        key = new_user("creator")
        client = Herald(api_key=key, base_url=BASE_URL)
        with LoopbackServer(lambda r: (200, {}, {"ok": True})) as receiver:
            webhook = client.webhooks.create(
                target_url=f"{receiver.url}/standard", events=["post.published"], signature_format="standard"
            )
            self.assertEqual(webhook["signature_format"], "standard")
            secret = webhook["signing_secret"]
            self.assertTrue(client.webhooks.test(webhook["id"])["ok"])
            test = receiver.requests[0]
            self.assertIsNone(test.headers["X-Service-Signature"])
            event = herald.webhooks.verify(test.raw, test.headers, secret)
            self.assertEqual((event["event"], event["id"]), ("test", test.headers["webhook-id"]))
            with self.assertRaises(SignatureError):
                herald.webhooks.verify(test.raw, test.headers, "whsec_" + "A" * 40)

            # Back to the default format: the same secret verifies X-Service-Signature.
            self.assertEqual(client.webhooks.update(webhook["id"], signature_format="service")["signature_format"], "service")
            client.webhooks.test(webhook["id"])
            again = receiver.requests[1]
            self.assertIsNone(again.headers["webhook-signature"])
            self.assertEqual(herald.webhooks.verify(again.raw, again.headers, secret)["event"], "test")
            client.webhooks.delete(webhook["id"])
        self.assertTrue(any(e["event"] == "account.disconnected" for e in client.webhooks.events()))

