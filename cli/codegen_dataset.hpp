// fexpr codegen FILE.adm --id TYPE/N: an element's FUNCTION= as a C function of TIME and the
// part states it reads.
#pragma once

#include "codegen/generate.hpp"

#include <string>

namespace fexpr::cli {

// Writes the source to standard output and the errors, at their places, to standard error.
// Returns the exit status: 0, 1 when the element cannot be generated, 2 when the dataset does
// not load.
int run_codegen_dataset(const std::string& file, const std::string& id, const codegen::Options& options);

}  // namespace fexpr::cli
