"""Where the tests find the repository's examples: FEXPR_SOURCE_DIR (set by CTest), else the
checkout these tests are in. Tests marked pip build the package with pip; CTest runs them as
their own test, test_python_pip."""

import os
import pathlib

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("FEXPR_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))


def pytest_configure(config):
    config.addinivalue_line("markers", "pip: builds and installs the package with pip (slow)")


@pytest.fixture
def models():
    return SOURCE_DIR / "examples" / "models"
