"""Every public name of fexpr used as its type information says, for `mypy --strict`
(test_typing.py checks it, and runs it: the types must also be true)."""

import pathlib

import numpy as np
import numpy.typing as npt

import fexpr


def use(models: pathlib.Path) -> None:
    version: str = fexpr.__version__
    f: fexpr.Expression = fexpr.compile("x*v + TIME", variables=["x", "v"])
    names: list[str] = f.derivative_names + f.variables + [f.text, version]
    value: float = f.value(x=1.0, v=2, time=0.5)
    values: npt.NDArray[np.float64] = f.value(x=np.linspace(0.0, 1.0, 3), v=2.0)
    gradient: dict[str, float] = f.gradient(x=1.0, v=2.0)
    gradients: dict[str, npt.NDArray[np.float64]] = f.gradient(x=[1.0, 2.0], v=2.0)
    hessian: dict[tuple[str, str], float] = f.hessian(x=1.0, v=2.0)
    hessians: dict[tuple[str, str], npt.NDArray[np.float64]] = f.hessian(x=1.0, v=np.zeros((2, 2)))
    assert value == 2.5 and values.shape == (3,) and gradient["x"] == 2.0 and gradients["x"].shape == (2,)
    assert hessian["x", "v"] == 1.0 and hessians["x", "v"].shape == (2, 2) and "TIME" in names

    model: fexpr.Model = fexpr.load_model(models / "spring_damper.adm")
    parts: list[int] = model.parts + model.markers
    model.set_part_state(3, x=1.75, vx=0.5)
    state: dict[str, float] = model.part_state(3)
    loads: list[fexpr.Expression] = fexpr.loads(model, "SFORCE/1")
    assert parts[0] == 1 and state["x"] == 1.75 and len(loads) == 12 and model.path.endswith(".adm")

    result: fexpr.CheckResult = fexpr.check(models.parent / "broken.adm")
    first: fexpr.Diagnostic = result[0]
    some: list[fexpr.Diagnostic] = result[1:]
    fixes: list[fexpr.Fix] = [d.fix for d in result if d.fix is not None]
    lines: list[int | None] = [d.line for d in fexpr.check_text("Title\nEND\n", "a.adm")]
    assert first.severity == "error" and len(some) == len(result) - 1 and fixes[0].replacement and lines == []
    assert result.errors + result.warnings + result.functions > 0

    try:
        fexpr.compile("LOG(x)", "x").value(x=np.array([1.0, -1.0]))
    except fexpr.EvaluationError as e:
        index: tuple[int, ...] | None = e.index
        where: tuple[str | None, int | None, int | None] = (e.path, e.line, e.column)
        assert e.point == 1 and index == (1,) and where == ("<expression>", 1, 1) and e.code == "domain"
    else:
        raise AssertionError("LOG(-1) gave a value")
    try:
        fexpr.load_model(models / "missing.adm")
    except fexpr.ModelError as e:
        errors: list[fexpr.Diagnostic] = e.diagnostics
        assert e.message and errors == []
    else:
        raise AssertionError("a missing file gave a model")
