#include <fexpr/version.hpp>

#include "version_number.hpp"

namespace fexpr {

const char* version() { return FEXPR_VERSION_NUMBER; }

}  // namespace fexpr
