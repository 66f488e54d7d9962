"""Where the tests find the repository's examples: FEXPR_SOURCE_DIR (set by CTest), else the
checkout these tests are in."""

import os
import pathlib

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("FEXPR_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))


@pytest.fixture
def models():
    return SOURCE_DIR / "examples" / "models"
