#include "dataset/rules.hpp"

#include <string>

namespace fexpr::dataset {
namespace {

constexpr Rule kRules[] = {
    {Code::syntax, Severity::error, "Text that is not a statement or an expression",
     "The dataset reader or the expression parser cannot read the text: an operator without an operand, an "
     "unclosed parenthesis, a value that is not a number where one is needed.",
     "Adams stops reading the dataset at the first statement it cannot parse, so nothing is simulated.",
     "VARIABLE/1, FUNCTION=1 + * 2", "VARIABLE/1, FUNCTION=1 + 2"},
    {Code::name, Severity::error, "Unknown function, name or statement",
     "A function, constant, variable or statement name that Adams does not define. When one known name is "
     "near (an edit or two away) the message says which, and a safe fix replaces it; a statement's name "
     "called as a function (BUSHING(...)) is replaced by its function (BUSH(...)).",
     "Adams rejects the expression or the statement, so the element is missing from the model.",
     "SFORCE/1, I=2, J=1, FUNCTION=STPE(TIME, 0, 0, 1, 100)", "SFORCE/1, I=2, J=1, FUNCTION=STEP(TIME, 0, 0, 1, 100)"},
    {Code::arity, Severity::error, "Wrong number of arguments",
     "A function is called with fewer or more arguments than it takes; the message gives its signature.",
     "Adams rejects the expression.", "VARIABLE/1, FUNCTION=SIN(1, 2)", "VARIABLE/1, FUNCTION=SIN(1)"},
    {Code::argument, Severity::error, "An argument of the wrong kind",
     "An argument that must be an id, a constant or a list of numbers is not one: a marker id with a "
     "fraction, a VARIABLES= entry that is not an integer, SPLINE data with fewer than 4 points or X not "
     "increasing.",
     "Adams rejects the statement, or reads the value differently from what was meant.",
     "VARIABLE/1, FUNCTION=DX(20.5)", "VARIABLE/1, FUNCTION=DX(20)"},
    {Code::needs_model, Severity::error, "A kinematic or element function without a model",
     "DX, VZ, VARVAL and the other functions that read the model are used where there is none (an "
     "expression evaluated alone, without --model).",
     "The value cannot be computed without the parts and markers it measures.", "DX(2, 1) evaluated with no dataset", ""},
    {Code::reference, Severity::error, "A reference to a marker, part or element that is not defined",
     "An id of a marker, part, VARIABLE, ARRAY, DIFF, SPLINE, SFORCE, JOINT or other element that the dataset "
     "does not define; the message names the nearest defined ids. In a command file (.acf) it is a note: the "
     "model it modifies defines them.",
     "Adams stops at the undefined reference while it builds the model.",
     "VARIABLE/1, FUNCTION=DX(31, 10)    ! no MARKER/31", ""},
    {Code::domain, Severity::error, "An evaluation error at the initial state",
     "Evaluating the expression at the dataset's initial state fails: SQRT of a negative number, division by "
     "zero, overflow. It is an error when the failure depends only on constants and TIME; when it depends on "
     "part positions or velocities it is a warning, because Adams assembles the model first and the state "
     "may differ there.",
     "The solver stops with a floating-point error, or integrates a NaN.",
     "VARIABLE/1, FUNCTION=LOG(TIME)    ! TIME = 0 at the start", ""},
    {Code::limit, Severity::error, "A nesting, size or error-count limit exceeded",
     "The expression nests deeper than fexpr evaluates safely, or the file has so many errors that the rest "
     "is not read.",
     "Such a file is almost always damaged or generated wrongly; the rest of it is not checked.",
     "VARIABLE/1, FUNCTION=((((...100000 levels...))))", ""},
    {Code::cycle, Severity::error, "A reference cycle between elements",
     "VARIABLEs and SFORCEs whose functions read each other in a circle; the message lists the whole cycle.",
     "Adams cannot order the evaluation; the solver reports an algebraic loop or fails to converge.",
     "VARIABLE/1, FUNCTION=VARVAL(2)\nVARIABLE/2, FUNCTION=2*VARVAL(1)", ""},
    {Code::duplicate_id, Severity::error, "An element defined twice",
     "Two statements of the same kind with the same id.",
     "Adams rejects the second definition, or one silently replaces the other.",
     "VARIABLE/1, FUNCTION=1\nVARIABLE/1, FUNCTION=2", ""},
    {Code::missing_argument, Severity::error, "A statement without an argument it needs",
     "A mandatory argument is missing: SFORCE I, J and FUNCTION; VARIABLE and DIFF FUNCTION; MOTION JOINT or I "
     "and FUNCTION; GFORCE, VFORCE, VTORQUE I, JFLOAT, RM; JOINT I, J; MARKER PART; SPLINE X, Y; PINPUT and "
     "POUTPUT VARIABLES. A model without a GROUND part is a warning of this code.",
     "Adams rejects the statement.", "SFORCE/1, I=20, J=10", "SFORCE/1, I=20, J=10, FUNCTION=-1E4*DM(20, 10)"},
    {Code::discontinuity, Severity::warning, "A function less smooth than its use needs",
     "IF, or a function less smooth than twice continuously differentiable (STEP, ...), in a MOTION; an IF in "
     "a force whose branches differ where its test is 0. In a MOTION, STEP has an unsafe fix to STEP5, which "
     "changes the motion's shape.",
     "A MOTION's second derivative is an acceleration: a jump in it is an infinite jerk the integrator must "
     "resolve with tiny steps; a force that jumps makes the corrector fail to converge there.",
     "MOTION/1, JOINT=1, FUNCTION=STEP(TIME, 0, 0, 1, 0.1)", "MOTION/1, JOINT=1, FUNCTION=STEP5(TIME, 0, 0, 1, 0.1)"},
    {Code::parameter, Severity::warning, "Suspicious parameters",
     "IMPACT or BISTOP with an exponent below 1, negative stiffness or damping, a depth that is not positive, "
     "BISTOP with x1 >= x2, a ROTATIONAL SFORCE (not ACTIONONLY) or SPRINGDAMPER whose I and J z axes are not "
     "parallel and pointing the same way at the initial state (warnings); STEP, STEP5 or HAVSIN with constant "
     "x0 >= x1 (an error, as evaluating it is).",
     "An exponent below 1 gives an infinite stiffness at contact, and the others a force of the wrong sign or "
     "none at all; tilted z axes give a torque about an axis the I marker does not turn about.",
     "VARIABLE/1, FUNCTION=IMPACT(DZ(2, 1), VZ(2, 1), 1, 1E5, 0.8, 10, 0.01)\n"
     "VARIABLE/1, FUNCTION=IMPACT(DZ(2, 1), VZ(2, 1), 1, 1E5, 1.5, 10, 0.01)", ""},
    {Code::not_interpreted, Severity::info, "Read, but not evaluated by fexpr",
     "A statement fexpr reads but does not interpret (GRAPHICS, CONTACT, ...), or a function that needs solver "
     "state (JOINT, CONTACT, FRICTION forces, ...): its references are checked, its value is not. A note, shown "
     "with --info.",
     "Nothing goes wrong in Adams; the note says where fexpr's check stops.", "GRAPHICS/1, CYLINDER, CM=20", ""},
    {Code::user_subroutine, Severity::info, "A user subroutine",
     "FUNCTION=USER(...) calls a compiled subroutine that fexpr cannot run. A note, shown with --info.",
     "Nothing goes wrong in Adams; the expression is not checked beyond its syntax.", "VARIABLE/1, FUNCTION=USER(1, 2)", ""},
    {Code::io, Severity::error, "A file that cannot be read",
     "The file does not exist or cannot be opened, or a directory holds no *.adm or *.acf file or cannot be read.",
     "Nothing in it is checked.", "fexpr check missing.adm", ""},
    {Code::suppression, Severity::warning, "A suppression comment that suppresses nothing",
     "A '! fexpr: ignore[code]' or '! fexpr: ignore-file[code]' comment whose code is not reported where it "
     "applies, or is not a code at all. Codes turned off by --select or --ignore are not reported so.",
     "A stale suppression hides the next real problem of that code in the statement.",
     "VARIABLE/1, FUNCTION=1  ! fexpr: ignore[discontinuity]", ""},
    {Code::units, Severity::warning, "A unit mistake",
     "Every subexpression has a physical dimension where it is certain: a measure's (DX a length, VX a velocity, "
     "AZ an angle, FX a force), TIME's, a VARIABLE's through VARVAL, and what functions make of their arguments. "
     "A constant may carry any dimension (1E4*DX can be a force), so only terms without one are compared: terms "
     "of a sum, IF's branches, STEP's x with x0 and x1, IMPACT's x with x1 and xdot with the rate of x, SIN of a "
     "length, an element's function against what it needs (a translational SFORCE a force, a rotational MOTION "
     "an angle). An angle measure beside a degree value (a multiple of 15 from 15 to 360: AZ(2, 1) - 90), and a "
     "rotational MOTION reaching one, are reported with the fix (90D); INCANG compared with a value outside "
     "[0, pi] too.",
     "The solver runs and gives a wrong answer: a motion of 90 radians is 14 turns, a test of AZ against 90 never "
     "changes sign, a length added to a velocity depends on the units the model is in.",
     "SFORCE/1, I=20, J=10, FUNCTION=DX(20, 10) + VX(20, 10)",
     "SFORCE/1, I=20, J=10, FUNCTION=-1E4*DX(20, 10) - 10*VX(20, 10)"},
};

}  // namespace

std::span<const Rule> rules() { return kRules; }

const Rule& rule(Code code) { return kRules[static_cast<std::size_t>(code)]; }

const Rule* find_rule(std::string_view name) {
  for (const Rule& r : kRules)
    if (code_name(r.code) == name) return &r;
  return nullptr;
}

std::string rule_names() {
  std::string out;
  for (const Rule& r : kRules) out += (out.empty() ? "" : ", ") + std::string(code_name(r.code));
  return out;
}

}  // namespace fexpr::dataset
