"""The checker's exhaustive search in C with 128-bit sets of cells (``_core.c`` compiled with
``CORE_WIDTH=128``), for boards of 65 to 128 cells: the same class as ``_core``'s."""

from evalgame.certify._core import Core as Core
