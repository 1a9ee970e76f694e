from __future__ import annotations

from typing import Any, Dict

from ..pagination import Page
from ._base import Resource


class ReportLinks(Resource):
    """A client group's report shared read-only by link (``/reports/<token>``), until it expires or is revoked."""

    def list(self) -> Page[Dict[str, Any]]:
        return self._page("/api/v1/report-links")

    def create(self, *, group_id: str, days: int = 30, expires_in_days: int = 30) -> Dict[str, Any]:
        """``days``: the page shows the last 7, 30 or 90 days; the answer's ``url`` is shown this once."""
        body = {"group_id": group_id, "days": days, "expires_in_days": expires_in_days}
        return self._data("POST", "/api/v1/report-links", body=body)

    def revoke(self, link_id: str) -> Dict[str, Any]:
        return self._data("DELETE", "/api/v1/report-links/{id}", params={"id": link_id})
