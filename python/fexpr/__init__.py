"""Adams function expressions from Python: compile, evaluate, differentiate, check datasets.

    >>> import fexpr
    >>> f = fexpr.compile("-1E4*(x-0.5) - 25*v", variables=["x", "v"])
    >>> f.value(x=0.75, v=0.5)
    -2512.5
    >>> f.gradient(x=0.75, v=0.5)
    {'TIME': 0.0, 'x': -10000.0, 'v': -25.0}

Inputs are keywords named like the variables (case-insensitive), plus TIME (default 0) and MODE
(default 4). Any of them may be a NumPy array: the inputs are broadcast together and evaluated
in one C++ loop. Compilation, evaluation and checking are the library's, as in the fexpr
program; failures raise fexpr.Error subclasses carrying code, line and column, and arguments of
the wrong type raise TypeError.
"""

import sys

# The two ways an import fails in an interpreter the package was not built for, said plainly.
try:
    import numpy
except ImportError as e:
    raise ImportError(f"fexpr needs NumPy, which this Python ({sys.executable}) cannot import: use an "
                      "interpreter that has it (Debian's python3 with python3-numpy, or a venv of it made with "
                      "--system-site-packages) and install fexpr there with 'pip install .' in fexpr's checkout") from e
try:
    from fexpr import _fexpr
except ImportError as e:
    import pathlib
    import sysconfig

    built = sorted(p.name for p in pathlib.Path(__file__).parent.glob("_fexpr.*"))
    raise ImportError(f"fexpr's C++ module was not built for this Python ({sys.executable}, which loads "
                      f"_fexpr{sysconfig.get_config_var('EXT_SUFFIX')}; here: {', '.join(built) or 'none'}): "
                      "install fexpr for this interpreter with 'pip install .' in fexpr's checkout, or configure "
                      f"CMake with -DPython_EXECUTABLE={sys.executable}") from e

from fexpr._check import CheckResult, check, check_text
from fexpr._expression import Expression, compile
from fexpr._fexpr import (
    CompileError,
    Diagnostic,
    Error,
    EvaluationError,
    Fix,
    InputError,
    ModelError,
)
from fexpr._loads import loads
from fexpr._model import Model, load_model
from fexpr._threads import get_num_threads, set_num_threads

__version__: str = _fexpr.__version__

__all__ = [
    "CheckResult",
    "CompileError",
    "Diagnostic",
    "Error",
    "EvaluationError",
    "Expression",
    "Fix",
    "InputError",
    "Model",
    "ModelError",
    "check",
    "check_text",
    "compile",
    "get_num_threads",
    "load_model",
    "loads",
    "set_num_threads",
]
