"""The client against a scripted server on loopback: what it sends, how it reads answers, errors and the 429 retry."""

from __future__ import annotations

import unittest
from typing import List
from unittest import mock

from herald import Herald, HeraldError, Page
from herald._http import parse_retry_after

from .support import LoopbackServer, fail, ok


class RequestsTest(unittest.TestCase):
    def test_sends_the_api_key_or_a_bearer_token(self) -> None:
        with LoopbackServer(lambda r: ok([])) as server:
            Herald(api_key="sk_1", base_url=server.url).accounts.list()
            Herald(token="tok_1", base_url=server.url + "/").accounts.list()
        first, second = server.requests
        self.assertEqual(first.headers["X-API-Key"], "sk_1")
        self.assertNotIn("Authorization", first.headers)
        self.assertEqual(second.headers["Authorization"], "Bearer tok_1")
        self.assertNotIn("X-API-Key", second.headers)
        self.assertEqual(second.path, "/api/v1/connected-accounts")
        self.assertTrue(first.headers["User-Agent"].startswith("herald-python/"))

    def test_needs_exactly_one_credential(self) -> None:
        with mock.patch.dict("os.environ", {}, clear=True):
            with self.assertRaises(ValueError):
                Herald(base_url="http://127.0.0.1:9")
            with self.assertRaises(ValueError):
                Herald(api_key="sk_1", token="t", base_url="http://127.0.0.1:9")
        with mock.patch.dict("os.environ", {"HERALD_TOKEN": "from-env", "HERALD_BASE_URL": "http://h.test"}, clear=True):
            client = Herald()
            self.assertEqual(client.http.url("/x"), "http://h.test/x")

    def test_fills_path_parameters_encoded_joins_lists_and_leaves_out_none(self) -> None:
        with LoopbackServer(lambda r: ok({})) as server:
            client = Herald(api_key="sk_1", base_url=server.url)
            client.posts.get("post/1")
            client.slots.next(account_ids=["a", "b"], after=None)
            client.analytics.overview(from_="2026-11-01", account_ids=["a", "b"])
            client.slots.occurrences(from_="2026-12-01", to="2026-12-07")
            client.plugs.delete("post_1", "plug_1")
            client.webhooks.redeliver("wh_1", "evt_1")
        self.assertEqual(
            [r.path for r in server.requests],
            [
                "/api/v1/posts/post%2F1",
                "/api/v1/find-slot?account_ids=a%2Cb",
                "/api/v1/analytics/overview?from=2026-11-01&account_ids=a%2Cb",
                "/api/v1/posting-slots/occurrences?from=2026-12-01&to=2026-12-07",
                "/api/v1/posts/post_1/plugs?plug_id=plug_1",
                "/api/v1/webhooks/wh_1/deliveries/evt_1/redeliver",
            ],
        )
        self.assertEqual([r.method for r in server.requests][-2:], ["DELETE", "POST"])

    def test_sends_bodies_as_json_from_a_dict_or_keywords_and_the_idempotency_key(self) -> None:
        with LoopbackServer(lambda r: (201, {}, {"success": True, "data": {"id": "post_1"}})) as server:
            client = Herald(api_key="sk_1", base_url=server.url)
            post = client.posts.create({"text": "a"}, schedule_type="immediate", idempotency_key="k-1")
            client.posts.update("post_1", text="b")
            client.posts.dry_run(text="c")
        self.assertEqual(post, {"id": "post_1"})
        create, update, dry = server.requests
        self.assertEqual(create.json, {"text": "a", "schedule_type": "immediate"})
        self.assertEqual(create.headers["Content-Type"], "application/json")
        self.assertEqual(create.headers["Idempotency-Key"], "k-1")
        self.assertEqual((update.method, update.json), ("PATCH", {"text": "b"}))
        self.assertEqual(dry.path, "/api/v1/posts?dry_run=true")

    def test_lists_are_pages_and_iteration_follows_next_cursor(self) -> None:
        pages = {None: ok([{"id": 1}, {"id": 2}], next_cursor="c2"), "c2": ok([{"id": 3}], next_cursor=None)}

        def answer(request):  # type: ignore[no-untyped-def]
            cursor = request.path.split("cursor=")[1] if "cursor=" in request.path else None
            return pages[cursor]

        with LoopbackServer(answer) as server:
            client = Herald(api_key="sk_1", base_url=server.url)
            page = client.posts.list(limit=2)
            self.assertIsInstance(page, Page)
            self.assertEqual((len(page), page.next_cursor, page.has_more()), (2, "c2", True))
            self.assertEqual([p["id"] for p in page.auto_paging_iter()], [1, 2, 3])
            self.assertEqual([p["id"] for p in client.posts.iter_all(status="scheduled")], [1, 2, 3])
        self.assertEqual(server.requests[1].path, "/api/v1/posts?limit=2&cursor=c2")
        self.assertEqual(server.requests[2].path, "/api/v1/posts?status=scheduled")

    def test_a_whole_list_is_one_page(self) -> None:
        with LoopbackServer(lambda r: ok([{"id": "wh_1"}])) as server:
            page = Herald(api_key="sk_1", base_url=server.url).webhooks.list()
            self.assertEqual((page.items, page.next_cursor, page.next_page()), ([{"id": "wh_1"}], None, None))
            self.assertEqual(list(page.auto_paging_iter()), [{"id": "wh_1"}])
        self.assertEqual(len(server.requests), 1)


class ErrorsTest(unittest.TestCase):
    def error_of(self, answer, call=lambda c: c.posts.get("post_1")) -> HeraldError:  # type: ignore[no-untyped-def]
        with LoopbackServer(lambda r: answer) as server:
            with self.assertRaises(HeraldError) as caught:
                call(Herald(api_key="sk_1", base_url=server.url))
        return caught.exception

    def test_every_non_2xx_carries_status_code_message_and_body(self) -> None:
        error = self.error_of(fail(404, "not_found"))
        self.assertEqual((error.status, error.code, error.message), (404, "not_found", "not_found!"))
        self.assertEqual(error.body, {"success": False, "error": {"code": "not_found", "message": "not_found!"}})
        self.assertEqual(str(error), "not_found!")

    def test_the_request_id_comes_from_error_request_id(self) -> None:
        body = {"success": False, "error": {"code": "not_found", "message": "m", "request_id": "req-1"}}
        answer = (404, {}, body)
        self.assertEqual(self.error_of(answer).request_id, "req-1")
        self.assertIsNone(self.error_of(fail(404, "not_found")).request_id)

    def test_an_answer_without_an_error_code_is_http_status(self) -> None:
        error = self.error_of((502, {"Content-Type": "text/plain"}, b"Bad gateway"))
        self.assertEqual((error.status, error.code, error.body), (502, "http_502", "Bad gateway"))

    def test_helpers_name_the_kind_of_refusal(self) -> None:
        cases = [
            (fail(401, "invalid_api_key"), "is_auth_error"),
            (fail(403, "insufficient_scope"), "is_auth_error"),
            (fail(403, "feature_disabled"), None),
            (fail(429, "rate_limited", {"Retry-After": "7"}), "is_rate_limited"),
            (fail(404, "no_free_slot"), "is_not_found"),
            (fail(409, "state_error"), "is_state_error"),
        ]
        for answer, helper in cases:
            error = self.error_of(answer)
            flags = {
                name: getattr(error, name)
                for name in ("is_auth_error", "is_rate_limited", "is_not_found", "is_state_error")
            }
            self.assertEqual({name for name, on in flags.items() if on}, {helper} if helper else set(), answer)
        self.assertEqual(self.error_of(fail(429, "rate_limited", {"Retry-After": "7"})).retry_after, 7.0)

    def test_takes_retry_after_from_the_body_when_the_header_is_missing(self) -> None:
        body = {"success": False, "error": {"code": "rate_limited", "message": "slow down", "retry_after": 42}}
        self.assertEqual(self.error_of((429, {}, body)).retry_after, 42.0)

    def test_reads_retry_after_as_seconds_or_an_http_date(self) -> None:
        self.assertEqual(parse_retry_after("12"), 12.0)
        self.assertEqual(parse_retry_after("Wed, 21 Oct 2015 07:28:30 GMT", now=1445412480.0), 30.0)
        self.assertIsNone(parse_retry_after(None))
        self.assertIsNone(parse_retry_after("soon"))


class RetryTest(unittest.TestCase):
    def run_with(self, answers, **options):  # type: ignore[no-untyped-def]
        waited: List[float] = []
        with LoopbackServer(lambda r: answers[min(len(server.requests) - 1, len(answers) - 1)]) as server:
            client = Herald(api_key="sk_1", base_url=server.url, **options)
            client.http._sleep = waited.append
            try:
                result = client.posts.create(text="x")
            except HeraldError as error:
                result = error
        return result, len(server.requests), waited

    def test_is_off_by_default(self) -> None:
        result, sent, waited = self.run_with([fail(429, "rate_limited", {"Retry-After": "1"}), ok({"id": 1})])
        self.assertIsInstance(result, HeraldError)
        self.assertEqual((sent, waited), (1, []))

    def test_waits_retry_after_then_tries_again(self) -> None:
        answers = [fail(429, "rate_limited", {"Retry-After": "2"}), fail(429, "rate_limited"), ok({"id": 1})]
        result, sent, waited = self.run_with(answers, max_retries=2)
        self.assertEqual((result, sent, waited), ({"id": 1}, 3, [2.0, 1.0]))

    def test_gives_up_after_max_retries_and_at_once_over_max_retry_delay(self) -> None:
        result, sent, waited = self.run_with([fail(429, "rate_limited", {"Retry-After": "1"})], max_retries=2)
        self.assertEqual((result.status, sent, waited), (429, 3, [1.0, 1.0]))
        result, sent, waited = self.run_with([fail(429, "rate_limited", {"Retry-After": "3600"})], max_retries=2)
        self.assertEqual((result.retry_after, sent, waited), (3600.0, 1, []))

    def test_never_retries_other_errors(self) -> None:
        result, sent, _ = self.run_with([fail(500, "internal_error"), ok({})], max_retries=3)
        self.assertEqual((result.status, sent), (500, 1))


if __name__ == "__main__":
    unittest.main()
