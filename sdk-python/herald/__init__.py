"""Python client for the Herald API (standard library only).

    import herald

    client = herald.Herald(api_key="sk_…", base_url="http://localhost:8787")
    post = client.posts.create(text="Hello", platforms=[{"platform": "bluesky", "account_id": "acct_…"}])

    event = herald.webhooks.verify(raw_body, request.headers, signing_secret)  # either signature format
"""

from . import webhooks
from ._version import __version__
from .client import Herald
from .errors import HeraldError, SignatureError
from .pagination import Page

__all__ = ["Herald", "HeraldError", "Page", "SignatureError", "__version__", "webhooks"]
