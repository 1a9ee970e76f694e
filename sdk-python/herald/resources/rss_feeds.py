from __future__ import annotations

from typing import Any, Dict, Optional

from ..pagination import Page
from ..types import RssFeed
from ._base import Resource, merged


class RssFeeds(Resource):
    """RSS and Atom feeds whose new items become drafts, AI-written drafts or scheduled posts."""

    def list(self) -> Page[RssFeed]:
        return self._page("/api/v1/rss-feeds")

    def create(self, body: Optional[Dict[str, Any]] = None, /, **fields: Any) -> RssFeed:
        return self._data("POST", "/api/v1/rss-feeds", body=merged(body, fields))

    def update(self, feed_id: str, body: Optional[Dict[str, Any]] = None, /, **fields: Any) -> RssFeed:
        return self._data("PATCH", "/api/v1/rss-feeds/{id}", params={"id": feed_id}, body=merged(body, fields))

    def delete(self, feed_id: str) -> Dict[str, Any]:
        return self._data("DELETE", "/api/v1/rss-feeds/{id}", params={"id": feed_id})

    def pause(self, feed_id: str) -> RssFeed:
        return self._set_paused(feed_id, True)

    def resume(self, feed_id: str) -> RssFeed:
        """Also restarts a feed stopped after failed checks."""
        return self._set_paused(feed_id, False)

    def _set_paused(self, feed_id: str, paused: bool) -> RssFeed:
        return self._data("POST", "/api/v1/rss-feeds/{id}/pause", params={"id": feed_id}, body={"paused": paused})
