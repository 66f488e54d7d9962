"""fexpr.__version__ is the version CMake's project() gives the whole build."""

import re

import fexpr
from conftest import SOURCE_DIR


def test_version_is_the_projects():
    cmake = (SOURCE_DIR / "CMakeLists.txt").read_text()
    declared = re.search(r"project\(fexpr VERSION ([0-9.]+)", cmake).group(1)
    assert fexpr.__version__ == declared
