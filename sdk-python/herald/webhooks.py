"""Checking that a webhook request came from Herald: ``herald.webhooks.verify(raw_body, signature_header, secret)``."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import List, Optional, Tuple, Union, cast

from .errors import SignatureError
from .types import Event

#: The header that carries ``t=<unix seconds>,v1=<hex HMAC-SHA256>``.
SIGNATURE_HEADER = "X-Service-Signature"
DEFAULT_TOLERANCE = 300


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


def verify(
    raw_body: Union[bytes, str],
    signature_header: Optional[str],
    secret: str,
    tolerance: int = DEFAULT_TOLERANCE,
    *,
    now: Optional[float] = None,
) -> Event:
    """Returns the event a webhook request carries once its signature proves it: ``v1`` must be the HMAC-SHA256 of
    ``<t>.<raw body>`` keyed with the webhook's signing secret (compared in constant time), and ``t`` no more than
    ``tolerance`` seconds from now, either way. Pass the body exactly as received, before any parsing.
    Raises ``herald.SignatureError`` otherwise."""
    if not signature_header:
        raise SignatureError(f"no {SIGNATURE_HEADER} header")
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else bytes(raw_body)
    timestamp, signatures = _parse(signature_header)
    current = time.time() if now is None else now
    if abs(current - timestamp) > tolerance:
        raise SignatureError(f"the signature's time is more than {tolerance} seconds from now")
    expected = hmac.new(secret.encode("utf-8"), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    if not any(hmac.compare_digest(expected, candidate.strip().lower()) for candidate in signatures):
        raise SignatureError("the signature does not match the body and secret")
    try:
        return cast(Event, json.loads(body))
    except ValueError:
        raise SignatureError("the signed body is not JSON") from None
