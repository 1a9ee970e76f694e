from __future__ import annotations

import mimetypes
import os
import uuid
from typing import Any, Callable, Dict, Optional, Union

from ..pagination import Page
from ._base import Resource

#: Files up to this size go in one request; larger ones through the resumable protocol.
SINGLE_UPLOAD_BYTES = 16 * 1024 * 1024

Progress = Callable[[int, int], None]


def _form(filename: str, content_type: str, data: bytes, alt_text: Optional[str]) -> tuple[bytes, str]:
    """A ``multipart/form-data`` body with the field ``file`` (and ``alt_text``), and its content type."""
    boundary = f"herald-{uuid.uuid4().hex}"
    quoted = filename.replace('"', "%22")
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{quoted}"\r\n'
        f"Content-Type: {content_type}\r\n\r\n".encode("utf-8")
        + data
        + b"\r\n"
    ]
    if alt_text is not None:
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="alt_text"\r\n\r\n{alt_text}\r\n'.encode("utf-8")
        )
    parts.append(f"--{boundary}--\r\n".encode("utf-8"))
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


class Media(Resource):
    """The media library: files uploaded whole or resumably, read from their bytes."""

    def upload(
        self,
        file: Union[str, os.PathLike, bytes],
        *,
        filename: Optional[str] = None,
        content_type: Optional[str] = None,
        alt_text: Optional[str] = None,
        on_progress: Optional[Progress] = None,
        upload_id: Optional[str] = None,
        resumable_over: int = SINGLE_UPLOAD_BYTES,
    ) -> Dict[str, Any]:
        """Uploads a file (a path or bytes): in one request up to ``resumable_over`` bytes, else part by part
        (``upload_id`` carries on an earlier upload of the same file). ``on_progress(sent, total)`` is called as
        bytes go out. Answers the media item."""
        if isinstance(file, (str, os.PathLike)):
            path = os.fspath(file)
            filename = filename or os.path.basename(path)
            size = os.path.getsize(path)

            def read(offset: int, length: int) -> bytes:
                with open(path, "rb") as handle:
                    handle.seek(offset)
                    return handle.read(length)
        else:
            data = bytes(file)
            size = len(data)

            def read(offset: int, length: int) -> bytes:
                return data[offset : offset + length]

        filename = filename or "file"
        content_type = content_type or mimetypes.guess_type(filename)[0] or "application/octet-stream"
        if size <= resumable_over and upload_id is None:
            body, form_type = _form(filename, content_type, read(0, size), alt_text)
            created = self._data("POST", "/api/v1/media", raw=body, headers={"Content-Type": form_type})
            if on_progress:
                on_progress(size, size)
            return created
        upload = self._open(upload_id, size, filename, content_type, alt_text)
        arrived = {part["n"] for part in upload["received"]}
        sent = sum(part["size"] for part in upload["received"])
        if on_progress:
            on_progress(sent, size)
        for n in range(1, upload["parts"] + 1):
            if n in arrived:
                continue
            offset = (n - 1) * upload["part_size"]
            chunk = read(offset, min(upload["part_size"], size - offset))
            self._data(
                "PUT",
                "/api/v1/media/uploads/{uploadId}/parts/{n}",
                params={"uploadId": upload["upload_id"], "n": str(n)},
                raw=chunk,
                headers={"Content-Type": "application/octet-stream"},
            )
            sent += len(chunk)
            if on_progress:
                on_progress(sent, size)
        return self._data(
            "POST", "/api/v1/media/uploads/{uploadId}/complete", params={"uploadId": upload["upload_id"]}
        )

    def _open(
        self, upload_id: Optional[str], size: int, filename: str, content_type: str, alt_text: Optional[str]
    ) -> Dict[str, Any]:
        """The upload to carry on (the one named, while open and of this size), else a new one."""
        if upload_id:
            try:
                known = self.upload_status(upload_id)
                if known["size"] == size:
                    return known
            except Exception as error:  # noqa: BLE001 - only a missing upload starts afresh
                if getattr(error, "status", None) != 404:
                    raise
        body: Dict[str, Any] = {"filename": filename, "content_type": content_type, "size": size}
        if alt_text is not None:
            body["alt_text"] = alt_text
        return self._data("POST", "/api/v1/media/uploads", body=body)

    def list(self, *, type: Optional[str] = None, limit: Optional[int] = None) -> Page[Dict[str, Any]]:
        return self._page("/api/v1/media", {"type": type, "limit": limit}, cursor_param="cursor")

    def get(self, media_id: str) -> Dict[str, Any]:
        return self._data("GET", "/api/v1/media/{id}", params={"id": media_id})

    def update(self, media_id: str, *, alt_text: Optional[str]) -> Dict[str, Any]:
        return self._data("PATCH", "/api/v1/media/{id}", params={"id": media_id}, body={"alt_text": alt_text})

    def delete(self, media_id: str) -> Dict[str, Any]:
        return self._data("DELETE", "/api/v1/media/{id}", params={"id": media_id})

    def upload_status(self, upload_id: str) -> Dict[str, Any]:
        return self._data("GET", "/api/v1/media/uploads/{uploadId}", params={"uploadId": upload_id})

    def abort_upload(self, upload_id: str) -> Dict[str, Any]:
        return self._data("DELETE", "/api/v1/media/uploads/{uploadId}", params={"uploadId": upload_id})
