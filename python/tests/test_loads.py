"""fexpr.loads: a force element's 12 loads against the values worked by hand in the models'
headers (examples/models/*.adm), their gradients against central differences of the part
states, and the errors."""

import math

import numpy as np
import pytest

import fexpr


def values(loads, **inputs):
    return [e.value(**inputs) for e in loads]


def reacted(f, t, d):
    """The loads of a force f and torque t on I reacting on J as -f and -t - d x f, d from J to I."""
    f, t, d = np.array(f, float), np.array(t, float), np.array(d, float)
    return [*f, *t, *-f, *(-t - np.cross(d, f))]


def test_bushing_loads_are_the_springs_along_j_and_the_reaction_over_the_deflection(models):
    m = fexpr.load_model(str(models / "bushing.adm"))
    f = (-1E5 * 0.01 - 100 * 0.1 + 1, -2E5 * -0.02 + 2, -3E5 * 0.03 + 3)
    t = (4, 5, -3000 * 0.05 - 30 * 0.2 + 6)
    assert values(fexpr.loads(m, "BUSHING/1")) == pytest.approx(reacted(f, t, (0.01, -0.02, 0.03)), abs=1e-9)
    assert values(fexpr.loads(m, "bushing/1")) == pytest.approx(reacted(f, t, (0.01, -0.02, 0.03)), abs=1e-9)


def test_springdamper_loads_act_along_the_line_and_about_z(models):
    m = fexpr.load_model(str(models / "springdamper.adm"))
    f = -25 * 0.3 - 1E4 * (0.6 - 0.5) + 100
    assert values(fexpr.loads(m, "SPRINGDAMPER/1")) == pytest.approx([f, 0, 0, 0, 0, 0, -f, 0, 0, 0, 0, 0], abs=1e-9)
    t = -0.8 * 2 - 12 * (math.radians(30) - math.radians(10)) + 3
    assert values(fexpr.loads(m, "SPRINGDAMPER/2")) == pytest.approx([0, 0, 0, 0, 0, t, 0, 0, 0, 0, 0, -t], abs=1e-9)


def test_an_sforce_pulls_along_the_line_from_j_to_i(models):
    m = fexpr.load_model(str(models / "spring_damper.adm"))
    # PART/3 is 0.6 m along x from PART/2 and moves away at 0.3 m/s.
    f = -1E4 * (0.6 - 0.5) - 25 * 0.3
    assert values(fexpr.loads(m, "SFORCE/1")) == pytest.approx([f, 0, 0, 0, 0, 0, -f, 0, 0, 0, 0, 0], abs=1e-9)


def test_vforce_reads_time_and_its_loads_follow_the_part_states(models):
    m = fexpr.load_model(str(models / "vector_forces.adm"))
    loads = fexpr.loads(m, "VFORCE/1")
    # FZ = 2*TIME + 3 along RM, which is turned 90 degrees about z: (10, -4, FZ) is (4, 10, FZ).
    assert values(loads, TIME=0.5) == pytest.approx(reacted((4, 10, 4), (0, 0, 0), (0, 0, 0)), abs=1e-9)
    g = fexpr.loads(m, "GFORCE/3")
    # A spring of 100 N/m from marker 30 at (1, 1, 0) to I; moving the arm by dx adds -100 dx.
    assert g[0].value() == pytest.approx(-100 * 0.5)
    m.set_part_state(2, x=1.25)
    assert g[0].value() == pytest.approx(-100 * 0.75)


@pytest.mark.parametrize("model, element", [("springdamper.adm", "SPRINGDAMPER/1"), ("bushing.adm", "BUSHING/1"),
                                            ("vector_forces.adm", "GFORCE/3")])
def test_load_gradients_match_central_differences(models, model, element):
    m = fexpr.load_model(str(models / model))
    loads = fexpr.loads(m, element)
    h = 1e-6
    for k, load in enumerate(loads):
        gradient = load.gradient(TIME=0.1)
        assert list(gradient) == load.derivative_names
        for name, derivative in gradient.items():
            if name == "TIME":
                difference = (load.value(TIME=0.1 + h) - load.value(TIME=0.1 - h)) / (2 * h)
            else:
                part, state = name.removeprefix("PART/").split(".")
                at = m.part_state(int(part))[state]
                m.set_part_state(int(part), **{state: at + h})
                up = load.value(TIME=0.1)
                m.set_part_state(int(part), **{state: at - h})
                down = load.value(TIME=0.1)
                m.set_part_state(int(part), **{state: at})
                difference = (up - down) / (2 * h)
            assert derivative == pytest.approx(difference, rel=1e-6, abs=1e-4), (k, name)


def test_names_that_are_not_applied_force_elements_are_input_errors(models):
    m = fexpr.load_model(str(models / "bushing.adm"))
    with pytest.raises(fexpr.InputError, match="^the model has no BUSHING/9$"):
        fexpr.loads(m, "BUSHING/9")
    with pytest.raises(fexpr.InputError) as e:
        fexpr.loads(m, "MARKER/2")
    assert e.value.message == ("MARKER/2 is not an applied force element: loads are those of SFORCE, SPRINGDAMPER, "
                               "BUSHING, FIELD, BEAM, VFORCE, VTORQUE and GFORCE")
    assert e.value.line is None
    with pytest.raises(fexpr.InputError, match="'BUSHING' is not an element such as BUSHING/3"):
        fexpr.loads(m, "BUSHING")


def test_elements_fexpr_does_not_evaluate_are_compile_errors_in_the_dataset(tmp_path):
    path = tmp_path / "not_evaluated.adm"
    path.write_text("not evaluated\nPART/1, GROUND\nMARKER/1, PART=1\nPART/2\nMARKER/2, PART=2\n"
                    "BEAM/1, I=2, J=1, LENGTH=2, AREA=0.5, IXX=0.02, IYY=0.01, IZZ=0.03\n"
                    ", EMODULUS=1E6, GMODULUS=4.32E5, FORMULATION=NONLINEAR\n"
                    "MARKER/3, PART=1, FLOATING\n"
                    "VFORCE/2, I=2, JFLOAT=3, RM=1, FUNCTION=USER(1)\nEND\n")
    m = fexpr.load_model(str(path))
    with pytest.raises(fexpr.CompileError) as e:
        fexpr.loads(m, "BEAM/1")
    assert e.value.message == ("BEAM/1 FORMULATION=NONLINEAR is one of Adams' non-linear beams; fexpr evaluates the "
                               "LINEAR one only; not evaluated; compute its loads outside fexpr")
    assert (e.value.path, e.value.line) == (str(path), 7)
    with pytest.raises(fexpr.CompileError) as e:
        fexpr.loads(m, "VFORCE/2")
    assert e.value.message == "VFORCE/2 is computed by a user subroutine; not evaluated; compute its loads outside fexpr"
    assert e.value.line == 9
