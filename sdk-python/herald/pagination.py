"""A page of a list: its ``items``, the ``next_cursor`` to pass for the next page, and iteration over every page."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Generic, Iterator, List, Optional, TypeVar

T = TypeVar("T")


@dataclass
class Page(Generic[T]):
    items: List[T]
    #: None on the last page (and on lists the API answers whole).
    next_cursor: Optional[str] = None
    _fetch_next: Optional[Callable[[str], "Page[T]"]] = field(default=None, repr=False, compare=False)

    def __iter__(self) -> Iterator[T]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def has_more(self) -> bool:
        return self.next_cursor is not None

    def next_page(self) -> Optional[Page[T]]:
        if self.next_cursor is None or self._fetch_next is None:
            return None
        return self._fetch_next(self.next_cursor)

    def auto_paging_iter(self) -> Iterator[T]:
        """Every item of this page and of the pages after it, fetched as they are reached."""
        page: Optional[Page[T]] = self
        while page is not None:
            yield from page.items
            page = page.next_page()
