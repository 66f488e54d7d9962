// An Adams View command file as the statements of the model it builds: the same PART, MARKER,
// JOINT, MOTION, SFORCE, VARIABLE, ... statements the dataset reader gives for an .adm, with
// spans into the command file, so that checking, evaluation, the editor server and code
// generation do not know which kind of file they read. Objects keep their View names
// (Dataset::objects), by which functions refer to them.
#pragma once

#include "dataset/statement.hpp"
#include "dataset/view/command.hpp"

#include <fexpr/diagnostic.hpp>

namespace fexpr::dataset::view {

// Never throws on bad input: what cannot be interpreted is noted (code not-interpreted), what
// Adams View would refuse is an error at its place.
Dataset translate(const CommandFile& file, const SourceText& source);

// Reads and translates a command file.
Dataset read_view(const SourceText& source);

}  // namespace fexpr::dataset::view
