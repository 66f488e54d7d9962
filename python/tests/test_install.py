"""cmake --install --component python into a temporary prefix, then `import fexpr` from there
in a fresh interpreter. Needs the build tree, which CTest names in FEXPR_BUILD_DIR."""

import os
import pathlib
import re
import subprocess
import sys

import pytest

BUILD_DIR = os.environ.get("FEXPR_BUILD_DIR")
CMAKE = os.environ.get("FEXPR_CMAKE", "cmake")


@pytest.mark.skipif(not BUILD_DIR, reason="run through CTest, which gives the build tree")
def test_the_installed_package_imports_and_evaluates(tmp_path):
    prefix = tmp_path / "prefix"
    install = subprocess.run([CMAKE, "--install", BUILD_DIR, "--component", "python", "--prefix", str(prefix)],
                             capture_output=True, text=True)
    assert install.returncode == 0, install.stdout + install.stderr
    # the install step says where the package went
    printed = re.search(r"fexpr Python package: (\S+)/fexpr ", install.stdout)
    assert printed, install.stdout
    site = printed.group(1)
    assert site.startswith(str(prefix))
    script = ("import fexpr; print(fexpr.__file__); "
              "print(fexpr.compile('-1E4*(x-0.5) - 25*v', ['x', 'v']).value(x=0.6, v=0.3))")
    env = dict(os.environ, PYTHONPATH=site)
    run = subprocess.run([sys.executable, "-B", "-c", script], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    where, value = run.stdout.split()
    assert where.startswith(site)
    # with its type information
    assert (pathlib.Path(site) / "fexpr" / "py.typed").exists() and (pathlib.Path(site) / "fexpr" / "_fexpr.pyi").exists()
    assert float(value) == pytest.approx(-1007.5)
