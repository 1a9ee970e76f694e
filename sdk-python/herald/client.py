from __future__ import annotations

import os
from typing import Any, Dict, Optional

from ._http import Http
from .resources.account_groups import AccountGroups
from .resources.account_settings import ApiKeys, Events, Notifications, Signatures
from .resources.accounts import Accounts
from .resources.analytics import Analytics
from .resources.client_invites import ClientInvites
from .resources.flows import Flows
from .resources.inbox import Inbox
from .resources.media import Media
from .resources.members import Members, Workspace
from .resources.plugs import Plugs
from .resources.posts import Posts
from .resources.report_links import ReportLinks
from .resources.report_schedules import ReportSchedules
from .resources.rss_feeds import RssFeeds
from .resources.slots import Slots
from .resources.webhooks import Webhooks

DEFAULT_BASE_URL = "http://localhost:8787"


class Herald:
    """The Herald API client. Methods answer the ``data`` of the API's ``{ success, data }`` envelope (lists as a
    ``Page``) and raise ``HeraldError`` for every answer that is not a 2xx.

        herald = Herald(api_key="sk_…", base_url="http://localhost:8787")
        for account in herald.accounts.list():
            print(account["id"], account["platform"])

    ``api_key`` is sent as ``X-API-Key``; ``token`` (an OAuth access token) as ``Authorization: Bearer``. Without
    either, ``HERALD_API_KEY`` or ``HERALD_TOKEN`` is read; ``base_url`` defaults to ``HERALD_BASE_URL``, then
    ``http://localhost:8787``. ``max_retries`` > 0 retries answers of 429 after their ``Retry-After`` (1 s when
    absent; a wait over ``max_retry_delay`` seconds is raised at once): a 429 is refused before any work, so even a
    POST is safe to send again."""

    def __init__(
        self,
        api_key: Optional[str] = None,
        *,
        token: Optional[str] = None,
        base_url: Optional[str] = None,
        timeout: float = 30.0,
        max_retries: int = 0,
        max_retry_delay: float = 60.0,
    ) -> None:
        if api_key and token:
            raise ValueError("Herald takes api_key or token, not both")
        if not api_key and not token:
            api_key = os.environ.get("HERALD_API_KEY") or None
            token = None if api_key else os.environ.get("HERALD_TOKEN") or None
        if api_key:
            headers: Dict[str, str] = {"X-API-Key": api_key}
        elif token:
            headers = {"Authorization": f"Bearer {token}"}
        else:
            raise ValueError("Herald needs api_key=… or token=… (or HERALD_API_KEY / HERALD_TOKEN)")
        self.http = Http(
            headers=headers,
            base_url=base_url or os.environ.get("HERALD_BASE_URL") or DEFAULT_BASE_URL,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_delay=max_retry_delay,
        )
        self.accounts = Accounts(self.http)
        self.posts = Posts(self.http)
        self.media = Media(self.http)
        self.slots = Slots(self.http)
        self.plugs = Plugs(self.http)
        self.rss_feeds = RssFeeds(self.http)
        self.webhooks = Webhooks(self.http)
        self.account_groups = AccountGroups(self.http)
        self.client_invites = ClientInvites(self.http)
        self.analytics = Analytics(self.http)
        self.report_schedules = ReportSchedules(self.http)
        self.report_links = ReportLinks(self.http)
        self.flows = Flows(self.http)
        self.inbox = Inbox(self.http)
        self.signatures = Signatures(self.http)
        self.api_keys = ApiKeys(self.http)
        self.members = Members(self.http)
        self.workspace = Workspace(self.http)
        self.events = Events(self.http)
        self.notifications = Notifications(self.http)

    def health(self) -> Dict[str, Any]:
        """The service's version and when each job last ran (needs no key)."""
        return self.http.request("GET", "/api/v1/health")["data"]
