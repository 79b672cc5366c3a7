"""Bots: each sees only its seat's view and the legal actions."""

from . import simple as _simple  # noqa: F401  (registers random and honest)
from .base import Bot, Choices, bot_class, bot_names, make_bot, parse_bot_list, register_bot

__all__ = ["Bot", "Choices", "bot_class", "bot_names", "make_bot", "parse_bot_list", "register_bot"]
