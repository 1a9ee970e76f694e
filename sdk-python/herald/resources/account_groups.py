from __future__ import annotations

from typing import Any, Dict, Optional, Sequence

from ..pagination import Page
from ._base import Resource


class AccountGroups(Resource):
    """Named sets of your accounts (a client's, say); client invites land accounts in one. Every plan has them."""

    def list(self) -> Page[Dict[str, Any]]:
        return self._page("/api/v1/account-groups", {})

    def get(self, group_id: str) -> Dict[str, Any]:
        return self._data("GET", "/api/v1/account-groups/{id}", params={"id": group_id})

    def create(self, *, name: str, account_ids: Optional[Sequence[str]] = None) -> Dict[str, Any]:
        """``name`` is unique among your groups; an account sits in at most one group."""
        body: Dict[str, Any] = {"name": name}
        if account_ids is not None:
            body["account_ids"] = list(account_ids)
        return self._data("POST", "/api/v1/account-groups", body=body)

    def update(self, group_id: str, *, name: str) -> Dict[str, Any]:
        return self._data("PATCH", "/api/v1/account-groups/{id}", params={"id": group_id}, body={"name": name})

    def delete(self, group_id: str) -> Dict[str, Any]:
        """Its accounts stay connected, ungrouped; its active invites are revoked."""
        return self._data("DELETE", "/api/v1/account-groups/{id}", params={"id": group_id})

    def move_account(self, account_id: str, group_id: Optional[str]) -> Dict[str, Any]:
        """Moves an account into a group, or out of any with ``None``."""
        return self._data(
            "PATCH", "/api/v1/connected-accounts/{id}", params={"id": account_id}, body={"group_id": group_id}
        )
