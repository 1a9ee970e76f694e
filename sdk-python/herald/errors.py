"""The errors the SDK raises: every non-2xx answer is a HeraldError; a bad webhook signature is a SignatureError."""

from __future__ import annotations

from typing import Any, Optional

# Codes the API answers when the credential is missing, unknown, revoked or lacks the scope.
_AUTH_CODES = frozenset({"unauthorized", "invalid_api_key", "invalid_token", "insufficient_scope"})


class HeraldError(Exception):
    """An answer that was not a 2xx: the HTTP ``status``, the API's error ``code`` (``http_<status>`` when the answer
    carried none), its ``message`` and the parsed answer ``body``."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        body: Any = None,
        retry_after: Optional[float] = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.body = body
        #: Seconds to wait before trying again, from ``Retry-After``; None when the answer had none.
        self.retry_after = retry_after
        error = body.get("error") if isinstance(body, dict) else None
        request_id = error.get("request_id") if isinstance(error, dict) else None
        #: The request's id (``error.request_id``, as in ``X-Request-Id``): quote it when asking about the failure.
        self.request_id: Optional[str] = request_id if isinstance(request_id, str) else None

    @classmethod
    def from_answer(cls, status: int, body: Any, retry_after: Optional[float] = None) -> HeraldError:
        error = body.get("error") if isinstance(body, dict) else None
        error = error if isinstance(error, dict) else {}
        code = error.get("code") if isinstance(error.get("code"), str) else f"http_{status}"
        message = error.get("message") if isinstance(error.get("message"), str) else f"Herald answered {status}"
        if retry_after is None and isinstance(error.get("retry_after"), (int, float)):
            retry_after = float(error["retry_after"])  # some refusals say it in the body only
        return cls(status, code, message, body, retry_after)

    @property
    def is_auth_error(self) -> bool:
        """401, or 403 because of the credential (not because of the plan or the platform)."""
        return self.status == 401 or (self.status == 403 and self.code in _AUTH_CODES)

    @property
    def is_rate_limited(self) -> bool:
        return self.status == 429

    @property
    def is_not_found(self) -> bool:
        return self.status == 404

    @property
    def is_state_error(self) -> bool:
        """The resource is in a state that refuses the change (e.g. editing a post that is publishing)."""
        return self.code == "state_error"

    def __repr__(self) -> str:
        return (
            f"HeraldError(status={self.status}, code={self.code!r}, message={self.message!r}, "
            f"request_id={self.request_id!r})"
        )


class SignatureError(Exception):
    """A webhook request whose signature (either format) does not prove it came from Herald just now."""
