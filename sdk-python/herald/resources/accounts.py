from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..pagination import Page
from ..types import Account
from ._base import Resource, merged

_DESTINATIONS = "/api/v1/composer-platform-parts/destinations/{accountId}"


class Accounts(Resource):
    """Connected social accounts, their destinations, and connecting new ones."""

    def list(self, *, platform: Optional[str] = None) -> Page[Account]:
        """Every connected account, oldest first (each with ``text_limit``)."""
        return self._page("/api/v1/connected-accounts", {"platform": platform})

    def get(self, account_id: str) -> Account:
        return self._data("GET", "/api/v1/connected-accounts/{id}", params={"id": account_id})

    def disconnect(self, account_id: str) -> Account:
        """Deletes the account's credentials (and asks the platform to revoke them); its posts stay."""
        return self._data("DELETE", "/api/v1/connected-accounts/{id}", params={"id": account_id})

    def destinations(self, account_id: str, *, fresh: bool = False) -> Dict[str, Any]:
        """``{ mode, destinations: [{ id, label }] }``; ``fresh`` skips the 5-minute cache."""
        query = {"fresh": "1" if fresh else None}
        return self._data("GET", _DESTINATIONS, params={"accountId": account_id}, query=query)

    def check_destination(self, account_id: str, input: str) -> Dict[str, Any]:
        """Checks that the account can post to ``input`` (e.g. a channel username) and keeps it for posts."""
        return self._data("POST", _DESTINATIONS, params={"accountId": account_id}, body={"input": input})

    def whatsapp_templates(self, account_id: str) -> List[Dict[str, Any]]:
        """A WhatsApp account's message templates (``name``, ``language``, ``status``, ``reason``, ``body_parameters``), read from WhatsApp now."""
        return self._data("GET", "/api/v1/accounts/{id}/whatsapp-templates", params={"id": account_id})

    def connect_url(self, platform: str) -> Dict[str, Any]:
        """Starts connecting an account through the platform's consent page: ``{ authorization_url, … }``."""
        return self._data("GET", "/api/v1/connect/{platform}", params={"platform": platform})

    def connect(self, platform: str, body: Optional[Dict[str, Any]] = None, /, **fields: Any) -> Dict[str, Any]:
        """Connects with the platform's own credentials (a bot token, an app password, a Mastodon instance URL)."""
        return self._data(
            "POST", "/api/v1/connect/{platform}", params={"platform": platform}, body=merged(body, fields)
        )
