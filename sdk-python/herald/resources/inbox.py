from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..pagination import Page
from ._base import Resource, idempotency, merged


class Inbox(Resource):
    """Every comment and direct message of the connected accounts: one conversation per commenter per post and per
    contact per account. Read, assign, label, close, and reply (sent once, through Herald's queue); ``idempotency_key``
    makes a reply safe to retry: the same key and body within 24 hours answer with the first answer, sending nothing."""

    def list(
        self,
        *,
        status: Optional[str] = None,
        kind: Optional[str] = None,
        account_id: Optional[str] = None,
        platform: Optional[str] = None,
        assignee_id: Optional[str] = None,
        label: Optional[str] = None,
        q: Optional[str] = None,
        unread: Optional[bool] = None,
        limit: Optional[int] = None,
    ) -> Page[Dict[str, Any]]:
        """Conversations, newest activity first; ``assignee_id="none"`` lists the unassigned."""
        query = {
            "status": status,
            "kind": kind,
            "account_id": account_id,
            "platform": platform,
            "assignee_id": assignee_id,
            "label": label,
            "q": q,
            "unread": None if unread is None else str(unread).lower(),
            "limit": limit,
        }
        return self._page("/api/v1/inbox", query, cursor_param="cursor")

    def get(self, conversation_id: str, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> Dict[str, Any]:
        """The conversation with its messages oldest first (``next_cursor`` for later ones); marks it read."""
        return self._http.request(
            "GET",
            "/api/v1/inbox/{conversationId}",
            params={"conversationId": conversation_id},
            query={"limit": limit, "cursor": cursor},
        )

    def update(self, conversation_id: str, body: Optional[Dict[str, Any]] = None, /, **fields: Any) -> Dict[str, Any]:
        """Changes ``status`` (``open``, ``done``), ``assignee_id`` (a member; None unassigns) or ``labels``."""
        return self._data(
            "PATCH",
            "/api/v1/inbox/{conversationId}",
            params={"conversationId": conversation_id},
            body=merged(body, fields),
        )

    def reply(
        self,
        conversation_id: str,
        body: Optional[Dict[str, Any]] = None,
        /,
        *,
        idempotency_key: Optional[str] = None,
        **fields: Any,
    ) -> Dict[str, Any]:
        """Under the comment, privately to the commenter (``private=True``, Meta), or a direct message: the pending
        message; ``inbox.reply_sent`` or ``inbox.reply_failed`` tells the outcome."""
        return self._data(
            "POST",
            "/api/v1/inbox/{conversationId}/replies",
            params={"conversationId": conversation_id},
            body=merged(body, fields),
            headers=idempotency(idempotency_key),
        )

    def hide(self, conversation_id: str, *, message_id: Optional[str] = None) -> List[Dict[str, Any]]:
        """Hides the comment ``message_id`` (else every one of the person's comments) on the platform: those changed."""
        return self._data(
            "POST",
            "/api/v1/inbox/{conversationId}/hide",
            params={"conversationId": conversation_id},
            body={"message_id": message_id} if message_id else {},
        )

    def unhide(self, conversation_id: str, *, message_id: Optional[str] = None) -> List[Dict[str, Any]]:
        """Shows hidden comments again, as ``hide`` hides them."""
        return self._data(
            "POST",
            "/api/v1/inbox/{conversationId}/unhide",
            params={"conversationId": conversation_id},
            body={"message_id": message_id} if message_id else {},
        )

    def delete_comment(self, conversation_id: str, message_id: str) -> Dict[str, Any]:
        """Deletes on the platform a comment Herald's account wrote (a sent public reply), once: it, ``deleted``."""
        return self._data(
            "DELETE",
            "/api/v1/inbox/{conversationId}/messages/{messageId}",
            params={"conversationId": conversation_id, "messageId": message_id},
        )
