"""The package as an interpreter finds it: its version, and what `import fexpr` says where it
cannot work (no NumPy, no module built for this Python) rather than a bare ModuleNotFoundError."""

import os
import re
import shutil
import subprocess
import sys

import pytest

import fexpr
from conftest import SOURCE_DIR


def test_the_version_is_the_cmake_projects():
    cmake = re.search(r"project\(fexpr VERSION ([0-9.]+)", (SOURCE_DIR / "CMakeLists.txt").read_text()).group(1)
    assert fexpr.__version__ == cmake


def import_fexpr(*options, path):
    """`import fexpr` in a fresh interpreter with the package found at path."""
    return subprocess.run([sys.executable, "-B", *options, "-c", "import fexpr"], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(path)))


def test_without_numpy_the_import_says_so():
    # -S leaves out site-packages, where Debian's NumPy is
    if subprocess.run([sys.executable, "-S", "-c", "import numpy"], capture_output=True).returncode == 0:
        pytest.skip("NumPy is importable without site-packages")
    run = import_fexpr("-S", path=os.path.dirname(os.path.dirname(fexpr.__file__)))
    assert run.returncode == 1
    assert run.stderr.splitlines()[-1].startswith(
        f"ImportError: fexpr needs NumPy, which this Python ({sys.executable}) cannot import: use an interpreter")


def test_without_a_module_for_this_python_the_import_says_which_there_are(tmp_path):
    package = tmp_path / "fexpr"
    package.mkdir()
    for source in (SOURCE_DIR / "python" / "fexpr").glob("*.py"):
        shutil.copy(source, package)
    (package / "_fexpr.cpython-399-x86_64-linux-gnu.so").write_bytes(b"")
    run = import_fexpr(path=tmp_path)
    assert run.returncode == 1
    last = run.stderr.splitlines()[-1]
    assert last.startswith(f"ImportError: fexpr's C++ module was not built for this Python ({sys.executable}")
    assert "here: _fexpr.cpython-399-x86_64-linux-gnu.so): install fexpr for this interpreter" in last
