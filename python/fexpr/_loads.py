"""fexpr.loads: a force element's loads as the Expressions fexpr.compile gives."""

from fexpr import _inputs
from fexpr._expression import Expression
from fexpr._fexpr import compile_loads
from fexpr._model import Model, unwrapped


def loads(model: Model, element: str) -> list[Expression]:
    """The 12 loads of an applied force element of model (from fexpr.load_model), named as in
    the dataset: "SFORCE/1", "SPRINGDAMPER/2", "BUSHING/3", "FIELD/1", "BEAM/1", "VFORCE/1",
    "VTORQUE/1", "GFORCE/1" (upper or lower case).

    A list of Expressions in ground axes, as `fexpr loads` gives them: the force on I (x, y, z),
    the torque on I, the force on J, the torque on J. They read the model's current part states
    and their gradients continue with those states ("PART/2.x"). A name that is not an applied
    force element of the model raises InputError; one fexpr does not evaluate (a user
    subroutine, a non-linear BEAM) raises CompileError at its place in the dataset.

    >>> bushing = fexpr.loads(fexpr.load_model("examples/models/bushing.adm"), "BUSHING/1")
    >>> [load.value() for load in bushing[:3]]
    [-1009.0, 4002.0, -8997.0]
    """
    return [Expression(c) for c in compile_loads(unwrapped(model), _inputs.text("element", element))]
