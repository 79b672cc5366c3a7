"""The Poker Bull counter's weights, in one place for the counter (``bots.py``) and the
search's model of it (``search.py``), which cannot import each other at load time."""

#: How likely the next player is taken to call a false bid (the risk of raising).
CALL_RISK = 0.8
#: Preference for higher bids among equally safe raises (they press the next player).
PRESS = 0.04
