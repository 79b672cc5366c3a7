"""Poker Bull's bots: ``counter``, ``counter_v1`` and ``honest`` (:mod:`.counter`), the ISMCTS hooks
(:mod:`.search`) and the fixed styles (:mod:`.styles`).

Importing the package registers the family's hooks for the generic ``counter`` and
``ismcts`` bots; the search imports the counter, never the other way round.
"""

from ..search import register_family_hooks, search_hooks
from . import counter, search

register_family_hooks(
    counter.FAMILY,
    search_hooks(
        search, counter=counter.counter, counter_v1=counter.counter_v1, honest=counter.honest
    ),
)
