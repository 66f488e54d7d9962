"""Adams function expressions from Python: compile, evaluate, differentiate, check datasets.

    >>> import fexpr
    >>> f = fexpr.compile("-1E4*(x-0.5) - 25*v", variables=["x", "v"])
    >>> f.value(x=0.6, v=0.3)
    -1007.5
    >>> f.gradient(x=0.6, v=0.3)
    {'TIME': 0.0, 'x': -10000.0, 'v': -25.0}

Inputs are keywords named like the variables (case-insensitive), plus TIME (default 0) and MODE
(default 4). Any of them may be a NumPy array: the inputs are broadcast together and evaluated
in one C++ loop. Compilation, evaluation and checking are the library's, as in the fexpr
program; failures raise fexpr.Error subclasses carrying code, line and column.
"""

from fexpr._fexpr import (
    CheckResult,
    CompileError,
    Diagnostic,
    Error,
    EvaluationError,
    InputError,
    Model,
    ModelError,
    check,
    check_text,
    load_model,
)
from fexpr._fexpr import version as __version__
from fexpr._expression import Expression, compile
from fexpr._loads import loads

__all__ = [
    "CheckResult",
    "CompileError",
    "Diagnostic",
    "Error",
    "EvaluationError",
    "Expression",
    "InputError",
    "Model",
    "ModelError",
    "check",
    "check_text",
    "compile",
    "load_model",
    "loads",
]
