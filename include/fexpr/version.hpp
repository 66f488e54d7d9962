// The library's version, the one CMake's project() gives: the fexpr program's --version, the C
// API's fexpr_version(), the language server's serverInfo and the Python module's __version__
// all read it here, so they cannot disagree.
#pragma once

namespace fexpr {

// "MAJOR.MINOR.PATCH", such as "0.1.0"; a static string.
const char* version();

}  // namespace fexpr
