"""Bots: each sees only its seat's view and the legal actions."""

from . import counter as _counter  # noqa: F401  (registers counter)
from . import ismcts as _ismcts  # noqa: F401  (registers ismcts)
from . import simple as _simple  # noqa: F401  (registers random and honest)
from . import styles as _styles  # noqa: F401  (registers the fixed styles)
from .base import (
    Bot,
    Choices,
    bot_class,
    bot_label,
    bot_names,
    bot_refusal,
    check_bots_fit,
    make_bot,
    parse_bot_list,
    persona,
    register_bot,
)

__all__ = [
    "Bot",
    "Choices",
    "bot_class",
    "bot_label",
    "bot_names",
    "bot_refusal",
    "check_bots_fit",
    "make_bot",
    "parse_bot_list",
    "persona",
    "register_bot",
]

# last, so that the lists of bots end with it
from . import learned as _learned  # noqa: F401  (registers learned where numpy is)
