from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional

from ..pagination import Page
from ..types import Post
from ._base import Resource, idempotency, merged


class Posts(Resource):
    """Posts to one or more accounts: drafts, scheduled and immediate. ``idempotency_key`` makes a write safe to retry:
    the same key and body within 24 hours answer with the first answer, creating nothing."""

    def create(
        self, body: Optional[Dict[str, Any]] = None, /, *, idempotency_key: Optional[str] = None, **fields: Any
    ) -> Post:
        """A draft (no ``schedule_type``), a scheduled post (``scheduled_at``) or an immediate one.

        ``repeat={"every_days": 30, "times": 6, "variations": [...]}`` makes it evergreen: a copy comes back after
        each publish; ``update(post_id, repeat=None)`` stops it, also once published.

        ``thread=[{"text": "2/ …"}, …]`` posts each segment as a reply to the one before (on platforms with reply
        chains), and ``first_comment={"text": …}`` goes under the published post; each target's ``segments`` and
        ``first_comment`` say how they went."""
        return self._data("POST", "/api/v1/posts", body=merged(body, fields), headers=idempotency(idempotency_key))

    def dry_run(self, body: Optional[Dict[str, Any]] = None, /, **fields: Any) -> Dict[str, Any]:
        """Checks a post as ``create`` would and answers what each platform would receive; saves nothing."""
        return self._data("POST", "/api/v1/posts", query={"dry_run": "true"}, body=merged(body, fields))

    def bulk(self, rows: List[Dict[str, Any]], *, idempotency_key: Optional[str] = None) -> List[Post]:
        """Up to 100 posts, all or none."""
        return self._data("POST", "/api/v1/posts/bulk", body=rows, headers=idempotency(idempotency_key))

    def get(self, post_id: str) -> Post:
        return self._data("GET", "/api/v1/posts/{id}", params={"id": post_id})

    def list(
        self,
        *,
        status: Optional[str] = None,
        since: Optional[str] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> Page[Post]:
        """One page, newest first; ``page.auto_paging_iter()`` goes on through the pages after it."""
        query = {"status": status, "since": since, "limit": limit, "cursor": cursor}
        return self._page("/api/v1/posts", query, cursor_param="cursor")

    def iter_all(
        self, *, status: Optional[str] = None, since: Optional[str] = None, limit: Optional[int] = None
    ) -> Iterator[Post]:
        """Every post matching the filters, page after page."""
        return self.list(status=status, since=since, limit=limit).auto_paging_iter()

    def update(self, post_id: str, body: Optional[Dict[str, Any]] = None, /, **fields: Any) -> Post:
        """Fields given replace the post's; a platform's override is replaced whole."""
        return self._data("PATCH", "/api/v1/posts/{id}", params={"id": post_id}, body=merged(body, fields))

    def unschedule(self, post_id: str) -> Post:
        """Moves a scheduled post back to draft, keeping its content and time."""
        return self._data("POST", "/api/v1/posts/{id}/unschedule", params={"id": post_id})

    def delete(self, post_id: str) -> Dict[str, Any]:
        return self._data("DELETE", "/api/v1/posts/{id}", params={"id": post_id})

    def request_approval(self, post_id: str) -> Post:
        """The post waits for approval (through a review link or the dashboard), keeping its time and slot."""
        return self._data("POST", "/api/v1/posts/{id}/request-approval", params={"id": post_id})

    def create_review_link(
        self,
        post_id: str,
        *,
        reviewer_name: Optional[str] = None,
        expires_in_days: Optional[int] = None,
        allow_comments: Optional[bool] = None,
    ) -> Dict[str, Any]:
        """A page where a client approves the post, asks for changes or comments; its ``url`` is shown this once."""
        body = {"reviewer_name": reviewer_name, "expires_in_days": expires_in_days, "allow_comments": allow_comments}
        sent = {name: value for name, value in body.items() if value is not None}
        return self._data("POST", "/api/v1/posts/{id}/review-links", params={"id": post_id}, body=sent)

    def list_review_links(self, post_id: str) -> List[Dict[str, Any]]:
        """The post's review links, newest first."""
        return self._data("GET", "/api/v1/posts/{id}/review-links", params={"id": post_id})

    def revoke_review_link(self, post_id: str, link_id: str) -> Dict[str, Any]:
        params = {"id": post_id, "linkId": link_id}
        return self._data("DELETE", "/api/v1/posts/{id}/review-links/{linkId}", params=params)

    def default_utm(self) -> Dict[str, Any]:
        """The UTM parameters posts without their own ``utm`` get on their links: ``{"utm": …}`` (None when none)."""
        return self._data("GET", "/api/v1/settings/utm")

    def set_default_utm(self, utm: Optional[Dict[str, str]]) -> Dict[str, Any]:
        """Sets (or with None, removes) the default UTM parameters; ``{platform}`` and ``{account}`` are filled in."""
        return self._data("PUT", "/api/v1/settings/utm", body={"utm": utm})
