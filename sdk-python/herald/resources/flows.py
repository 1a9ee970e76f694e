from __future__ import annotations

from typing import Any, Dict, Optional

from ..pagination import Page
from ._base import Resource, merged


class Flows(Resource):
    """DM automation flows: a draft is edited step by step, then activated; the live flow runs a pinned version."""

    def list(
        self,
        *,
        account_id: Optional[str] = None,
        status: Optional[str] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> Page[Dict[str, Any]]:
        """One page, newest first; ``page.auto_paging_iter()`` goes on through the pages after it."""
        query = {"account_id": account_id, "status": status, "limit": limit, "cursor": cursor}
        return self._page("/api/v1/flows", query, cursor_param="cursor")

    def get(self, flow_id: str, *, node_id: Optional[str] = None) -> Dict[str, Any]:
        """With ``node_id`` (a step's id or name) the answer adds that step's full data as ``node``."""
        return self._data("GET", "/api/v1/flows/{id}", params={"id": flow_id}, query={"node_id": node_id})

    def create(self, *, name: str, account_id: str, platform_user_id: Optional[str] = None) -> Dict[str, Any]:
        """An empty draft on one account (its id, or its handle with ``platform_user_id`` to choose among equals)."""
        body: Dict[str, Any] = {"name": name, "account_id": account_id}
        if platform_user_id is not None:
            body["platform_user_id"] = platform_user_id
        return self._data("POST", "/api/v1/flows", body=body)

    def generate(self, body: Optional[Dict[str, Any]] = None, /, **fields: Any) -> Dict[str, Any]:
        """A flow built from ``description`` (with Workers AI when bound); answers the flow, who built it, and credits."""
        return self._data("POST", "/api/v1/flows/generate", body=merged(body, fields))

    def rename(self, flow_id: str, *, name: str) -> Dict[str, Any]:
        return self._data("PATCH", "/api/v1/flows/{id}", params={"id": flow_id}, body={"name": name})

    def delete(self, flow_id: str) -> Dict[str, Any]:
        return self._data("DELETE", "/api/v1/flows/{id}", params={"id": flow_id})

    def duplicate(self, flow_id: str) -> Dict[str, Any]:
        """A draft copy of the flow."""
        return self._data("POST", "/api/v1/flows/{id}/duplicate", params={"id": flow_id})

    def activate(self, flow_id: str) -> Dict[str, Any]:
        """Pins the draft as a version and turns it on; refused while the flow has problems."""
        return self._data("POST", "/api/v1/flows/{id}/activate", params={"id": flow_id})

    def deactivate(self, flow_id: str) -> Dict[str, Any]:
        """Turns it off: its executions under way stop before their next step."""
        return self._data("POST", "/api/v1/flows/{id}/deactivate", params={"id": flow_id})

    def executions(
        self,
        flow_id: str,
        *,
        status: Optional[str] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> Page[Dict[str, Any]]:
        """Its executions (one per person it started for), newest first; ``status`` keeps one kind."""
        query = {"status": status, "limit": limit, "cursor": cursor}
        return self._page("/api/v1/flows/{id}/executions", query, cursor_param="cursor", params={"id": flow_id})

    def stop_execution(self, flow_id: str, execution_id: str) -> Dict[str, Any]:
        """Stops an execution under way before its next step; one already ended raises ``state_error``."""
        params = {"id": flow_id, "executionId": execution_id}
        return self._data("POST", "/api/v1/flows/{id}/executions/{executionId}/stop", params=params)

    def update_contact(
        self,
        account_id: str,
        contact_id: str,
        *,
        opted_out: Optional[bool] = None,
        human_takeover_minutes: Optional[int] = None,
    ) -> Dict[str, Any]:
        """``opted_out`` opts the person out (every run of theirs stops) or back in; ``human_takeover_minutes``
        hands them to a person for a while (0 ends it)."""
        body: Dict[str, Any] = {}
        if opted_out is not None:
            body["opted_out"] = opted_out
        if human_takeover_minutes is not None:
            body["human_takeover_minutes"] = human_takeover_minutes
        params = {"accountId": account_id, "contactId": contact_id}
        return self._data("PATCH", "/api/v1/accounts/{accountId}/contacts/{contactId}", params=params, body=body)

    def update_node(self, flow_id: str, node_id: str, body: Optional[Dict[str, Any]] = None, /, **fields: Any) -> Dict[str, Any]:
        """Drafts only: ``name``, ``text``, ``link``, ``keywords``, ``data`` (merged), ``remove_block_ids``."""
        params = {"id": flow_id, "nodeId": node_id}
        return self._data("PATCH", "/api/v1/flows/{id}/nodes/{nodeId}", params=params, body=merged(body, fields))

    def add_node(self, flow_id: str, *, type: str, name: Optional[str] = None, data: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        body: Dict[str, Any] = {"type": type}
        if name is not None:
            body["name"] = name
        if data is not None:
            body["data"] = data
        return self._data("POST", "/api/v1/flows/{id}/nodes", params={"id": flow_id}, body=body)

    def delete_node(self, flow_id: str, node_id: str) -> Dict[str, Any]:
        params = {"id": flow_id, "nodeId": node_id}
        return self._data("DELETE", "/api/v1/flows/{id}/nodes/{nodeId}", params=params)

    def add_edge(self, flow_id: str, *, from_step: str, to_step: str, handle: Optional[str] = None) -> Dict[str, Any]:
        """Connects two steps (ids or names); ``handle`` names a button, ``true``/``false`` or ``valid``/``invalid``."""
        body: Dict[str, Any] = {"from": from_step, "to": to_step}
        if handle is not None:
            body["handle"] = handle
        return self._data("POST", "/api/v1/flows/{id}/edges", params={"id": flow_id}, body=body)

    def delete_edge(self, flow_id: str, edge_id: str) -> Dict[str, Any]:
        params = {"id": flow_id, "edgeId": edge_id}
        return self._data("DELETE", "/api/v1/flows/{id}/edges/{edgeId}", params=params)

    def revisions(self, flow_id: str, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> Page[Dict[str, Any]]:
        """Saved revisions, newest first."""
        query = {"limit": limit, "cursor": cursor}
        return self._page("/api/v1/flows/{id}/revisions", query, cursor_param="cursor", params={"id": flow_id})

    def revert(self, flow_id: str, *, revision_id: str) -> Dict[str, Any]:
        return self._data("POST", "/api/v1/flows/{id}/revert", params={"id": flow_id}, body={"revision_id": revision_id})

    def ai_credits(self) -> Dict[str, Any]:
        """This month's AI credits: ``month``, ``used``, ``allowance``."""
        return self._data("GET", "/api/v1/ai-credits")

    def collected_data(self, flow_id: str) -> Dict[str, Any]:
        """What the flow collected: counts per field and the latest items (no preview of emails or phone numbers)."""
        return self._data("GET", "/api/v1/flows/{id}/collected-data/summary", params={"id": flow_id})

    def export_collected_data(
        self,
        *,
        flow_id: Optional[str] = None,
        field_type: Optional[str] = None,
        since: Optional[str] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> Dict[str, Any]:
        """Collected items newest first: ``{ items, nextCursor, total }``; pass ``nextCursor`` as ``cursor`` for more.

        Rolled out to admin accounts first: until then the call raises an error with code ``not_enabled``.
        """
        query = {"flow_id": flow_id, "field_type": field_type, "since": since, "limit": limit, "cursor": cursor}
        return self._data("GET", "/api/v1/collected-data", query=query)

    def delete_collected_item(self, item_id: str) -> Dict[str, Any]:
        """Deletes one collected answer (an item's ``id``): ``{ id, deleted: True }``."""
        return self._data("DELETE", "/api/v1/collected-data/{id}", params={"id": item_id})

    def delete_collected_data(self, flow_id: str) -> Dict[str, Any]:
        """Deletes every answer the flow collected (the flow stays): ``{ flowId, deletedItems }``."""
        return self._data("DELETE", "/api/v1/flows/{id}/collected-data", params={"id": flow_id})

    def post_automation(self, post_id: str) -> Dict[str, Any]:
        """The flow attached to a scheduled post, and whether it turns on with the post."""
        return self._data("GET", "/api/v1/posts/{id}/automation", params={"id": post_id})

    def attach_to_post(self, post_id: str, *, flow_id: str, armed: Optional[bool] = None) -> Dict[str, Any]:
        body: Dict[str, Any] = {"flow_id": flow_id}
        if armed is not None:
            body["armed"] = armed
        return self._data("PUT", "/api/v1/posts/{id}/automation", params={"id": post_id}, body=body)

    def arm_on_post(self, post_id: str, *, armed: bool) -> Dict[str, Any]:
        """``True`` turns the flow on when the post goes live; ``False`` does not (and turns a live one off)."""
        return self._data("PATCH", "/api/v1/posts/{id}/automation", params={"id": post_id}, body={"armed": armed})

    def detach_from_post(self, post_id: str) -> Dict[str, Any]:
        return self._data("DELETE", "/api/v1/posts/{id}/automation", params={"id": post_id})
