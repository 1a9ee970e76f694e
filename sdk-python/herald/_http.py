"""Sends requests with the credential, unwraps nothing, raises HeraldError for every non-2xx, retries 429 when asked."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from email.utils import parsedate_to_datetime
from typing import Any, Callable, Dict, Mapping, Optional

from ._version import __version__
from .errors import HeraldError

Query = Mapping[str, Any]


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """``Retry-After`` as seconds: either a number of seconds or an HTTP date."""
    if value is None or not value.strip():
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        at = parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, float(int(at - (time.time() if now is None else now) + 0.999)))


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return str(value)


class Http:
    """One configured connection to the API; every resource group calls ``request``."""

    def __init__(
        self,
        *,
        headers: Dict[str, str],
        base_url: str,
        timeout: float,
        max_retries: int,
        max_retry_delay: float,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._headers = headers
        self._base_url = base_url.rstrip("/")
        self._timeout = timeout
        self._max_retries = max_retries
        self._max_retry_delay = max_retry_delay
        self._sleep = sleep

    def url(self, path: str, params: Optional[Mapping[str, str]] = None, query: Optional[Query] = None) -> str:
        filled = path
        for name, value in (params or {}).items():
            if not value:
                raise ValueError(f"{path}: no value for {{{name}}}")
            filled = filled.replace("{" + name + "}", urllib.parse.quote(str(value), safe=""))
        pairs = [(key, _query_value(value)) for key, value in (query or {}).items() if value is not None]
        return self._base_url + filled + (f"?{urllib.parse.urlencode(pairs)}" if pairs else "")

    def request(
        self,
        method: str,
        path: str,
        *,
        params: Optional[Mapping[str, str]] = None,
        query: Optional[Query] = None,
        body: Any = None,
        raw: Optional[bytes] = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> Any:
        """The whole JSON answer of a success (the envelope); raises HeraldError otherwise. ``raw`` is sent as it is
        (a file's bytes, a form), its ``Content-Type`` in ``headers``."""
        url = self.url(path, params, query)
        sent = {
            "Accept": "application/json",
            "User-Agent": f"herald-python/{__version__}",
            **self._headers,
            **(headers or {}),
        }
        data = raw
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            sent["Content-Type"] = "application/json"
        attempt = 0
        while True:
            status, answer_headers, raw = self._send(method, url, data, sent)
            answer = _parse_json(raw)
            if 200 <= status < 300:
                return answer
            error = HeraldError.from_answer(
                status,
                answer if answer is not None else raw.decode("utf-8", "replace"),
                parse_retry_after(answer_headers.get("Retry-After")),
            )
            wait = error.retry_after if error.retry_after is not None else 1.0
            if not error.is_rate_limited or attempt >= self._max_retries or wait > self._max_retry_delay:
                raise error
            attempt += 1
            self._sleep(wait)

    def _send(self, method: str, url: str, data: Optional[bytes], headers: Dict[str, str]):
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self._timeout) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            with error:
                return error.code, error.headers, error.read()


def _parse_json(raw: bytes) -> Any:
    if not raw:
        return None
    try:
        return json.loads(raw)
    except ValueError:
        return None
