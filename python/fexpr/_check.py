"""fexpr.check and fexpr.check_text: the checker of `fexpr check`, its findings a sequence of
fexpr.Diagnostic."""

import os
from collections.abc import Sequence
from typing import overload

from fexpr import _fexpr, _inputs
from fexpr._fexpr import Diagnostic


class CheckResult(Sequence[Diagnostic]):
    """The diagnostics of one checked dataset, in order of their place, notes included: a
    sequence (len, indexing, slicing, iteration). path is the file checked; errors and warnings
    count the diagnostics of each severity and functions the expressions checked.

    >>> result = fexpr.check("examples/broken.adm")
    >>> result
    <fexpr.CheckResult examples/broken.adm: 3 error(s), 2 warning(s), 6 function(s)>
    >>> [d.code for d in result[:2]]
    ['reference', 'name']
    """

    def __init__(self, checked: _fexpr.CheckedFile) -> None:
        self.path: str = checked.path
        self.diagnostics: list[Diagnostic] = checked.diagnostics
        self.errors: int = checked.errors
        self.warnings: int = checked.warnings
        self.functions: int = checked.functions

    def __len__(self) -> int:
        return len(self.diagnostics)

    @overload
    def __getitem__(self, index: int) -> Diagnostic: ...

    @overload
    def __getitem__(self, index: slice) -> list[Diagnostic]: ...

    def __getitem__(self, index: int | slice) -> Diagnostic | list[Diagnostic]:
        return self.diagnostics[index]

    def __repr__(self) -> str:
        return (f"<fexpr.CheckResult {self.path}: {self.errors} error(s), {self.warnings} warning(s), "
                f"{self.functions} function(s)>")


def check(path: str | os.PathLike[str]) -> CheckResult:
    """Checks a dataset (.adm) or command file (.acf) as `fexpr check` does. An unreadable file
    gives one 'io' error without a line.

    >>> [(d.severity, d.code, d.line) for d in fexpr.check("no/such/file.adm")]
    [('error', 'io', None)]
    """
    return CheckResult(_fexpr.check(_inputs.path("path", path)))


def check_text(text: str, name: str | os.PathLike[str] = "<text>") -> CheckResult:
    """Checks text as the dataset called name (which diagnostics carry as their path).

    >>> result = fexpr.check_text("Title\\nVARIABLE/1, FUNCTION = STPE(TIME, 0, 0, 1, 1)\\nEND\\n", "a.adm")
    >>> print(result[0])
    a.adm:2:24: error: unknown function 'STPE' (did you mean STEP?)
    >>> result[0].fix
    <fexpr.Fix 2:24-2:28 -> 'STEP'>
    """
    return CheckResult(_fexpr.check_text(_inputs.text("text", text), _inputs.path("name", name)))
