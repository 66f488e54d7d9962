"""Values, gradients and Hessians at one point against closed forms derived by hand."""

import math

import pytest

import fexpr
from closed_forms import impact, impact_gradient, step, step_slope

SPRING_DAMPER = "-10000*(x-0.5) - 25*v"


def test_a_spring_damper_gives_its_force_and_stiffness():
    f = fexpr.compile(SPRING_DAMPER, variables=["x", "v"])
    # -1E4 (0.6 - 0.5) - 25 (0.3) = -1000 - 7.5
    assert f.value(x=0.6, v=0.3) == pytest.approx(-1007.5, rel=1e-15)
    assert f.gradient(x=0.6, v=0.3) == {"TIME": 0.0, "x": -10000.0, "v": -25.0}


def test_the_derivatives_are_named_time_then_the_variables_in_declaration_order():
    f = fexpr.compile("v + x", variables=["x", "v"])
    assert f.derivative_names == ["TIME", "x", "v"]
    assert f.variables == ["x", "v"]


def test_a_hessian_is_keyed_by_pairs_in_both_orders():
    f = fexpr.compile("x**3 - 2*x*TIME", variables=["x"])
    h = f.hessian(x=2.0, time=0.5)
    # d2/dx2 = 6x, d2/dx dTIME = -2, d2/dTIME2 = 0
    assert h[("x", "x")] == pytest.approx(12.0)
    assert h[("x", "TIME")] == h[("TIME", "x")] == pytest.approx(-2.0)
    assert h[("TIME", "TIME")] == 0.0
    # value x^3 - 2 x t = 8 - 2; gradient (dt, dx) = (-2x, 3x^2 - 2t)
    assert f.value(x=2.0, time=0.5) == pytest.approx(6.0)
    assert f.gradient(x=2.0, time=0.5) == pytest.approx({"TIME": -4.0, "x": 11.0})


@pytest.mark.parametrize("x, v", [(0.25, -1.5), (0.995, -0.5), (0.992, 0.7), (1.2, -3.0)])
def test_impact_follows_its_documented_formula(x, v):
    args = (1.0, 1e5, 1.5, 50.0, 0.01)
    f = fexpr.compile("IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01)", variables=["x", "v"])
    assert f.value(x=x, v=v) == pytest.approx(impact(x, v, *args), rel=1e-12, abs=1e-9)
    dx, dv = impact_gradient(x, v, *args)
    g = f.gradient(x=x, v=v)
    assert g["x"] == pytest.approx(dx, rel=1e-12, abs=1e-9)
    assert g["v"] == pytest.approx(dv, rel=1e-12, abs=1e-9)


@pytest.mark.parametrize("t", [-1.0, 0.0, 0.25, 0.5, 0.9, 1.0, 2.0])
def test_a_step_schedule_in_time(t):
    f = fexpr.compile("STEP(TIME, 0, 0, 1, 100)")
    assert f.value(time=t) == pytest.approx(step(t, 0, 0, 1, 100), abs=1e-12)
    assert f.gradient(time=t)["TIME"] == pytest.approx(step_slope(t, 0, 0, 1, 100), abs=1e-9)


def test_keywords_match_names_case_insensitively_like_the_language():
    f = fexpr.compile("X*Time + mode", variables=["x"])
    assert f.value(X=3.0, TIME=2.0, Mode=1.0) == 7.0


def test_one_variable_may_be_named_by_a_string():
    f = fexpr.compile("xv + 1", variables="xv")
    assert f.variables == ["xv"]
    assert f.value(xv=2.0) == 3.0


def test_time_defaults_to_0_and_mode_to_4():
    assert fexpr.compile("TIME").value() == 0.0
    assert fexpr.compile("MODE").value() == 4.0


def test_a_declared_variable_the_expression_does_not_read_is_still_required():
    f = fexpr.compile("2*x", variables=["x", "unused"])
    assert f.value(x=1.5, unused=0.0) == 3.0
    assert f.gradient(x=1.5, unused=0.0)["unused"] == 0.0


def test_values_come_back_as_python_floats():
    f = fexpr.compile("PI/2")
    assert type(f.value()) is float
    assert f.value() == math.pi / 2

