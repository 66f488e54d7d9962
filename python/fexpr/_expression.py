"""fexpr.compile and the Expression it returns: keyword inputs in, floats or arrays out.

Scalars go to one evaluation in C++; arrays are broadcast here by NumPy and handed over as
columns for the C++ loop, which releases the GIL. Derivatives come back derivative-major, so
both forms name them the same way.
"""

import numpy as np

from fexpr._fexpr import CompiledExpression, EvaluationError


def compile(text, variables=(), model=None):
    """Compiles an expression over the given variable names (and TIME, MODE); one name may be
    given as a string.

    With model (from fexpr.load_model), kinematic and element functions read that dataset and the
    gradient continues with the part states the expression reads ("PART/3.x"). Raises
    CompileError with line and column.
    """
    names = [variables] if isinstance(variables, str) else list(variables)
    return Expression(CompiledExpression(text, names, model))


class Expression:
    """A compiled expression. value, gradient and hessian take the inputs as keywords."""

    def __init__(self, compiled):
        self._compiled = compiled

    @property
    def text(self):
        return self._compiled.text

    @property
    def variables(self):
        return list(self._compiled.variables)

    @property
    def derivative_names(self):
        """The inputs of the derivatives in order: TIME, each variable, then model states."""
        return list(self._compiled.derivative_names)

    def value(self, **inputs):
        """The value: a float, or an array of the inputs' broadcast shape."""
        return self._run(0, inputs)[0]

    def gradient(self, **inputs):
        """The first derivatives, keyed by derivative name."""
        gradient = self._run(1, inputs)[1]
        return {name: gradient[i] for i, name in enumerate(self._compiled.derivative_names)}

    def hessian(self, **inputs):
        """The second derivatives, keyed by pairs of derivative names, both orders of each pair."""
        hessian = self._run(2, inputs)[2]
        names = self._compiled.derivative_names
        return {(a, b): hessian[i][j] for i, a in enumerate(names) for j, b in enumerate(names)}

    def __repr__(self):
        return f"<fexpr.Expression {self.text!r}>"

    def _run(self, order, inputs):
        # Plain numbers skip NumPy: a call at one point costs a few microseconds less.
        result = self._compiled.at_numbers(order, inputs)
        if result is not None:
            return result
        arrays = [np.asarray(v, dtype=np.float64) for v in self._compiled.arrange(inputs)]
        if all(a.ndim == 0 for a in arrays):
            return self._compiled.at_point(order, [float(a) for a in arrays])
        shape = np.broadcast_shapes(*(a.shape for a in arrays))
        columns = [a.reshape(1) if a.ndim == 0 else np.ascontiguousarray(np.broadcast_to(a, shape)).reshape(-1)
                   for a in arrays]
        try:
            value, gradient, hessian = self._compiled.over_columns(order, columns, int(np.prod(shape)))
        except EvaluationError as e:
            e.index = tuple(int(i) for i in np.unravel_index(e.point, shape))
            raise
        d = len(self._compiled.derivative_names)
        return (value.reshape(shape),
                None if gradient is None else gradient.reshape((d,) + shape),
                None if hessian is None else hessian.reshape((d, d) + shape))
