"""The one way a request is turned down: a machine-readable code and a message for people."""

from __future__ import annotations


class Refused(Exception):
    """A request the room turns down; ``code`` is machine-readable, the message is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
