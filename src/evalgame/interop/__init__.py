"""Our games in the libraries where game-AI researchers work: OpenSpiel and PettingZoo.

Each adapter translates one of evalgame's games (through the :class:`~evalgame.search.Game`
protocol only) into the other library's terms — numbered actions, observation arrays, float
returns — and keeps the exact value beside. Nothing here solves a game: the libraries' own
solvers and agents play on it, and ``evalgame.solve`` gives the ground truth to compare with.

=====================================  ===========================================
:mod:`evalgame.interop.families`       the translation shared by both adapters, a
                                       module per family of games (``translation.py``
                                       the base)
:mod:`evalgame.interop.openspiel`      ``pyspiel`` games (extra ``evalgame[openspiel]``)
:mod:`evalgame.interop.game_strings`   OpenSpiel game strings written from ordinary
                                       values, and checked naming the parameter
:mod:`evalgame.interop.pettingzoo`     AEC environments (extra ``evalgame[pettingzoo]``)
:mod:`evalgame.interop.render`         their ``rgb_array`` images and ``human`` window
=====================================  ===========================================

The libraries are optional: they are imported only with the adapter that needs them, and
without them the adapter says which extra to install (:class:`~evalgame.errors.MissingExtraError`).
"""
