from __future__ import annotations

from typing import Any, Dict, Optional, Sequence

from ..types import AnalyticsOverview, PostAnalytics
from ._base import Resource


class Analytics(Resource):
    def overview(
        self,
        *,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        account_ids: Optional[Sequence[str]] = None,
    ) -> AnalyticsOverview:
        """Per account and per platform: posts published and failed, the latest metrics of the posts published, plug
        firings, posts made from feed items, webhook deliveries. ``from_``/``to`` take ISO timestamps or dates (whole
        UTC days); the default window is the last 30 days."""
        query = {"from": from_, "to": to, "account_ids": account_ids}
        return self._data("GET", "/api/v1/analytics/overview", query=query)

    def post(self, post_id: str) -> PostAnalytics:
        """Each target's metrics history: a sample per reading, oldest first."""
        return self._data("GET", "/api/v1/analytics/posts/{id}", params={"id": post_id})

    def followers(self, account_id: str, *, from_: Optional[str] = None, to: Optional[str] = None) -> Dict[str, Any]:
        """An account's follower count per UTC day in the window, with ``change`` and ``change_percent``."""
        query = {"from": from_, "to": to}
        params = {"accountId": account_id}
        return self._data("GET", "/api/v1/analytics/accounts/{accountId}/followers", params=params, query=query)

    def links(
        self, *, from_: Optional[str] = None, to: Optional[str] = None, post_id: Optional[str] = None
    ) -> Dict[str, Any]:
        """Clicks on the short links per link and per UTC day; crawlers and preview fetchers apart (``bots``)."""
        query = {"from": from_, "to": to, "post_id": post_id}
        return self._data("GET", "/api/v1/analytics/links", query=query)

    def best_times(self, account_id: str, *, days: Optional[int] = None) -> Dict[str, Any]:
        """The account's best weekday and hour cells; ``basis`` says what they rest on (or ``insufficient``)."""
        query = {"account_id": account_id, "days": days}
        return self._data("GET", "/api/v1/analytics/best-times", query=query)

    def report(
        self,
        *,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        account_ids: Optional[Sequence[str]] = None,
        group_id: Optional[str] = None,
    ) -> Dict[str, Any]:
        """The client report as JSON (the CSV and PDF are files: ``format=csv`` or ``format=pdf`` on the route)."""
        query = {"from": from_, "to": to, "account_ids": account_ids, "group_id": group_id, "format": "json"}
        return self._data("GET", "/api/v1/analytics/report", query=query)
