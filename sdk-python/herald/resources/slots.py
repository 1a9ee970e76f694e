from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from ..pagination import Page
from ..types import PostingSlot
from ._base import Resource, merged


class Slots(Resource):
    """Weekly posting slots: ``weekday`` 0 (Sunday) to 6, ``time`` "HH:mm" (or ``minutes``) in the slot's ``timezone``."""

    def list(self, *, account_ids: Optional[Sequence[str]] = None) -> Page[PostingSlot]:
        return self._page("/api/v1/posting-slots", {"account_ids": account_ids})

    def create(self, body: Optional[Dict[str, Any]] = None, /, **fields: Any) -> PostingSlot:
        return self._data("POST", "/api/v1/posting-slots", body=merged(body, fields))

    def update(self, slot_id: str, body: Optional[Dict[str, Any]] = None, /, **fields: Any) -> PostingSlot:
        return self._data("PATCH", "/api/v1/posting-slots/{id}", params={"id": slot_id}, body=merged(body, fields))

    def delete(self, slot_id: str) -> Dict[str, Any]:
        return self._data("DELETE", "/api/v1/posting-slots/{id}", params={"id": slot_id})

    def occurrences(
        self,
        *,
        from_: str,
        to: str,
        timezone: Optional[str] = None,
        account_ids: Optional[Sequence[str]] = None,
    ) -> List[Dict[str, Any]]:
        """Each occurrence between two dates (YYYY-MM-DD, ``to`` included), with whether a post takes it."""
        query = {"from": from_, "to": to, "timezone": timezone, "account_ids": account_ids}
        return self._data("GET", "/api/v1/posting-slots/occurrences", query=query)

    def from_best_times(self, *, account_ids: Sequence[str], count: int, days: Optional[int] = None) -> Dict[str, Any]:
        """Up to ``count`` slots at the accounts' best times; 409 ``not_enough_history`` creates nothing."""
        body = {"account_ids": list(account_ids), "count": count, **({} if days is None else {"days": days})}
        return self._data("POST", "/api/v1/posting-slots/from-best-times", body=body)

    def next(self, *, account_ids: Sequence[str], after: Optional[str] = None) -> Dict[str, Any]:
        """The next free slot of the accounts, held for 10 minutes: ``{ at, slot_id, timezone, held, reserved_until }``.

        Past the 5 slots a user may hold at once, 429 ``too_many_holds`` (``Retry-After``); a credential without
        ``posts:write`` gets ``held: False`` and holds nothing.
        """
        return self._data("GET", "/api/v1/find-slot", query={"account_ids": account_ids, "after": after})
