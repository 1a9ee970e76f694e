from __future__ import annotations

from typing import Any, Dict

from ..pagination import Page
from ._base import Resource


class Members(Resource):
    """The workspace's people and their roles (owner, admin, editor, viewer), and invitations to join it."""

    def list(self) -> Page[Dict[str, Any]]:
        return self._page("/api/v1/members")

    def invite(self, email: str, role: str) -> Dict[str, Any]:
        """The answer's ``invite_url`` is shown this once (and mailed); it holds 7 days."""
        return self._data("POST", "/api/v1/members", body={"email": email, "role": role})

    def update(self, member_id: str, role: str) -> Dict[str, Any]:
        return self._data("PATCH", "/api/v1/members/{id}", params={"id": member_id}, body={"role": role})

    def remove(self, member_id: str) -> Dict[str, Any]:
        """Removes a member (their keys, grants and sessions here stop at once), or revokes an invitation."""
        return self._data("DELETE", "/api/v1/members/{id}", params={"id": member_id})

    def transfer_ownership(self, member_id: str) -> Dict[str, Any]:
        return self._data("POST", "/api/v1/members/{id}/transfer-ownership", params={"id": member_id})

    def accept(self, token: str) -> Dict[str, Any]:
        """Accepts an invitation as the person this client's key belongs to."""
        return self._data("POST", "/api/v1/invitations/accept", body={"token": token})


class Workspace(Resource):
    def get(self) -> Dict[str, Any]:
        return self._data("GET", "/api/v1/workspace")

    def update(self, name: str) -> Dict[str, Any]:
        return self._data("PATCH", "/api/v1/workspace", body={"name": name})

    def leave(self) -> Dict[str, Any]:
        """This client's member leaves the workspace (its keys here stop at once); the owner transfers ownership first."""
        return self._data("POST", "/api/v1/workspace/leave")
