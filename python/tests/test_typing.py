"""The package's type information holds under `mypy --strict` (Debian's mypy): the examples, a
file that uses every public name (typed_usage.py, which also runs) and the package itself check
clean, and uses of the wrong type are reported, so the types are not Any."""

import re
import subprocess
import sys

import pytest

from conftest import SOURCE_DIR
from typed_usage import use

pytest.importorskip("mypy", reason="mypy is Debian's python3-mypy")

MISUSES = '''import fexpr
f = fexpr.compile("x", ["x"])
a: str = f.value(x=1.0)
b: float = f.value(x=[1.0, 2.0])
c = fexpr.load_model(3)
d: int = fexpr.check("a.adm")[0].line
'''


def test_mypy_strict_passes_the_examples_and_the_package_and_finds_misuses(tmp_path):
    misuses = tmp_path / "misuses.py"
    misuses.write_text(MISUSES)
    files = [SOURCE_DIR / "examples" / "python", SOURCE_DIR / "python" / "tests" / "typed_usage.py",
             SOURCE_DIR / "python" / "fexpr", misuses]
    run = subprocess.run([sys.executable, "-m", "mypy", "--config-file", SOURCE_DIR / "pyproject.toml",
                          "--cache-dir", tmp_path / "cache", "--no-error-summary", *files],
                         capture_output=True, text=True, cwd=tmp_path)
    # misuses.py:LINE: error: ... , one per misuse
    reported = [(int(m.group(1)), m.group(2)) for m in re.finditer(r"^misuses\.py:(\d+): error: (.*)$", run.stdout, re.M)]
    assert run.stdout.count(": error:") == len(reported), run.stdout
    assert [line for line, _ in reported] == [3, 4, 5, 6], run.stdout
    assert 'has type "float", variable has type "str"' in reported[0][1]
    assert 'has type "ndarray[Any, dtype[floating[_64Bit]]]", variable has type "float"' in reported[1][1]
    assert '"load_model" has incompatible type "int"' in reported[2][1]
    assert 'has type "Optional[int]", variable has type "int"' in reported[3][1]


def test_the_typed_usage_runs(models):
    use(models)
