"""The Cheat family's bots: ``counter`` (card counting, :mod:`.counter` reading a
:class:`.knowledge.Knowledge`), the ISMCTS hooks (:mod:`.search`), the fixed styles
(:mod:`.styles`) and the ``learned`` network (:mod:`.learned`).

Importing the package registers the family's hooks for the generic ``counter`` and ``ismcts``
bots; the search imports the counter, never the other way round.
"""

from ..search import FamilyHooks, register_family_hooks
from . import search
from .counter import counter_policy, counter_v1_policy

register_family_hooks(
    "cheat",
    FamilyHooks(
        counter=counter_policy,
        counter_v1=counter_v1_policy,
        determinize=search.search_determinize,
        candidates=search.candidates,
        evaluate=search.evaluate,
        rollout=search.rollout,
        iterations=search.ITERATIONS,
        time_limit=search.TIME_LIMIT,
        prior_margin=search.PRIOR_MARGIN,
    ),
)
