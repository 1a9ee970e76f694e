from __future__ import annotations

from typing import Optional, Sequence

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
