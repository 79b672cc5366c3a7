"""Research interfaces: the games as PettingZoo, Gymnasium and OpenSpiel environments.

Everything here reads the engine only through its public surface (``view(seat)``,
``legal_actions`` and, for speed, the same in compact form: Cheat's ``legal_parts``, Poker
Bull's ``legal_bids``; ``apply``, ``copy``, ``to_json``/``load``), so an agent trained on these
environments sees exactly what a seated player sees.  The pieces:

- :mod:`bluffhouse.encodings`: the fixed integer action space of a game configuration
  (a two-way codec and the legal-action mask) and the fixed-length numeric and string forms of
  a view; every interface below is built on it.
- :mod:`bluffhouse.interop.pettingzoo`: ``env(game=..., players=..., **options)``, an AEC env.
- :mod:`bluffhouse.interop.gymnasium`: one learning seat against bluffhouse bots; importing it
  registers ``bluffhouse/<GameId>-v0`` for every game id.
- :mod:`bluffhouse.interop.openspiel`: importing it registers the OpenSpiel game
  ``python_bluffhouse``.

They need the ``research`` extra (``pip install 'bluffhouse[research]'``); docs/research.md
documents the encodings with their sizes.
"""
