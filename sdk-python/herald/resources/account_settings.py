from __future__ import annotations

from typing import Any, Dict, Iterator, Optional

from ..pagination import Page
from ..types import Event
from ._base import Resource, merged


class Signatures(Resource):
    """Text appended to a platform's posts (``platform_overrides.<platform>.signature_id``)."""

    def list(self) -> Page[Dict[str, Any]]:
        return self._page("/api/v1/signatures")

    def create(self, body: Optional[Dict[str, Any]] = None, /, **fields: Any) -> Dict[str, Any]:
        return self._data("POST", "/api/v1/signatures", body=merged(body, fields))

    def update(self, signature_id: str, body: Optional[Dict[str, Any]] = None, /, **fields: Any) -> Dict[str, Any]:
        return self._data("PATCH", "/api/v1/signatures/{id}", params={"id": signature_id}, body=merged(body, fields))

    def delete(self, signature_id: str) -> Dict[str, Any]:
        return self._data("DELETE", "/api/v1/signatures/{id}", params={"id": signature_id})


class ApiKeys(Resource):
    def list(self) -> Page[Dict[str, Any]]:
        return self._page("/api/v1/api-keys")

    def create(self, name: Optional[str] = None) -> Dict[str, Any]:
        """The answer's ``key`` is the whole key, shown this once."""
        return self._data("POST", "/api/v1/api-keys", body={"name": name} if name else {})

    def revoke(self, key_id: str) -> Dict[str, Any]:
        return self._data("DELETE", "/api/v1/api-keys/{id}", params={"id": key_id})


class Events(Resource):
    """The outbox: every event a webhook may receive, oldest first."""

    def list(self, *, after: Optional[str] = None, limit: Optional[int] = None) -> Page[Event]:
        """``after`` is the id of the last event you handled; ``next_cursor`` is the one to pass next."""
        return self._page("/api/v1/events", {"after": after, "limit": limit}, cursor_param="after")

    def iter_all(self, *, after: Optional[str] = None, limit: Optional[int] = None) -> Iterator[Event]:
        return self.list(after=after, limit=limit).auto_paging_iter()


class Notifications(Resource):
    def list(self, *, limit: Optional[int] = None) -> Page[Dict[str, Any]]:
        """In-app notifications, newest first."""
        return self._page("/api/v1/notifications", {"limit": limit})
