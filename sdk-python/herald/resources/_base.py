from __future__ import annotations

from typing import Any, Dict, Mapping, Optional

from .._http import Http
from ..pagination import Page


def merged(body: Optional[Mapping[str, Any]], fields: Mapping[str, Any]) -> Dict[str, Any]:
    """A request body from a dict, keyword arguments, or both (keywords win)."""
    return {**(body or {}), **fields}


def idempotency(key: Optional[str]) -> Optional[Dict[str, str]]:
    return {"Idempotency-Key": key} if key else None


class Resource:
    """A resource group: each method is one REST route, its answer's ``data`` returned."""

    def __init__(self, http: Http) -> None:
        self._http = http

    def _data(self, method: str, path: str, **options: Any) -> Any:
        answer = self._http.request(method, path, **options)
        return answer.get("data") if isinstance(answer, dict) else answer

    def _page(self, path: str, query: Optional[Mapping[str, Any]] = None, *, cursor_param: Optional[str] = None, **options: Any) -> Page[Any]:
        """A list's first page; with ``cursor_param`` the page can fetch the ones after it."""

        def fetch(cursor: Optional[str]) -> Page[Any]:
            sent = dict(query or {})
            if cursor_param and cursor is not None:
                sent[cursor_param] = cursor
            answer = self._http.request("GET", path, query=sent, **options)
            return Page(answer.get("data") or [], answer.get("next_cursor"), fetch if cursor_param else None)

        return fetch(None)
