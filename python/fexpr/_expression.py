"""fexpr.compile and the Expression it returns: keyword inputs in, floats or arrays out.

Scalars go to one evaluation in C++; arrays are broadcast here by NumPy and handed over as
columns for the C++ loop, which releases the GIL. Derivatives come back derivative-major, so
both forms name them the same way.
"""

from collections.abc import Iterable
from typing import Any, overload

import numpy as np
import numpy.typing as npt

from fexpr import _inputs
from fexpr._fexpr import CompiledExpression, EvaluationError
from fexpr._model import Model, unwrapped

Array = npt.NDArray[np.float64]


def compile(text: str, variables: str | Iterable[str] = (), model: Model | None = None) -> "Expression":
    """Compiles an expression over the given variable names (and TIME, MODE); one name may be
    given as a string.

    >>> f = fexpr.compile("x**2 + v", variables=["x", "v"])
    >>> f.value(x=3, v=0.5)
    9.5

    With model (from fexpr.load_model), kinematic and element functions read that dataset and the
    gradient continues with the part states the expression reads ("PART/3.x"). Raises
    CompileError with line and column, TypeError for arguments of the wrong type.
    """
    return Expression(CompiledExpression(_inputs.text("text", text), _names(variables),
                                         None if model is None else unwrapped(model)))


def _names(variables: object) -> list[str]:
    if isinstance(variables, str):
        return [variables]
    if not isinstance(variables, Iterable):
        raise TypeError(f"variables must be a name or an iterable of names, not {_inputs.received(variables)}")
    return [_inputs.text(f"variables[{i}]", name) for i, name in enumerate(variables)]


class Expression:
    """A compiled expression. value, gradient and hessian take the inputs as keywords: the
    variables (case-insensitive), TIME (default 0) and MODE (default 4).

    Each input is a number or an array of numbers; arrays are broadcast together like NumPy's and
    the results have the broadcast shape. Plain numbers give floats, as do 0-dimensional arrays.
    """

    def __init__(self, compiled: CompiledExpression) -> None:
        self._compiled = compiled

    @property
    def text(self) -> str:
        return self._compiled.text

    @property
    def variables(self) -> list[str]:
        return list(self._compiled.variables)

    @property
    def derivative_names(self) -> list[str]:
        """The inputs of the derivatives in order: TIME, each variable, then model states.

        >>> fexpr.compile("x*v", ["x", "v"]).derivative_names
        ['TIME', 'x', 'v']
        """
        return list(self._compiled.derivative_names)

    # A float for numbers, an array for arrays. The overloads overlap (a float is array-like too)
    # and the first one wins, which is what evaluation does.
    @overload
    def value(self, **inputs: float) -> float: ...  # type: ignore[misc]

    @overload
    def value(self, **inputs: npt.ArrayLike) -> Array: ...

    def value(self, **inputs: npt.ArrayLike) -> float | Array:
        """The value: a float, or an array of the inputs' broadcast shape.

        >>> f = fexpr.compile("-1E4*(x-0.5) - 25*v", variables=["x", "v"])
        >>> f.value(x=0.75, v=0.5)
        -2512.5
        >>> f.value(x=[0.5, 0.75], v=0.5)
        array([  -12.5, -2512.5])
        """
        value: float | Array = self._run(0, inputs)[0]
        return value

    @overload
    def gradient(self, **inputs: float) -> dict[str, float]: ...  # type: ignore[misc]

    @overload
    def gradient(self, **inputs: npt.ArrayLike) -> dict[str, Array]: ...

    def gradient(self, **inputs: npt.ArrayLike) -> dict[str, float] | dict[str, Array]:
        """The first derivatives, keyed by derivative name.

        >>> fexpr.compile("x**2 * TIME", variables=["x"]).gradient(x=3, time=2)
        {'TIME': 9.0, 'x': 12.0}
        """
        gradient = self._run(1, inputs)[1]
        return {name: gradient[i] for i, name in enumerate(self._compiled.derivative_names)}

    @overload
    def hessian(self, **inputs: float) -> dict[tuple[str, str], float]: ...  # type: ignore[misc]

    @overload
    def hessian(self, **inputs: npt.ArrayLike) -> dict[tuple[str, str], Array]: ...

    def hessian(self, **inputs: npt.ArrayLike) -> dict[tuple[str, str], float] | dict[tuple[str, str], Array]:
        """The second derivatives, keyed by pairs of derivative names, both orders of each pair.

        >>> h = fexpr.compile("x**2 * TIME", variables=["x"]).hessian(x=3, time=2)
        >>> h["x", "x"], h["x", "TIME"], h["TIME", "x"]
        (4.0, 6.0, 6.0)
        """
        hessian = self._run(2, inputs)[2]
        names = self._compiled.derivative_names
        return {(a, b): hessian[i][j] for i, a in enumerate(names) for j, b in enumerate(names)}

    def __repr__(self) -> str:
        return f"<fexpr.Expression {self.text!r}>"

    def _run(self, order: int, inputs: dict[str, Any]) -> tuple[Any, Any, Any]:
        # Plain numbers skip NumPy: a call at one point costs a few microseconds less.
        result = self._compiled.at_numbers(order, inputs)
        if result is not None:
            return result
        checked = {name: _inputs.array(name, value) for name, value in inputs.items()}
        # arrange adds TIME's and MODE's defaults as floats
        arrays = [np.asarray(a, dtype=np.float64) for a in self._compiled.arrange(checked)]
        if all(a.ndim == 0 for a in arrays):
            return self._compiled.at_point(order, [float(a) for a in arrays])
        shape = np.broadcast_shapes(*(a.shape for a in arrays))
        columns = [a.reshape(1) if a.ndim == 0 else np.ascontiguousarray(np.broadcast_to(a, shape)).reshape(-1)
                   for a in arrays]
        try:
            value, gradient, hessian = self._compiled.over_columns(order, columns, int(np.prod(shape)))
        except EvaluationError as e:
            assert e.point is not None, "the loop names the point that failed"
            e.index = tuple(int(i) for i in np.unravel_index(e.point, shape))
            raise
        d = len(self._compiled.derivative_names)
        return (value.reshape(shape),
                None if gradient is None else gradient.reshape((d,) + shape),
                None if hessian is None else hessian.reshape((d, d) + shape))
