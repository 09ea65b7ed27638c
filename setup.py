"""Build of the compiled core: one Cython extension, fastholdem._core, over csrc/.

Parallel loops run on POSIX threads started per call (csrc/fh_parallel.c): no OpenMP, so
forked children are safe. Environment switches:
  FASTHOLDEM_SANITIZE=1  AddressSanitizer + UndefinedBehaviorSanitizer, -O1 -g
  FASTHOLDEM_DEBUG=1     -O0 -g, asserts on (FH_DEBUG)
  FASTHOLDEM_ARCH=...    add -march=... (e.g. native); never on by default
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
C_SOURCES = sorted(str(p.relative_to(HERE)) for p in (HERE / "csrc").glob("fh_*.c"))


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in {"1", "true", "yes", "on"}


class BuildExt(build_ext):
    """Adds optimisation and sanitizer flags, decided once per build."""

    def build_extensions(self) -> None:
        posix = self.compiler.compiler_type != "msvc"
        # -fvisibility=hidden: the C core's globals (the evaluator's tables) are then reached
        # PC-relative instead of through the GOT, as in a static executable; only the module's
        # init function (PyMODINIT_FUNC marks it visible) is exported.
        compile_args = ["-std=c11", "-pthread", "-fvisibility=hidden"] if posix else []
        link_args: list[str] = ["-pthread"] if posix else []
        if _flag("FASTHOLDEM_SANITIZE"):
            san = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-fno-sanitize-recover=undefined"]
            compile_args += ["-O1", "-g", *san]
            link_args += san
            print("fastholdem: building with AddressSanitizer + UBSan")
        elif _flag("FASTHOLDEM_DEBUG"):
            compile_args += ["-O0", "-g", "-UNDEBUG", "-DFH_DEBUG"]
        else:
            compile_args += ["-O3"]
        arch = os.environ.get("FASTHOLDEM_ARCH", "").strip()
        if arch:
            compile_args.append(f"-march={arch}")
        for ext in self.extensions:
            ext.extra_compile_args = [*ext.extra_compile_args, *compile_args]
            ext.extra_link_args = [*ext.extra_link_args, *link_args]
        super().build_extensions()


extension = Extension(
    "fastholdem._core",
    sources=["src/fastholdem/_core.pyx", *C_SOURCES],
    include_dirs=["csrc", np.get_include()],
    define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_21_API_VERSION")],
)

setup(
    ext_modules=cythonize([extension], compiler_directives={"language_level": "3"}),
    cmdclass={"build_ext": BuildExt},
)
