"""Build of the compiled core: one Cython extension, fastholdem._core, over csrc/.

Environment switches:
  FASTHOLDEM_OPENMP=0    build without OpenMP (by default it is used when a probe compiles)
  FASTHOLDEM_SANITIZE=1  AddressSanitizer + UndefinedBehaviorSanitizer, -O1 -g
  FASTHOLDEM_DEBUG=1     -O0 -g, asserts on (FH_DEBUG)
  FASTHOLDEM_ARCH=...    add -march=... (e.g. native); never on by default
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
C_SOURCES = sorted(str(p.relative_to(HERE)) for p in (HERE / "csrc").glob("fh_*.c"))


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in {"1", "true", "yes", "on"}


def _openmp_works(compiler, extra: list[str]) -> bool:
    """Compile and link a shared object using OpenMP (an executable link can hide failures)."""
    tmp = tempfile.mkdtemp(prefix="fh-omp-")
    try:
        src = os.path.join(tmp, "probe.c")
        with open(src, "w") as f:
            f.write("#include <omp.h>\nint fh_probe(void) { return omp_get_max_threads(); }\n")
        objs = compiler.compile([src], output_dir=tmp, extra_preargs=["-fopenmp", "-fPIC", *extra])
        compiler.link_shared_object(objs, os.path.join(tmp, "probe.so"), extra_preargs=["-fopenmp", *extra])
        return True
    except Exception:  # any compile or link error means: no OpenMP
        return False
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


class BuildExt(build_ext):
    """Adds optimisation, sanitizer and OpenMP flags, decided once per build."""

    def build_extensions(self) -> None:
        posix = self.compiler.compiler_type != "msvc"
        compile_args = ["-std=c11", "-pthread"] if posix else []
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
        use_omp = os.environ.get("FASTHOLDEM_OPENMP", "1").strip() != "0"
        if use_omp and self.compiler.compiler_type != "msvc":
            use_omp = _openmp_works(self.compiler, link_args)
        print(f"fastholdem: OpenMP {'enabled' if use_omp else 'disabled'}", file=sys.stderr)
        if use_omp:
            compile_args.append("-fopenmp")
            link_args.append("-fopenmp")
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
