"""fexpr.check: the diagnostics of `fexpr check` as objects."""

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
