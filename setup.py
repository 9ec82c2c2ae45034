"""The optional C extensions; everything else about the package is in pyproject.toml.

``optional=True``: when an extension cannot be compiled (no C compiler), the build says so
and the package installs without it; :mod:`evalgame.games.matching.native` then falls back
to the Python solver (without _kernel128 only for boards of more than 64 cells), and
:mod:`evalgame.certify.values` to its Python search (without _core128 only for boards of
more than 64 cells).
"""

import os
from glob import glob

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

KERNEL = "src/evalgame/games/matching"
#: the kernel's sources, the Python binding first (kernel/kernel.h lists the parts)
KERNEL_SOURCES = [f"{KERNEL}/_kernel.c", *sorted(glob(f"{KERNEL}/kernel/*.c"))]
KERNEL_FLAGS = ["-std=c11", "-O2", "-Wall", "-Wextra", "-fvisibility=hidden"]


class SeparateObjects(build_ext):
    """Each extension's objects in a directory of its own: the two builds of the kernel
    compile the same sources with other macros, and would otherwise share (and reuse) one
    object file per source."""

    def build_extension(self, ext: Extension) -> None:
        temp = self.build_temp
        self.build_temp = os.path.join(temp, ext.name)
        try:
            super().build_extension(ext)
        finally:
            self.build_temp = temp


setup(
    ext_modules=[
        Extension(
            "evalgame.games.matching._kernel",
            KERNEL_SOURCES,
            depends=sorted(glob(f"{KERNEL}/kernel/*.h")),
            # the parts share names only among themselves: only PyInit__kernel is exported
            extra_compile_args=KERNEL_FLAGS,
            optional=True,
        ),
        Extension(
            # the same sources with 128-bit sets, for boards of 65 to 128 cells: the
            # 64-bit build above keeps its code, and its speed, on the smaller ones
            "evalgame.games.matching._kernel128",
            KERNEL_SOURCES,
            depends=sorted(glob(f"{KERNEL}/kernel/*.h")),
            define_macros=[("KERNEL_WIDTH", "128")],
            extra_compile_args=KERNEL_FLAGS,
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
        Extension(
            # the same source with 128-bit sets of cells, for boards of 65 to 128 cells
            "evalgame.certify._core128",
            ["src/evalgame/certify/_core.c"],
            define_macros=[("CORE_WIDTH", "128")],
            extra_compile_args=["-std=c11", "-O2", "-Wall", "-Wextra", "-fvisibility=hidden"],
            optional=True,
        ),
    ],
    cmdclass={"build_ext": SeparateObjects},
)
