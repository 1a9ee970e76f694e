"""Checking that a webhook request came from Herald: ``herald.webhooks.verify(raw_body, headers, secret)``.

Either signature format a webhook may choose is read: Herald's own ``X-Service-Signature`` (the default), or the
Standard Webhooks headers ``webhook-id``, ``webhook-timestamp`` and ``webhook-signature`` (``signature_format:
"standard"``)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from typing import List, Mapping, Optional, Tuple, Union, cast

from .errors import SignatureError
from .types import Event

#: The header that carries ``t=<unix seconds>,v1=<hex HMAC-SHA256>`` (``signature_format: "service"``).
SIGNATURE_HEADER = "X-Service-Signature"
#: The Standard Webhooks header that carries ``v1,<base64 HMAC-SHA256>`` (``signature_format: "standard"``).
STANDARD_SIGNATURE_HEADER = "webhook-signature"
DEFAULT_TOLERANCE = 300

Headers = Union[str, Mapping[str, str], None]


def _parse(header: str) -> Tuple[int, List[str]]:
    timestamp: Optional[int] = None
    signatures: List[str] = []
    for part in header.split(","):
        key, _, value = part.strip().partition("=")
        if key == "t":
            try:
                timestamp = int(value)
            except ValueError:
                raise SignatureError("the signature's t is not a unix time") from None
        elif key == "v1":
            signatures.append(value)
    if timestamp is None or not signatures:
        raise SignatureError("the signature header needs t=<unix seconds>,v1=<hex>")
    return timestamp, signatures


def _header(headers: Mapping[str, str], name: str) -> Optional[str]:
    """A header by name, whatever its case (``email.message.Message`` and plain dicts alike)."""
    for key in headers.keys():
        if key.lower() == name.lower():
            return headers[key]
    return None


def _check_time(timestamp: int, tolerance: int, now: Optional[float]) -> None:
    current = time.time() if now is None else now
    if abs(current - timestamp) > tolerance:
        raise SignatureError(f"the signature's time is more than {tolerance} seconds from now")


def _verify_service(header: Optional[str], body: bytes, secret: str, tolerance: int, now: Optional[float]) -> None:
    if not header:
        raise SignatureError(f"no {SIGNATURE_HEADER} header")
    timestamp, signatures = _parse(header)
    _check_time(timestamp, tolerance, now)
    expected = hmac.new(secret.encode("utf-8"), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    if not any(hmac.compare_digest(expected, candidate.strip().lower()) for candidate in signatures):
        raise SignatureError("the signature does not match the body and secret")


def _verify_standard(headers: Mapping[str, str], body: bytes, secret: str, tolerance: int, now: Optional[float]) -> None:
    message_id = _header(headers, "webhook-id")
    signature = _header(headers, STANDARD_SIGNATURE_HEADER)
    stamp = _header(headers, "webhook-timestamp")
    if not message_id or not signature or not stamp:
        raise SignatureError("webhook-id, webhook-timestamp and webhook-signature are needed")
    try:
        timestamp = int(stamp)
    except ValueError:
        raise SignatureError("webhook-timestamp is not a unix time") from None
    _check_time(timestamp, tolerance, now)
    try:
        key = base64.b64decode(secret[len("whsec_") :] if secret.startswith("whsec_") else secret, validate=True)
    except binascii.Error:
        raise SignatureError("the secret is not whsec_ and base64") from None
    mac = hmac.new(key, f"{message_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    expected = base64.b64encode(mac).decode()
    candidates = [part.partition(",") for part in signature.split(" ")]
    if not any(version == "v1" and hmac.compare_digest(expected, value) for version, _, value in candidates):
        raise SignatureError("the signature does not match the body and secret")


def verify(
    raw_body: Union[bytes, str],
    headers: Headers,
    secret: str,
    tolerance: int = DEFAULT_TOLERANCE,
    *,
    now: Optional[float] = None,
) -> Event:
    """Returns the event a webhook request carries once its signature proves it came from Herald; raises
    ``herald.SignatureError`` otherwise. Pass the body exactly as received (before any parsing), the request's headers
    (any mapping; or, for the default format, the ``X-Service-Signature`` value alone) and the webhook's signing
    secret. With a ``webhook-signature`` header it checks Standard Webhooks' ``v1,<base64>`` over
    ``<webhook-id>.<webhook-timestamp>.<raw body>``; else ``X-Service-Signature``'s ``v1`` over ``<t>.<raw body>``.
    The signed time must be no more than ``tolerance`` seconds from now, either way."""
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else bytes(raw_body)
    if headers is None or isinstance(headers, str):
        _verify_service(headers, body, secret, tolerance, now)
    elif _header(headers, STANDARD_SIGNATURE_HEADER) is not None:
        _verify_standard(headers, body, secret, tolerance, now)
    else:
        _verify_service(_header(headers, SIGNATURE_HEADER), body, secret, tolerance, now)
    try:
        return cast(Event, json.loads(body))
    except ValueError:
        raise SignatureError("the signed body is not JSON") from None
