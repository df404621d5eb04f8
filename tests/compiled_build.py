"""Copies of the package, pure and compiled (mypyc, by the project's own ``setup.py``), for
the tests and benchmarks that compare the two builds side by side in separate processes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COPIED = shutil.ignore_patterns("*.so", "__pycache__", "*.egg-info")


def build_missing() -> str | None:
    """Why no extension can be built here (``None`` when one can)."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) for the compiled build"
    header = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not header.exists():
        return f"no Python headers ({header}) for the compiled build"
    return None


def pure_copy(folder: Path) -> Path:
    """The sources copied under ``folder`` without any compiled module: the ``PYTHONPATH``
    entry that imports them."""
    shutil.copytree(ROOT / "src", folder / "src", ignore=COPIED)
    return folder / "src"


def compiled_copy(folder: Path, python: str) -> Path:
    """The sources copied under ``folder`` and built in place with ``python setup.py``
    (``make compiled``'s build): the ``PYTHONPATH`` entry that imports them."""
    source = pure_copy(folder)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, folder / name)
    subprocess.run(
        [python, "setup.py", "--quiet", "build_ext", "--inplace"],
        cwd=folder,
        env={**os.environ, "GOLF_SOLITAIRE_MYPYC": "1"},
        capture_output=True,
        check=True,
    )
    return source
