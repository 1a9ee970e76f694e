"""herald.webhooks.verify on requests signed here (a real delivery from Herald is checked in test_service.py)."""

from __future__ import annotations

import hashlib
import hmac
import json
import unittest
from unittest import mock

import herald
from herald import SignatureError

SECRET = "whsec_test0123456789"
NOW = 1_900_000_000
BODY = json.dumps({"id": "evt_1", "event": "test", "timestamp": "2030-03-17T17:46:40.000Z", "data": {"n": 1}})


def sign(body: str, t: int = NOW, secret: str = SECRET) -> str:
    mac = hmac.new(secret.encode(), f"{t}.{body}".encode(), hashlib.sha256).hexdigest()
    return f"t={t},v1={mac}"


class VerifyTest(unittest.TestCase):
    def test_returns_the_parsed_event_of_a_signed_body(self) -> None:
        event = herald.webhooks.verify(BODY, sign(BODY), SECRET, now=NOW)
        self.assertEqual(event, json.loads(BODY))
        self.assertEqual(herald.webhooks.verify(BODY.encode(), sign(BODY), SECRET, now=NOW)["id"], "evt_1")

    def test_is_reachable_from_a_client_too(self) -> None:
        client = herald.Herald(api_key="sk_unused", base_url="http://127.0.0.1:9")
        self.assertEqual(client.webhooks.verify(BODY, sign(BODY), SECRET, now=NOW)["event"], "test")

    def test_refuses_a_changed_body_another_secret_or_a_changed_time(self) -> None:
        header = sign(BODY)
        for raw, signature, secret in [
            (BODY.replace('"n": 1', '"n": 2'), header, SECRET),
            (BODY, header, "whsec_other"),
            (BODY, header.replace(f"t={NOW}", f"t={NOW + 1}"), SECRET),
            (BODY + " ", header, SECRET),
        ]:
            with self.assertRaises(SignatureError):
                herald.webhooks.verify(raw, signature, secret, now=NOW)

    def test_refuses_a_time_outside_the_tolerance_either_way(self) -> None:
        for t in (NOW - 301, NOW + 301):
            with self.assertRaisesRegex(SignatureError, "300 seconds"):
                herald.webhooks.verify(BODY, sign(BODY, t), SECRET, now=NOW)
        for t in (NOW - 300, NOW + 300):
            herald.webhooks.verify(BODY, sign(BODY, t), SECRET, now=NOW)
        with self.assertRaises(SignatureError):
            herald.webhooks.verify(BODY, sign(BODY, NOW - 11), SECRET, tolerance=10, now=NOW)

    def test_reads_now_from_the_clock_by_default(self) -> None:
        with self.assertRaises(SignatureError):
            herald.webhooks.verify(BODY, sign(BODY, NOW), SECRET)  # NOW is years away from the real clock

    def test_refuses_missing_or_malformed_headers(self) -> None:
        mac = sign(BODY).split("v1=")[1]
        for header in [None, "", "v1=" + mac, f"t={NOW}", f"t=soon,v1={mac}", "garbage"]:
            with self.assertRaises(SignatureError, msg=repr(header)):
                herald.webhooks.verify(BODY, header, SECRET, now=NOW)

    def test_accepts_any_matching_v1_among_several(self) -> None:
        header = f"t={NOW},v1={'0' * 64},{sign(BODY).split(',')[1]}"
        self.assertEqual(herald.webhooks.verify(BODY, header, SECRET, now=NOW)["id"], "evt_1")

    def test_compares_signatures_with_hmac_compare_digest(self) -> None:
        with mock.patch("herald.webhooks.hmac.compare_digest", wraps=hmac.compare_digest) as compare:
            herald.webhooks.verify(BODY, sign(BODY), SECRET, now=NOW)
        compare.assert_called_once_with(sign(BODY).split("v1=")[1], sign(BODY).split("v1=")[1])

if __name__ == "__main__":
    unittest.main()
