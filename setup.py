"""The optional C extensions; everything else about the package is in pyproject.toml.

``optional=True``: when an extension cannot be compiled (no C compiler), the build says so
and the package installs without it; :mod:`evalgame.games.matching.native` then falls back
to the Python solver, and :mod:`evalgame.certify.values` to its Python search.
"""

from glob import glob

from setuptools import Extension, setup

KERNEL = "src/evalgame/games/matching"

setup(
    ext_modules=[
        Extension(
            "evalgame.games.matching._kernel",
            # the Python binding, then the kernel's parts (kernel/kernel.h lists them)
            [f"{KERNEL}/_kernel.c", *sorted(glob(f"{KERNEL}/kernel/*.c"))],
            depends=sorted(glob(f"{KERNEL}/kernel/*.h")),
            # the parts share names only among themselves: only PyInit__kernel is exported
            extra_compile_args=["-std=c11", "-O2", "-Wall", "-Wextra", "-fvisibility=hidden"],
            optional=True,
        ),
        Extension(
            "evalgame.certify._core",
            # the certificate checker's own exhaustive search: it shares no code with the
            # kernel (tests/certify/test_independence.py); values.py falls back to Python
            ["src/evalgame/certify/_core.c"],
            extra_compile_args=["-std=c11", "-O2", "-Wall", "-Wextra", "-fvisibility=hidden"],
            optional=True,
        ),
    ]
)
