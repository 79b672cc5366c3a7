"""Sneak's bots: ``counter`` and ``honest`` (:mod:`.counter`), the ISMCTS hooks
(:mod:`.search`) and the fixed styles (:mod:`.styles`).

Importing the package registers the family's hooks for the generic ``counter`` and
``ismcts`` bots; the search imports the counter, never the other way round.
"""

from ..search import FamilyHooks, register_family_hooks
from . import counter, search

register_family_hooks(
    counter.FAMILY,
    FamilyHooks(
        determinize=search.determinize,
        candidates=search.candidates,
        evaluate=search.evaluate,
        counter=counter.counter,
        honest=counter.honest,
        rollout=search.rollout,
        iterations=search.ITERATIONS,
        time_limit=search.TIME_LIMIT,
    ),
)
