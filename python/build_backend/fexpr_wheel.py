"""The build backend of `pip install .` (PEP 517): CMake builds the module fexpr._fexpr for the
interpreter that runs pip, and this file writes the wheel around it, so that the build needs
CMake and a C++ compiler but no Python package, and pip has nothing to download.

The wheel holds the package python/fexpr/ (its code, the module's stub, py.typed) and the
module. Its metadata is pyproject.toml's [project] table, its version that of CMakeLists.txt's
project(), which the module reports as fexpr.__version__ too.

The build tree persists, by default build-pip/ beside the checkout's build/ (pip's
`--config-settings build-dir=DIR` chooses another): a second install rebuilds only what changed,
and ccache, whose paths are relative to the build tree, finds what build/ compiled at the same
depth.
"""

import base64
import hashlib
import os
import re
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "python" / "fexpr"


class UnsupportedOperation(Exception):
    """What PEP 517 has a backend raise for a hook it cannot serve."""


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    dist_info = Path(metadata_directory) / _dist_info()
    dist_info.mkdir(parents=True, exist_ok=True)
    (dist_info / "METADATA").write_text(_metadata())
    return dist_info.name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    module = _build_module(Path((config_settings or {}).get("build-dir", ROOT / "build-pip")))
    files = {f"fexpr/{p.name}": p.read_bytes() for p in sorted(PACKAGE.iterdir())
             if p.suffix in (".py", ".pyi") or p.name == "py.typed"}
    files[f"fexpr/{module.name}"] = module.read_bytes()
    dist_info = _dist_info()
    files[f"{dist_info}/METADATA"] = _metadata().encode()
    files[f"{dist_info}/WHEEL"] = ("Wheel-Version: 1.0\nGenerator: fexpr_wheel\nRoot-Is-Purelib: false\n"
                                   f"Tag: {_tag()}\n").encode()
    record = "".join(f"{name},sha256={_digest(data)},{len(data)}\n" for name, data in files.items())
    files[f"{dist_info}/RECORD"] = (record + f"{dist_info}/RECORD,,\n").encode()
    name = f"fexpr-{_version()}-{_tag()}.whl"
    with zipfile.ZipFile(Path(wheel_directory) / name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in files.items():
            # A fixed date: the same sources give the same wheel.
            entry = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = 0o644 << 16
            wheel.writestr(entry, data, zipfile.ZIP_DEFLATED)
    return name


def build_sdist(sdist_directory, config_settings=None):
    raise UnsupportedOperation("fexpr has no source distribution: install it from a checkout with "
                               "'pip install --no-build-isolation .'")


def _build_module(build):
    """Configures (the library and the module, no tests) and builds the module for this
    interpreter; returns the module's file."""
    # The interpreter behind a venv: its headers and ABI are the venv's, and every venv of one
    # interpreter then shares the configured tree.
    python = getattr(sys, "_base_executable", sys.executable)
    configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release", "-DFEXPR_TESTS=OFF",
                 f"-DPython_EXECUTABLE:FILEPATH={python}"]
    cache = build / "CMakeCache.txt"
    if cache.exists() and f"Python_EXECUTABLE:FILEPATH={python}\n" not in cache.read_text():
        # Configured for another interpreter: FindPython keeps what it found for that one.
        configure.append("--fresh")
    subprocess.run(configure, check=True)
    compile_ = ["cmake", "--build", str(build), "--target", "fexpr_python"]
    if "CMAKE_BUILD_PARALLEL_LEVEL" not in os.environ:
        compile_ += ["--parallel", str(os.cpu_count() or 1)]
    subprocess.run(compile_, check=True)
    module = build / "python" / "fexpr" / f"_fexpr{sysconfig.get_config_var('EXT_SUFFIX')}"
    if not module.exists():
        raise RuntimeError(f"CMake built no {module.name} in {module.parent} for {python}")
    return module


def _project():
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def _version():
    found = re.search(r"project\(fexpr\s+VERSION\s+([0-9.]+)", (ROOT / "CMakeLists.txt").read_text())
    if not found:
        raise RuntimeError("CMakeLists.txt has no project(fexpr VERSION ...)")
    return found.group(1)


def _dist_info():
    return f"fexpr-{_version()}.dist-info"


def _metadata():
    project = _project()
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {_version()}",
             f"Summary: {project['description']}", f"Requires-Python: {project['requires-python']}"]
    lines += [f"Requires-Dist: {d}" for d in project["dependencies"]]
    return "\n".join(lines) + "\n"


def _tag():
    """The wheel's tag, cp311-cp311-linux_x86_64: this interpreter, its ABI and platform."""
    if sys.implementation.name != "cpython":
        raise UnsupportedOperation(f"fexpr's wheel is built for CPython, not {sys.implementation.name}")
    interpreter = f"cp{sys.version_info.major}{sys.version_info.minor}"
    abi = interpreter + ("d" if sysconfig.get_config_var("Py_DEBUG") else "")
    platform = re.sub(r"[-.]", "_", sysconfig.get_platform())
    return f"{interpreter}-{abi}-{platform}"


def _digest(data):
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
