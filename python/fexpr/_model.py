"""fexpr.load_model and the Model it returns: a dataset's parts and markers, whose part states
Python reads and sets between evaluations."""

import os

from fexpr import _fexpr, _inputs


class Model:
    """A dataset (.adm) read as the model that kinematic and element functions read: its parts,
    markers and elements, and the current state of every part.

    Expressions compiled with model= read the part states current when they are evaluated, so
    setting a state moves what they give; they keep the model alive. Paths in the examples are
    relative to the repository's root.

    >>> m = fexpr.load_model("examples/models/spring_damper.adm")
    >>> m.parts, m.markers
    ([1, 2, 3], [1, 2, 3])
    >>> distance = fexpr.compile("DM(3, 2)", model=m)
    >>> m.set_part_state(3, x=1.75)
    >>> distance.value()
    0.75
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        """Reads the dataset at path; raises ModelError at its errors (one without a line when
        the file cannot be read)."""
        self._model = _fexpr.load_model(_inputs.path("path", path))

    @property
    def path(self) -> str:
        return self._model.path

    @property
    def parts(self) -> list[int]:
        """The part ids, ground first."""
        return self._model.parts

    @property
    def markers(self) -> list[int]:
        """The marker ids, in dataset order."""
        return self._model.markers

    def part_state(self, part: int) -> dict[str, float]:
        """The 12 states of a part: x y z, psi theta phi (body 3-1-3 in ground), vx vy vz, wx wy
        wz (in ground), for the part's origin.

        >>> fexpr.load_model("examples/models/spring_damper.adm").part_state(3)["x"]
        1.6
        """
        return self._model.part_state(_inputs.integer("part", part))

    def set_part_state(self, part: int, **states: float) -> None:
        """Sets states of a part by name, e.g. set_part_state(3, x=0.6, vx=0.3); the others keep
        their values. Raises InputError for ground, a part the model lacks, a name that is not a
        state or a value that is NaN or infinite."""
        values = {name: _inputs.number(name, value) for name, value in states.items()}
        self._model.set_part_state(_inputs.integer("part", part), **values)

    def __repr__(self) -> str:
        return f"<fexpr.Model {self.path}>"


def unwrapped(model: object) -> _fexpr.Model:
    """The module's model behind a fexpr.Model, which the module's functions take."""
    if not isinstance(model, Model):
        raise TypeError(f"model must be a fexpr.Model (from fexpr.load_model), not {_inputs.received(model)}")
    return model._model


def load_model(path: str | os.PathLike[str]) -> Model:
    """Reads a dataset (.adm) as the model for kinematic and element functions: Model(path).

    >>> fexpr.load_model("examples/models/pendulum.adm")
    <fexpr.Model examples/models/pendulum.adm>
    """
    return Model(path)
