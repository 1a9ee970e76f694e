from __future__ import annotations

from typing import Any, Dict, Sequence

from ..pagination import Page
from ._base import Resource


class ReportSchedules(Resource):
    """A client group's report mailed every week or month, as its CSV or PDF, to each address in ``to``."""

    def list(self) -> Page[Dict[str, Any]]:
        return self._page("/api/v1/report-schedules")

    def create(self, *, group_id: str, every: str, format: str, to: Sequence[str]) -> Dict[str, Any]:
        """``every``: ``week`` (each Monday) or ``month`` (each 1st), in the owner's zone; ``format``: ``csv`` or
        ``pdf``. The first report goes out when the next period begins; at most 20 per workspace."""
        body = {"group_id": group_id, "every": every, "format": format, "to": list(to)}
        return self._data("POST", "/api/v1/report-schedules", body=body)

    def delete(self, schedule_id: str) -> Dict[str, Any]:
        return self._data("DELETE", "/api/v1/report-schedules/{id}", params={"id": schedule_id})
