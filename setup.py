"""The optional C extension; everything else about the package is in pyproject.toml.

``optional=True``: when the kernel cannot be compiled (no C compiler), the build says so
and the package installs without it; :mod:`evalgame.games.matching.native` then falls back
to the Python solver.
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
        )
    ]
)
