"""The optional C extension; everything else about the package is in pyproject.toml.

``optional=True``: when the kernel cannot be compiled (no C compiler), the build says so
and the package installs without it; :mod:`evalgame.games.matching.native` then falls back
to the Python solver.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "evalgame.games.matching._kernel",
            ["src/evalgame/games/matching/_kernel.c"],
            extra_compile_args=["-std=c11", "-O2", "-Wall", "-Wextra"],
            optional=True,
        )
    ]
)
