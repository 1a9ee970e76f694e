from __future__ import annotations

from typing import Any, Dict, Optional

from ..types import Plug
from ._base import Resource, merged

_PATH = "/api/v1/posts/{id}/plugs"


class Plugs(Resource):
    """One-time follow-ups on a post: a repost or a comment when a metric reaches its goal."""

    def list(self, post_id: str) -> Dict[str, Any]:
        """``{ plugs, targets, limits }`` of a post."""
        return self._data("GET", _PATH, params={"id": post_id})

    def create(self, post_id: str, body: Optional[Dict[str, Any]] = None, /, **fields: Any) -> Plug:
        """``account_id``, ``trigger={"metric", "threshold"}``, ``action={"kind", "text"?}``."""
        return self._data("POST", _PATH, params={"id": post_id}, body=merged(body, fields))

    def delete(self, post_id: str, plug_id: str) -> Dict[str, Any]:
        """Refused (409 ``firing``) while the plug's action runs."""
        return self._data("DELETE", _PATH, params={"id": post_id}, query={"plug_id": plug_id})
