"""Kinematic and element functions against a dataset's model, and the part states Python sets.
The expected numbers follow from the models' geometry (examples/models/*.adm)."""

import gc
import math

import numpy as np
import pytest

import fexpr
from closed_forms import impact, impact_gradient

RAD30 = math.radians(30)


def test_the_pendulum_tip_and_its_derivatives(models):
    m = fexpr.load_model(str(models / "pendulum.adm"))
    # the tip, 1 m along the rod, which is turned psi = 30 degrees about z
    dx = fexpr.compile("DX(22, 10)", model=m)
    assert dx.value() == pytest.approx(math.cos(RAD30), rel=1e-15)
    g = dx.gradient()
    assert g["PART/2.x"] == pytest.approx(1.0)
    assert g["PART/2.psi"] == pytest.approx(-math.sin(RAD30))
    # omega x r: VX = -wz sin(psi), with the hinge at rest
    vx = fexpr.compile("VX(22, 10)", model=m)
    assert vx.value() == pytest.approx(-2 * math.sin(RAD30))
    assert vx.gradient()["PART/2.wz"] == pytest.approx(-math.sin(RAD30))
    assert vx.gradient()["PART/2.psi"] == pytest.approx(-2 * math.cos(RAD30))


def test_part_states_are_read_from_the_dataset_and_converted_to_the_part_origin(models):
    m = fexpr.load_model(str(models / "pendulum.adm"))
    assert m.parts == [1, 2]
    assert m.markers == [10, 20, 21, 22]
    s = m.part_state(2)
    assert list(s) == ["x", "y", "z", "psi", "theta", "phi", "vx", "vy", "vz", "wx", "wy", "wz"]
    assert s["psi"] == pytest.approx(RAD30)
    assert s["wz"] == 2.0
    # the CM's velocity is omega x r_cm, so the hinge (the part origin) is at rest
    assert s["vx"] == pytest.approx(0.0, abs=1e-15)
    assert s["vy"] == pytest.approx(0.0, abs=1e-15)


def test_setting_a_state_moves_what_compiled_expressions_see(models):
    m = fexpr.load_model(str(models / "pendulum.adm"))
    dx = fexpr.compile("DX(22, 10)", model=m)
    m.set_part_state(2, psi=math.radians(60), x=0.25)
    assert dx.value() == pytest.approx(0.25 + 0.5)
    assert m.part_state(2)["wz"] == 2.0  # the states not named keep their values


def test_the_spring_damper_of_the_dataset(models):
    m = fexpr.load_model(str(models / "spring_damper.adm"))
    f = fexpr.compile("-1E4*(DM(3, 2) - 0.5) - 25*VR(3, 2)", model=m)
    # 0.6 m apart, separating at 0.3 m/s
    assert f.value() == pytest.approx(-1e4 * 0.1 - 25 * 0.3)
    g = f.gradient()
    assert g["PART/3.x"] == pytest.approx(-1e4)
    assert g["PART/2.x"] == pytest.approx(1e4)
    assert g["PART/3.vx"] == pytest.approx(-25)
    assert g["PART/2.vx"] == pytest.approx(25)
    m.set_part_state(3, x=1.7, vx=-0.2)
    assert f.value() == pytest.approx(-1e4 * 0.2 + 25 * 0.2)


def test_the_ball_on_the_floor_over_an_array_of_times(models):
    m = fexpr.load_model(str(models / "contact.adm"))
    f = fexpr.compile("IMPACT(DZ(2, 1), VZ(2, 1), 0.1, 1E5, 1.5, 50, 0.01) * STEP(TIME, 0, 0, 1, 1)", model=m)
    t = np.linspace(0.0, 1.0, 11)
    values = f.value(time=t)
    for k in range(t.size):
        assert values[k] == f.value(time=float(t[k]))
    # 5 mm into the floor, falling at 0.5 m/s; the STEP is 1 at TIME = 1
    assert values[-1] == pytest.approx(impact(0.095, -0.5, 0.1, 1e5, 1.5, 50, 0.01))
    dz, dvz = impact_gradient(0.095, -0.5, 0.1, 1e5, 1.5, 50, 0.01)
    g = f.gradient(time=1.0)
    assert g["PART/2.z"] == pytest.approx(dz)
    assert g["PART/2.vz"] == pytest.approx(dvz)


def test_element_functions_read_the_dataset(tmp_path):
    path = tmp_path / "variables.adm"
    path.write_text("Variables\nPART/1, GROUND\nVARIABLE/1, FUNCTION = 2*TIME\nEND\n")
    m = fexpr.load_model(str(path))
    f = fexpr.compile("VARVAL(1) * x", variables=["x"], model=m)
    assert f.value(x=3.0, time=0.5) == pytest.approx(3.0)
    assert f.gradient(x=3.0, time=0.5) == pytest.approx({"TIME": 6.0, "x": 1.0})


def test_an_expression_keeps_its_model_alive(models):
    m = fexpr.load_model(str(models / "pendulum.adm"))
    f = fexpr.compile("DY(22, 10)", model=m)
    del m
    gc.collect()
    assert f.value() == pytest.approx(math.sin(RAD30))


def test_a_marker_the_model_lacks_is_a_compile_error(models):
    m = fexpr.load_model(str(models / "pendulum.adm"))
    with pytest.raises(fexpr.CompileError) as caught:
        fexpr.compile("DX(31)", model=m)
    assert (caught.value.code, caught.value.column) == ("reference", 4)


def test_states_that_cannot_be_set(models):
    m = fexpr.load_model(str(models / "pendulum.adm"))
    with pytest.raises(fexpr.InputError, match="no PART/7"):
        m.set_part_state(7, x=1.0)
    with pytest.raises(fexpr.InputError, match="ground"):
        m.set_part_state(1, x=1.0)
    with pytest.raises(fexpr.InputError, match="'q' is not a part state"):
        m.set_part_state(2, q=1.0)
    with pytest.raises(fexpr.InputError, match="NaN"):
        m.set_part_state(2, x=math.nan)
    with pytest.raises(fexpr.InputError):
        m.part_state(7)


def test_a_dataset_with_errors_is_not_a_model(tmp_path):
    path = tmp_path / "broken.adm"
    text = "Broken\nPART/1, GROUND\nMARKER/2, PART = 9\nEND\n"
    path.write_text(text)
    with pytest.raises(fexpr.ModelError) as caught:
        fexpr.load_model(str(path))
    e = caught.value
    assert e.path == str(path)
    assert e.line == 3
    assert [d.line for d in e.diagnostics] == [3]


def test_an_unreadable_dataset(tmp_path):
    with pytest.raises(fexpr.ModelError) as caught:
        fexpr.load_model(str(tmp_path / "missing.adm"))
    assert (caught.value.code, caught.value.line) == ("io", None)
