"""The shapes of the main resources as the API answers them: JSON objects, so TypedDicts (plain dicts at run time)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, TypedDict


class Account(TypedDict):
    id: str
    platform: str
    name: str
    platform_user_id: str
    text_limit: int
    group_id: Optional[str]
    status: str
    subscription_tier: Optional[str]
    created_at: str


class TargetError(TypedDict):
    code: str
    message: str


class TargetSegment(TypedDict):
    """One segment of what went out to a target: ``index`` 0 is the post itself, then the thread in order."""

    index: int
    status: str
    platform_post_id: Optional[str]
    url: Optional[str]
    error: Optional[TargetError]


class TargetFirstComment(TypedDict):
    status: str
    platform_comment_id: Optional[str]
    error: Optional[TargetError]


class _PostTarget(TypedDict, total=False):
    #: Only on a target with a first comment.
    first_comment: TargetFirstComment


class PostTarget(_PostTarget):
    platform: str
    account_id: str
    metadata: Dict[str, Any]
    status: str
    platform_post_id: Optional[str]
    url: Optional[str]
    error: Optional[TargetError]
    attempts: int
    published_at: Optional[str]
    segments: List[TargetSegment]


class Repeat(TypedDict, total=False):
    """An evergreen post's rule: ``every_days`` (always there), ``times``, ``until`` (YYYY-MM-DD), ``variations``."""

    every_days: int
    times: int
    until: str
    variations: List[str]


class ThreadSegment(TypedDict):
    """A follow-up segment, posted as a reply to the one before (the post's ``text`` and ``media`` are the first)."""

    text: str
    media: List[Dict[str, Any]]


class FirstComment(TypedDict):
    text: str


class Post(TypedDict):
    id: str
    status: str
    text: str
    schedule_type: str
    scheduled_at: Optional[str]
    timezone: Optional[str]
    media: List[Dict[str, Any]]
    platform_overrides: Dict[str, Any]
    thread: List[ThreadSegment]
    first_comment: Optional[FirstComment]
    platforms: List[PostTarget]
    repeat: Optional[Repeat]
    repeat_of: Optional[str]
    repeat_stopped: Optional[str]
    created_at: str
    updated_at: str


class Plug(TypedDict):
    id: str
    plug_id: str
    post_id: str
    account_id: str
    platform: str
    trigger: Dict[str, Any]
    action: Dict[str, Any]
    state: str
    firing: bool
    last_value: Optional[float]
    last_checked_at: Optional[str]
    fired_at: Optional[str]
    error: Optional[str]
    note: Optional[str]
    watching_since: Optional[str]
    created_at: str


class PostingSlot(TypedDict):
    id: str
    account_ids: List[str]
    weekday: int
    time: str
    minutes: int
    timezone: str
    created_at: str
    updated_at: str


class RssFeed(TypedDict):
    id: str
    url: str
    platforms: List[str]
    account_ids: List[str]
    mode: str
    template: Optional[Dict[str, str]]
    image: str
    daily_cap: int
    paused: bool
    status: str
    last_checked_at: Optional[str]
    last_error: Optional[str]
    consecutive_failures: int
    created_at: str


class Webhook(TypedDict):
    id: str
    target_url: str
    events: List[str]
    integration_type: str
    account_ids: List[str]
    signature_format: str
    active: bool
    consecutive_failures: int
    switched_off_at: Optional[str]
    last_delivery_at: Optional[str]
    last_status: Optional[int]
    last_error: Optional[str]
    created_at: str
    updated_at: str


class WebhookEventType(TypedDict):
    event: str
    summary: str
    allowed: bool
    needs: Optional[str]


class Event(TypedDict):
    """The body a webhook receives (and what ``herald.webhooks.verify`` returns); ``data`` by ``event`` below."""

    id: str
    event: str
    timestamp: str
    data: Dict[str, Any]


class ReceivedMedia(TypedDict):
    type: str
    url: str


class _MessageReceived(TypedDict):
    accountId: str
    platform: str
    contactId: str
    messageId: str
    text: str
    receivedAt: str


class MessageReceived(_MessageReceived, total=False):
    """``data`` of ``message.received``: a direct message to an account."""

    media: List[ReceivedMedia]


class CommentReceived(TypedDict):
    """``data`` of ``comment.received``: ``postId`` is Herald's post when Herald published it, else None."""

    accountId: str
    platform: str
    postId: Optional[str]
    platformPostId: Optional[str]
    commentId: str
    contactId: str
    text: str
    receivedAt: str


class CollectedAnswer(TypedDict):
    fieldLabel: str
    valid: bool


class FlowCompleted(TypedDict):
    """``data`` of ``flow.completed``: the answers' labels and validity, never their values."""

    flowId: str
    flowName: str
    executionId: str
    accountId: str
    platform: str
    contactId: str
    completedAt: str
    collected: List[CollectedAnswer]


class AccountDisconnected(TypedDict):
    """``data`` of ``account.disconnected``; ``reason`` is ``owner``, ``reauth_required`` or ``platform_revoked``."""

    accountId: str
    platform: str
    reason: str
    at: str


class MetricTotals(TypedDict):
    likes: int
    comments: int
    reposts: int
    views: int


class Deliveries(TypedDict):
    ok: int
    failed: int


class AnalyticsRow(TypedDict):
    posts_published: int
    posts_failed: int
    metrics: MetricTotals
    metrics_read: int
    plug_firings: int
    feed_items_posted: int
    webhook_deliveries: Deliveries


class AccountAnalytics(AnalyticsRow):
    account_id: str
    platform: str
    name: str
    status: str


class PlatformAnalytics(AnalyticsRow):
    platform: str
    accounts: int


# "from" is a Python keyword, so this one is spelled the functional way.
AnalyticsOverview = TypedDict(
    "AnalyticsOverview",
    {
        "from": str,
        "to": str,
        "accounts": List[AccountAnalytics],
        "platforms": List[PlatformAnalytics],
        "webhook_deliveries": Deliveries,
    },
)


class MetricSample(MetricTotals):
    read_at: str
    source: str


class TargetAnalytics(TypedDict):
    account_id: str
    platform: str
    status: str
    platform_post_id: Optional[str]
    published_at: Optional[str]
    latest: Optional[MetricSample]
    history: List[MetricSample]


class PostAnalytics(TypedDict):
    post_id: str
    status: str
    targets: List[TargetAnalytics]
