"""The teaching lab: the engine's ideas shown on games small enough to watch.

Each tab of the web page is one straight path, page → API → this package → engine, with
the same name at every step:

* **Game tree** — ``static/tree.js`` → ``web/tree_api.py`` (``/api/tree``) → :mod:`.tree`,
  :mod:`.tree_walk`, :mod:`.tree_pictures` → the e-Valuate solvers (``games.evaluate``);
* **DAG & trees** — ``static/dag.js`` (with ``dagform.js``, ``dagstep.js``, ``dagdraw.js``,
  ``dagedit.js``) → ``web/dag_api.py`` (``/api/dag``) → :mod:`.dag` (with :mod:`.dag_tree`,
  :mod:`.dag_trace`, :mod:`.dag_counts`, :mod:`.dag_horizon`, :mod:`.dag_label`) →
  ``search.dag``, ``search.minimax``, ``search.alphabeta``, ``search.chance``,
  ``search.retrograde``;
* **Impartial** — ``static/impartial.js`` → ``web/impartial_api.py`` (``/api/impartial``) →
  :mod:`.impartial` → ``games.classic.impartial``, ``search.grundy``, ``search.alphabeta``;
* **Classic** — ``static/classic.js`` → ``web/classic_api.py`` (``/api/classic``,
  ``/cutoff``, ``/horizon``) → :mod:`.classic`, :mod:`.cutoff` → ``games.classic``,
  ``play.solvers``, depth-limited ``search.alphabeta``.

The lab sits on the play layer (it replays moves and reuses the play layer's engines and
limits) beside :mod:`evalgame.analysis`, the research results, which it never imports.

>>> from evalgame.lab.dag import walk_game
>>> from evalgame.games.classic.nested_tree import parse_nested_tree
>>> walk_game(parse_nested_tree("[[3,12,8],[2,4,6],[14,5,2]]"), "minimax")["value"]
'3'
"""
