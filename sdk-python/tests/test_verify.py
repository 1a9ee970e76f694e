"""herald.webhooks.verify on requests signed here (real deliveries from Herald are checked in test_service.py)."""

from __future__ import annotations

import base64
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

# The example of the Standard Webhooks specification (and Svix's documentation): signed by them, not by Herald.
SPEC_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
SPEC_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek"
SPEC_TIME = 1614265330
SPEC_BODY = '{"test": 2432232314}'
SPEC_SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="


def standard_headers(signature: str = SPEC_SIGNATURE, msg_id: str = SPEC_ID, t: int = SPEC_TIME) -> dict:
    return {"webhook-id": msg_id, "webhook-timestamp": str(t), "webhook-signature": signature}


class StandardVerifyTest(unittest.TestCase):
    def test_verifies_the_specifications_own_example(self) -> None:
        event = herald.webhooks.verify(SPEC_BODY, standard_headers(), SPEC_SECRET, now=SPEC_TIME)
        self.assertEqual(event, {"test": 2432232314})

    def test_reads_headers_whatever_their_case_and_any_v1_among_several(self) -> None:
        headers = {k.upper(): v for k, v in standard_headers(f"v1,{'A' * 44} v2,xyz {SPEC_SIGNATURE}").items()}
        self.assertEqual(herald.webhooks.verify(SPEC_BODY, headers, SPEC_SECRET, now=SPEC_TIME), {"test": 2432232314})

    def test_refuses_a_changed_body_id_time_or_secret(self) -> None:
        other_secret = "whsec_" + base64.b64encode(b"x" * 24).decode()
        for raw, headers, secret in [
            (SPEC_BODY.replace("2432232314", "2432232315"), standard_headers(), SPEC_SECRET),
            (SPEC_BODY, standard_headers(msg_id="msg_other"), SPEC_SECRET),
            (SPEC_BODY, standard_headers(t=SPEC_TIME + 1), SPEC_SECRET),
            (SPEC_BODY, standard_headers(), other_secret),
            (SPEC_BODY, standard_headers(SPEC_SIGNATURE.replace("v1,", "v2,")), SPEC_SECRET),
        ]:
            with self.assertRaises(SignatureError):
                herald.webhooks.verify(raw, headers, secret, now=SPEC_TIME)

    def test_refuses_a_time_outside_the_tolerance_and_missing_headers(self) -> None:
        with self.assertRaisesRegex(SignatureError, "300 seconds"):
            herald.webhooks.verify(SPEC_BODY, standard_headers(), SPEC_SECRET, now=SPEC_TIME + 301)
        headers = standard_headers()
        del headers["webhook-id"]
        with self.assertRaises(SignatureError):
            herald.webhooks.verify(SPEC_BODY, headers, SPEC_SECRET, now=SPEC_TIME)
        with self.assertRaisesRegex(SignatureError, "base64"):
            herald.webhooks.verify(SPEC_BODY, standard_headers(), "whsec_not*base64", now=SPEC_TIME)

    def test_takes_the_service_format_from_headers_too(self) -> None:
        headers = {"x-service-signature": sign(BODY), "X-Service-Event": "test"}
        self.assertEqual(herald.webhooks.verify(BODY, headers, SECRET, now=NOW)["id"], "evt_1")
        with self.assertRaises(SignatureError):
            herald.webhooks.verify(BODY, {"X-Service-Event": "test"}, SECRET, now=NOW)


if __name__ == "__main__":
    unittest.main()
