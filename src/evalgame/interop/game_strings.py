"""OpenSpiel game strings of our games: :func:`game_string` writes one from ordinary
values, :func:`check_game_string` reads one as OpenSpiel will and names the parameter it
would not keep. Neither needs OpenSpiel.

OpenSpiel reads ``name(key=value,...)``, splitting at ``,`` and ``=``, reading a value of
digits, signs and dots as a number and one ending in ``)`` as a game: ``domain=0..9``
stops its parser with only "CHECK_TRUE(success)", and ``expression=x*(y-z)`` is read as a
game. :func:`game_string` writes every value so that it is kept:

>>> game_string("evaluate", expression="x*(y-z)", domain="0..9")
'evalgame_evaluate(domain=0 .. 9,expression=x y z - *,first=max)'
>>> game_string("tiling", board="..#/...", first="min")
'evalgame_tiling(board=..#/...,cols=3,first=min,rows=2)'
>>> check_game_string("evalgame_evaluate(domain=0..9)")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
evalgame.errors.GameError: domain=0..9: OpenSpiel reads ... as a number, and 0..9 is none ...
"""

from __future__ import annotations

import re
from typing import Any

from evalgame.errors import GameError
from evalgame.interop.families import FAMILIES, translation
from evalgame.interop.translation import Parameter, Translation, with_defaults

#: the prefix of our games' OpenSpiel names
PREFIX = "evalgame_"
_WHOLE = re.compile(r"[+-]?\d+")
_DECIMAL = re.compile(r"[+-]?(\d+\.\d*|\.\d+)")


def game_string(family: str, **parameters: Any) -> str:
    """The OpenSpiel game string of the game ``family`` with ``parameters`` in ordinary
    notation (see the module doc): every parameter, in OpenSpiel's order, so that
    ``str(pyspiel.load_game(text)) == text``. A value a game string cannot keep is a
    :class:`~evalgame.errors.GameError` naming the parameter."""
    found = translation(family, **parameters)
    text = _write(found.family, found.parameters())
    check_game_string(text)
    return text


def _write(family: str, parameters: dict[str, Parameter]) -> str:
    words = ",".join(f"{name}={value}" for name, value in sorted(parameters.items()))
    return f"{PREFIX}{family}({words})"


def check_game_string(text: str) -> dict[str, Parameter]:
    """The parameters of our game string ``text`` as OpenSpiel reads them; a value it
    would not read as the parameter needs (or would stop at) is a
    :class:`~evalgame.errors.GameError` naming the parameter.

    >>> check_game_string("evalgame_tiling(rows=2,cols=4)")
    {'rows': 2, 'cols': 4}
    >>> check_game_string("evalgame_evaluate(expression=x*(y-z))")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    evalgame.errors.GameError: expression=x*(y-z): OpenSpiel reads ... ending in ')' as a game; ...
    """
    name, _, body = text.strip().partition("(")
    cls = FAMILIES.get(name.removeprefix(PREFIX)) if name.startswith(PREFIX) else None
    if cls is None:
        games = ", ".join(PREFIX + family for family in FAMILIES)
        raise GameError(f"{name!r} is not one of evalgame's games ({games})")
    if not body:
        return {}
    if not body.endswith(")"):
        raise GameError(f"{text!r} has no closing bracket ')'")
    found: dict[str, Parameter] = {}
    for piece in _pieces(body[:-1], cls):
        key, equals, value = piece.partition("=")
        if not equals:
            last = list(found)[-1] if found else None
            before = f"the value of {last}" if last else "a value"
            raise GameError(
                f"{piece!r} is no key=value: {before} holds a ',' (OpenSpiel splits there); "
                f"{_advice(cls, last)}"
            )
        found[key] = _value(cls, key, value)
    return found


def _pieces(body: str, cls: type[Translation[Any, Any]]) -> list[str]:
    """``body`` split at the commas outside brackets, as OpenSpiel splits it."""
    pieces, depth, start = [], 0, 0
    for i, char in enumerate(body):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            raise GameError(f"{body[start : i + 1]!r}: a ')' closes no '('; {_advice(cls, None)}")
        if char == "," and depth == 0:
            pieces.append(body[start:i])
            start = i + 1
    if depth:
        raise GameError(f"{body[start:]!r}: a '(' is never closed; {_advice(cls, None)}")
    return [*pieces, body[start:]] if body else pieces


def _value(cls: type[Translation[Any, Any]], key: str, value: str) -> Parameter:
    """``key=value`` as OpenSpiel reads it, refused unless it reads as ``key`` needs."""
    with_defaults(cls, {key: value})  # an unknown parameter lists the known ones
    wanted = "a whole number" if isinstance(cls.defaults[key], int) else "a word"
    if "=" in value:
        problem = "a second '=' in it ends the name where OpenSpiel reads it"
    elif value.endswith(")"):
        problem = "OpenSpiel reads a value ending in ')' as a game"
    elif value in ("True", "true", "False", "false"):
        problem = f"OpenSpiel reads {value} as true or false, and {key} is {wanted}"
    elif value and not value.strip("+-0123456789."):
        if not (_WHOLE.fullmatch(value) or _DECIMAL.fullmatch(value)):
            problem = (
                "OpenSpiel reads a value of digits, signs and dots as a number, and "
                f"{value} is none (its parser stops with CHECK_TRUE(success))"
            )
        elif _WHOLE.fullmatch(value) and wanted == "a whole number":
            return int(value)
        else:
            problem = f"OpenSpiel reads {value} as a number, and {key} is {wanted}"
    elif wanted == "a whole number":
        problem = f"{key} is a whole number"
    else:
        return value
    raise GameError(f"{key}={value}: {problem}; {_advice(cls, key)}")


def _advice(cls: type[Translation[Any, Any]], key: str | None) -> str:
    """How to write the parameter ``key`` (``None``: the whole string) so that it is kept."""
    if key is None:
        return f'build the string with game_string("{cls.family}", ...)'
    return f'build the string with game_string("{cls.family}", {key}=...), which keeps {key}'
