"""Work kept between the hints of one hand, so the next hint starts where the last one left off.

A hint's searches are made for one deal's columns and rules; the next hint of the same hand
meets most of the same positions again. A ``Shelf`` keeps the last few deals' workers, takes
one off while a hint uses it (two threads never share one) and drops one grown too large.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)
Kept = TypeVar("Kept")


class Shelf(Generic[Key, Kept]):
    """The ``size`` last keys' workers; one whose ``weight`` passes ``most`` is not kept."""

    def __init__(self, weight: Callable[[Kept], int], size: int = 2, most: int = 500_000) -> None:
        self.weight = weight
        self.size = size
        self.most = most
        self.kept: OrderedDict[Key, Kept] = OrderedDict()
        self.lock = threading.Lock()

    def take(self, key: Key, make: Callable[[], Kept]) -> Kept:
        """The kept worker of ``key`` (off the shelf), else a new one ``make`` makes."""
        with self.lock:
            kept = self.kept.pop(key, None)
        return make() if kept is None else kept

    def put_back(self, key: Key, kept: Kept) -> None:
        """Keep ``kept`` for the next hint of its key (the oldest dropped past ``size``)."""
        if self.weight(kept) > self.most:
            return
        with self.lock:
            self.kept[key] = kept
            self.kept.move_to_end(key)
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
