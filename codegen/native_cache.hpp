// The shared objects of the compiled path (include/fexpr/native.hpp), built by the system C
// compiler and kept in a cache folder ($FEXPR_CACHE, else $XDG_CACHE_HOME/fexpr, else
// ~/.cache/fexpr) under a hash of the source, the compiler's description and the flags, so that
// a restart finds them and a new compiler builds anew. Each object is written under a private
// name and renamed into place, so processes and threads building the same source at once each
// load a complete one.
#pragma once

#include <filesystem>
#include <string>

namespace fexpr::codegen {

// The object built from C `source`, from the cache or compiled into it now. Returns an empty
// string and sets `object`, or says why there is none: no compiler ($CC, else cc), the
// compiler's output, a cache folder that cannot be written.
std::string cached_object(const std::string& source, std::filesystem::path& object);

}  // namespace fexpr::codegen
