from __future__ import annotations

from typing import Any, Dict, Optional, Sequence

from ..pagination import Page
from ._base import Resource


class ClientInvites(Resource):
    """Links that let a client connect their own accounts into one of your account groups (7 days, 1–50 accounts)."""

    def create(self, *, group_id: str, platforms: Sequence[str], max_accounts: Optional[int] = None) -> Dict[str, Any]:
        """The answer's ``url`` is shown this once."""
        body: Dict[str, Any] = {"group_id": group_id, "platforms": list(platforms)}
        if max_accounts is not None:
            body["max_accounts"] = max_accounts
        return self._data("POST", "/api/v1/client-invites", body=body)

    def list(self, *, group_id: Optional[str] = None) -> Page[Dict[str, Any]]:
        """Invites with their ``state`` and the accounts they added."""
        return self._page("/api/v1/client-invites", {"group_id": group_id})

    def delete(self, invite_id: str) -> Dict[str, Any]:
        """Turns the invite off; accounts already added stay connected."""
        return self._data("DELETE", "/api/v1/client-invites", query={"invite_id": invite_id})
