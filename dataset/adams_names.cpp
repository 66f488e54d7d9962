#include "dataset/adams_names.hpp"

#include "support/text.hpp"

namespace fexpr::dataset {
namespace {

// The statements of the Adams Solver (C++) and (FORTRAN) references, with FE_NODE and MATERIAL,
// which Adams View 2019 and later writes for FE parts (test.adm of adams_vscode in the corpus).
// TITLE is the first line; ADAMS/ stands there in Adams View exports ("ADAMS/View model name").
constexpr std::string_view kStatements[] = {
    "ACCGRAV",   "ADAMS",       "ARRAY",       "BEAM",     "BUSHING",    "CLEARANCE",   "CONTACT",
    "COUPLER",   "CURVE",       "CVCV",        "DEBUG",    "DIFF",       "END",         "ENVIRONMENT",
    "EQUILIBRIUM", "FE_LOAD",   "FE_NODE",     "FE_PART",  "FEMDATA",    "FIELD",       "FLEX_BODY",
    "FRICTION",  "GCON",        "GEAR",        "GFORCE",   "GRAPHICS",   "GSE",         "IC",
    "INTEGRATOR", "JOINT",      "JPRIM",       "KINEMATICS", "LIST",     "LSE",         "LSOLVER",
    "MARKER",    "MATERIAL",    "MATRIX",      "MFORCE",   "MOTION",     "NFORCE",      "NOLIST",
    "OUTPUT",    "PART",        "PINPUT",      "POINT_MASS", "POUTPUT",  "PREFERENCES", "PTCV",
    "REQUEST",   "RESULTS",     "SECTION",     "SENSOR",   "SFORCE",     "SPLINE",      "SPRINGDAMPER",
    "STRING",    "SURFACE",     "TFSISO",      "TITLE",    "UCON",       "UNITS",       "VARIABLE",
    "VFORCE",    "VTORQUE",
};

// The commands of the Adams Solver (C++) reference ("C++ Commands", grouped by function), the
// FORTRAN solver's graphics commands that the C++ one lists as not implemented, and the
// statements a command may redefine.
constexpr std::string_view kCommands[] = {
    "ACCGRAV",  "ACENTER",    "ACTIVATE",  "AINIT",     "ARRAY",      "AUTOSCALE",   "BACKUP",
    "BEAM",     "BUSHING",    "CENTER",    "CLEAR",     "CONTACT",    "CONTROL",     "COUPLER",
    "DEACTIVATE", "DEBUG",    "DIFF",      "DISPLAY",   "DRAW",       "DT",          "END",
    "ENVIRONMENT", "EQUILIBRIUM", "ERASE", "EXECUTION", "FIELD",      "FILE",        "FLEX_BODY",
    "FRICTION", "GCON",       "GFORCE",    "HELP",      "IC",         "INFO",        "INTEGRATOR",
    "JOINT",    "JPRIM",      "KINEMATICS", "LINEAR",   "LSOLVER",    "MARKER",      "MENU",
    "MOTION",   "NFORCE",     "OUTPUT",    "PART",      "PLOT",       "PREFERENCES", "RELOAD",
    "REQUEST",  "RETURN",     "SAVE",      "SENSOR",    "SET",        "SFORCE",      "SHOW",
    "SIMULATE", "SPLINE",     "SPRINGDAMPER", "STOP",   "STRING",     "TIME",        "VARIABLE",
    "VFORCE",   "VTORQUE",
};

}  // namespace

std::span<const std::string_view> adams_statements() { return kStatements; }
std::span<const std::string_view> adams_commands() { return kCommands; }

std::string_view find_adams_name(std::span<const std::string_view> names, std::string_view written) {
  std::string_view found;
  int abbreviated = 0;
  for (std::string_view name : names) {
    if (text::iequals(written, name)) return name;
    if (written.size() >= 3 && written.size() < name.size() && text::iequals(written, name.substr(0, written.size()))) {
      found = name;
      ++abbreviated;
    }
  }
  return abbreviated == 1 ? found : std::string_view();
}

}  // namespace fexpr::dataset
