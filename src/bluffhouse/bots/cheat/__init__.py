"""The Cheat family's bots: ``counter`` (card counting, :mod:`.counter` reading a
:class:`.knowledge.Knowledge`), the ISMCTS hooks (:mod:`.search`, with its deals of the
hidden cards in :mod:`.sampling`), the fixed styles (:mod:`.styles`) and the ``learned``
network (:mod:`.learned`).

Importing the package registers the family's hooks for the generic ``counter`` and ``ismcts``
bots; the search imports the counter, never the other way round.
"""

from ..search import register_family_hooks, search_hooks
from . import sampling, search
from .counter import counter_policy, counter_v1_policy

register_family_hooks(
    "cheat",
    search_hooks(
        search,
        determinize=sampling.search_determinize,
        counter=counter_policy,
        counter_v1=counter_v1_policy,
    ),
)
