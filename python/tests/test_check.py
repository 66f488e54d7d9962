"""fexpr.check: the diagnostics of `fexpr check` as objects."""

import collections.abc

import pytest

import fexpr

BROKEN = """Broken
PART/1, GROUND
MARKER/1, PART = 1
VARIABLE/1, FUNCTION = STPE(TIME, 0, 0, 1, 1)
VARIABLE/2, FUNCTION = IMPACT(TIME, 1, 1, 1E5, 0.5, 1, 0.01)
END
"""


def test_an_unknown_function_is_an_error_at_its_name():
    result = fexpr.check_text(BROKEN, "broken.adm")
    errors = [d for d in result if d.severity == "error"]
    assert len(errors) == result.errors == 1
    e = errors[0]
    # "VARIABLE/1, FUNCTION = " is 23 characters: the name starts in column 24
    assert (e.path, e.code, e.line, e.column, e.end_column) == ("broken.adm", "name", 4, 24, 28)
    assert str(e) == "broken.adm:4:24: error: " + e.message


def test_an_impact_exponent_below_1_is_a_warning_at_the_exponent():
    result = fexpr.check_text(BROKEN, "broken.adm")
    warnings = [d for d in result if d.severity == "warning"]
    assert result.warnings == len(warnings) == 1
    # the exponent 0.5 is the fifth argument
    column = BROKEN.splitlines()[4].index("0.5") + 1
    assert (warnings[0].code, warnings[0].line, warnings[0].column) == ("parameter", 5, column)


def test_the_example_models_are_clean(models):
    for name in ("pendulum.adm", "spring_damper.adm", "contact.adm"):
        result = fexpr.check(str(models / name))
        assert (result.errors, result.warnings, result.functions) == (0, 0, 1)


def test_a_file_checks_as_its_text(tmp_path):
    path = tmp_path / "broken.adm"
    path.write_text(BROKEN)
    from_file = fexpr.check(str(path))
    from_text = fexpr.check_text(BROKEN, str(path))
    assert [str(d) for d in from_file] == [str(d) for d in from_text]
    assert len(from_file) == len(from_file.diagnostics) > 0


def test_an_unreadable_file_is_one_io_error_without_a_place(tmp_path):
    result = fexpr.check(str(tmp_path / "missing.adm"))
    assert [(d.code, d.severity, d.line) for d in result] == [("io", "error", None)]


def test_a_check_result_is_a_sequence_of_its_diagnostics():
    result = fexpr.check_text(BROKEN, "broken.adm")
    assert isinstance(result, collections.abc.Sequence)
    everything = list(result)
    assert everything == result.diagnostics and len(everything) == len(result) == 2
    first, last = everything
    assert (result[0], result[-1]) == (first, last)
    assert result[1:] == [last] and result[::-1] == [last, first]
    assert last in result and result.index(last) == 1 and result.count(first) == 1
    assert list(reversed(result)) == [last, first]
    with pytest.raises(IndexError):
        result[2]


def test_a_misspelt_function_has_a_safe_fix_over_its_name():
    e = fexpr.check_text(BROKEN, "broken.adm")[0]
    # STPE is columns 24 to 27 of line 4; the fix replaces them, ending one past
    assert (e.fix.replacement, e.fix.safe) == ("STEP", True)
    assert (e.fix.line, e.fix.column, e.fix.end_line, e.fix.end_column) == (4, 24, 4, 28)


def test_a_step_in_a_motion_has_an_unsafe_fix_and_a_finding_without_one_has_none():
    text = ("Motion\nPART/1, GROUND\nMARKER/1, PART = 1\nPART/2\nMARKER/2, PART = 2\n"
            "JOINT/1, TRANSLATIONAL, I = 2, J = 1\n"
            "MOTION/1, JOINT = 1, TRANSLATION, FUNCTION = STEP(TIME, 0, 0, 1, 0.1)\nEND\n")
    motion = [d for d in fexpr.check_text(text, "motion.adm") if d.code == "discontinuity"]
    assert len(motion) == 1
    fix = motion[0].fix
    # "MOTION/1, JOINT = 1, TRANSLATION, FUNCTION = " is 45 characters: STEP is columns 46 to 49 of line 7
    assert (fix.replacement, fix.safe, fix.line, fix.column, fix.end_column) == ("STEP5", False, 7, 46, 50)
    impact = [d for d in fexpr.check_text(BROKEN) if d.code == "parameter"]
    assert impact[0].fix is None
