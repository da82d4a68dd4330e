"""Limits against abuse (docs/protocol.md, "Limits"): message size, message rate per connection,
rooms per address, idle rooms."""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    #: the largest WebSocket message or HTTP body, in bytes (house rules are at most 256 KiB)
    message_bytes: int = 300 * 1024
    #: messages a second a connection may send on average, and in a burst
    rate: float = 20.0
    burst: int = 40
    #: open rooms one address may have created
    rooms_per_address: int = 20
    #: seconds a room nobody is connected to stays open after its last change: in the lobby, during a match
    idle_lobby: float = 30 * 60.0
    idle_match: float = 24 * 3600.0
    #: messages waiting to be sent to one connection before it is closed as too slow
    queue: int = 1000


class Bucket:
    """A token bucket: :meth:`take` says whether one more message is allowed now."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.stamp = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
