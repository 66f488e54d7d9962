"""What the public functions accept: numbers and arrays of numbers where a number is read, str or
os.PathLike where a path is; anything else is a TypeError naming the parameter and the type
received, never a NaN or a string read as a number."""

import fractions
import pathlib

import numpy as np
import pytest

import fexpr

SPRING = "-10000*(x-0.5) - 25*v"


@pytest.mark.parametrize("method", ["value", "gradient", "hessian"])
@pytest.mark.parametrize("given, received", [
    (None, "None"),
    ("0.6", "str"),
    (b"0.6", "bytes"),
    (object(), "object"),
    (True, "bool"),
    (np.bool_(False), "bool_"),
    (1 + 2j, "complex"),
    (["0.6", "0.7"], "list of str_"),
    ([0.6, None], "list of object_"),
    (np.array([True, False]), "ndarray of bool_"),
])
def test_an_input_that_is_not_a_number_is_a_type_error(method, given, received):
    f = fexpr.compile(SPRING, variables=["x", "v"])
    with pytest.raises(TypeError) as caught:
        getattr(f, method)(x=0.6, V=given)
    assert str(caught.value) == f"V must be a number or an array of numbers, not {received}"


def test_numbers_of_every_kind_are_inputs():
    f = fexpr.compile("x + v", variables=["x", "v"])
    # 1.5 + 2, whatever type carries each
    for x, v in [(1.5, 2), (np.float32(1.5), np.int64(2)), (fractions.Fraction(3, 2), np.uint8(2)),
                 (np.array(1.5), 2.0)]:
        assert f.value(x=x, v=v) == 3.5
    assert f.value(x=np.array([1, 2], dtype=np.int32), v=np.float32(0.5)).tolist() == [1.5, 2.5]


def test_compile_names_its_argument_of_the_wrong_type(models):
    with pytest.raises(TypeError, match="^text must be a str, not None$"):
        fexpr.compile(None)
    with pytest.raises(TypeError, match="^variables must be a name or an iterable of names, not int$"):
        fexpr.compile("x", variables=3)
    with pytest.raises(TypeError, match=r"^variables\[1\] must be a str, not int$"):
        fexpr.compile("x", variables=["x", 2])
    with pytest.raises(TypeError, match=r"^model must be a fexpr.Model \(from fexpr.load_model\), not str$"):
        fexpr.compile("DX(2)", model=str(models / "pendulum.adm"))


def test_a_model_is_a_path_and_its_part_states_are_numbers(models):
    with pytest.raises(TypeError, match=r"^path must be a path \(str or os.PathLike\), not None$"):
        fexpr.load_model(None)
    with pytest.raises(TypeError, match=r"^path must be a path \(str or os.PathLike\), not bytes$"):
        fexpr.load_model(b"examples/models/pendulum.adm")
    m = fexpr.load_model(models / "pendulum.adm")
    with pytest.raises(TypeError, match="^part must be an int, not str$"):
        m.part_state("2")
    with pytest.raises(TypeError, match="^part must be an int, not float$"):
        m.set_part_state(2.0, x=1.0)
    with pytest.raises(TypeError, match="^part must be an int, not bool$"):
        m.part_state(True)
    with pytest.raises(TypeError, match="^x must be a number, not str$"):
        m.set_part_state(2, x="0.6")
    with pytest.raises(TypeError, match="^psi must be a number, not None$"):
        m.set_part_state(2, x=0.25, psi=None)
    # the TypeError left the part as it was; NumPy integers name parts
    assert m.part_state(np.int64(2))["x"] == 0.0


def test_loads_take_a_model_and_a_name(models):
    m = fexpr.load_model(models / "bushing.adm")
    with pytest.raises(TypeError, match=r"^model must be a fexpr.Model \(from fexpr.load_model\), not None$"):
        fexpr.loads(None, "BUSHING/1")
    with pytest.raises(TypeError, match="^element must be a str, not int$"):
        fexpr.loads(m, 1)


def test_check_takes_a_path_and_text(tmp_path):
    with pytest.raises(TypeError, match=r"^path must be a path \(str or os.PathLike\), not None$"):
        fexpr.check(None)
    with pytest.raises(TypeError, match="^text must be a str, not bytes$"):
        fexpr.check_text(b"Title\nEND\n")
    with pytest.raises(TypeError, match=r"^name must be a path \(str or os.PathLike\), not int$"):
        fexpr.check_text("Title\nEND\n", 3)


class Location:
    """An os.PathLike that is not a pathlib.Path."""

    def __init__(self, path):
        self.path = path

    def __fspath__(self):
        return str(self.path)


@pytest.mark.parametrize("kind", [pathlib.Path, Location])
def test_paths_may_be_path_like(models, tmp_path, kind):
    m = fexpr.load_model(kind(models / "pendulum.adm"))
    assert m.path == str(models / "pendulum.adm")
    assert m.parts == [1, 2]
    result = fexpr.check(kind(models / "pendulum.adm"))
    assert (result.path, result.errors) == (str(models / "pendulum.adm"), 0)
    text = "Title\nVARIABLE/1, FUNCTION = STPE(TIME, 0, 0, 1, 1)\nEND\n"
    assert fexpr.check_text(text, kind(tmp_path / "a.adm"))[0].path == str(tmp_path / "a.adm")
    with pytest.raises(fexpr.ModelError) as caught:
        fexpr.load_model(kind(tmp_path / "missing.adm"))
    assert caught.value.path == str(tmp_path / "missing.adm")
