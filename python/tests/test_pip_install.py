"""`pip install --no-build-isolation .` into a venv of this interpreter made with
--system-site-packages, as the Python guide says, then `import fexpr` in that venv from outside
the checkout. --no-index makes the install fail if anything would be downloaded.

The build tree is FEXPR_BUILD_DIR-pip (build-pip beside build), at the depth of the build tree
so that ccache finds the library's objects compiled there (without CTest, the backend's own
default, which is the same place)."""

import os
import re
import subprocess
import sys
import sysconfig

import pytest

from conftest import SOURCE_DIR

pytestmark = pytest.mark.pip

BUILD_DIR = os.environ.get("FEXPR_BUILD_DIR")
# PYTHONPATH, which CTest points at the build tree, would import that package instead.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def run(command, **kwargs):
    done = subprocess.run([str(c) for c in command], capture_output=True, text=True, env=ENV, **kwargs)
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def cmake_version():
    return re.search(r"project\(fexpr VERSION ([0-9.]+)", (SOURCE_DIR / "CMakeLists.txt").read_text()).group(1)


def test_pip_installs_the_package_into_a_venv(tmp_path):
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--system-site-packages", venv])
    install = [venv / "bin" / "pip", "install", "--no-build-isolation", "--no-index", SOURCE_DIR]
    if BUILD_DIR:
        install += ["--config-settings", f"build-dir={BUILD_DIR}-pip"]
    run(install)

    script = ("import importlib.metadata, fexpr\n"
              "print(fexpr.__file__)\n"
              "print(fexpr.__version__, importlib.metadata.version('fexpr'))\n"
              "print(fexpr.compile('-1E4*(x-0.5) - 25*v', ['x', 'v']).value(x=0.75, v=0.5))\n")
    where, version, distribution, value = run([venv / "bin" / "python", "-B", "-c", script], cwd=tmp_path).split()
    package = venv / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages" / "fexpr"
    assert where == str(package / "__init__.py")
    assert version == distribution == cmake_version()
    # -1E4 (0.75 - 0.5) - 25 (0.5)
    assert float(value) == -2512.5
    # the package's files, its type information among them, and the module built for this Python
    installed = {p.name for p in package.iterdir() if p.name != "__pycache__"}
    source = {p.name for p in (SOURCE_DIR / "python" / "fexpr").iterdir()
              if p.suffix in (".py", ".pyi") or p.name == "py.typed"}
    assert {"py.typed", "_fexpr.pyi"} <= source
    assert installed == source | {"_fexpr" + sysconfig.get_config_var("EXT_SUFFIX")}
