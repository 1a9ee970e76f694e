from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from .. import webhooks as signing
from ..pagination import Page
from ..types import Webhook, WebhookEventType
from ._base import Resource, merged


class Webhooks(Resource):
    """Signed event delivery to your endpoints; ``verify`` checks a request on the receiving side."""

    verify = staticmethod(signing.verify)

    def list(self) -> Page[Webhook]:
        """Every webhook, those switched off included."""
        return self._page("/api/v1/webhooks")

    def events(self) -> List[WebhookEventType]:
        """The events a webhook can subscribe to, with whether your plan allows each."""
        return self._data("GET", "/api/v1/webhooks/events")

    def create(
        self,
        *,
        target_url: str,
        events: Sequence[str],
        integration_type: Optional[str] = None,
        account_ids: Optional[Sequence[str]] = None,
        signature_format: Optional[str] = None,
    ) -> Dict[str, Any]:
        """The answer carries ``signing_secret``, shown this once. ``signature_format="standard"`` signs with the
        Standard Webhooks headers instead of ``X-Service-Signature``."""
        body: Dict[str, Any] = {"target_url": target_url, "events": list(events)}
        if integration_type is not None:
            body["integration_type"] = integration_type
        if account_ids is not None:
            body["account_ids"] = list(account_ids)
        if signature_format is not None:
            body["signature_format"] = signature_format
        return self._data("POST", "/api/v1/webhooks", body=body)

    def update(self, webhook_id: str, body: Optional[Dict[str, Any]] = None, /, **fields: Any) -> Webhook:
        """``active=True`` switches a webhook back on."""
        return self._data("PATCH", "/api/v1/webhooks/{id}", params={"id": webhook_id}, body=merged(body, fields))

    def delete(self, webhook_id: str) -> Dict[str, Any]:
        return self._data("DELETE", "/api/v1/webhooks/{id}", params={"id": webhook_id})

    def test(self, webhook_id: str) -> Dict[str, Any]:
        """Sends one signed ``test`` event now and answers how the endpoint took it."""
        return self._data("POST", "/api/v1/webhooks/{id}/test", params={"id": webhook_id})

    def rotate_secret(self, webhook_id: str) -> Dict[str, Any]:
        return self._data("POST", "/api/v1/webhooks/{id}/rotate-secret", params={"id": webhook_id})

    def deliveries(
        self, webhook_id: str, *, event_id: Optional[str] = None, limit: Optional[int] = None
    ) -> List[Dict[str, Any]]:
        """Every request made to the endpoint, newest first."""
        query = {"event_id": event_id, "limit": limit}
        return self._data("GET", "/api/v1/webhooks/{id}/deliveries", params={"id": webhook_id}, query=query)

    def redeliver(self, webhook_id: str, event_id: str) -> Dict[str, Any]:
        """Sends one of your events to the endpoint again, now."""
        params = {"id": webhook_id, "eventId": event_id}
        return self._data("POST", "/api/v1/webhooks/{id}/deliveries/{eventId}/redeliver", params=params)
