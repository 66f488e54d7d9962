// The corpus of real datasets under tests/data/corpus, and the a2m translator samples of
// alex-marinov/mbdyn other than ant and the bipendolo pair: fragments written to stress a lexer
// (markers without parts, elements on markers that are not defined), whose diagnostics
// test_check_corpus states. The corpus tests that look for false errors leave them out.
#pragma once

#include <set>
#include <string>

namespace fexpr::testing {

inline const std::string kCorpus = std::string(FEXPR_SOURCE_DIR) + "/tests/data/corpus/";

inline const std::set<std::string> kBrokenSamples = {
    "contrib__a2m__samples__monster.adm",      "contrib__a2m__samples__mark.adm",
    "contrib__a2m__samples__pm02.adm",         "contrib__a2m__samples__pm03.adm",
    "contrib__a2m__samples__prova.adm",        "contrib__a2m__samples__prova_beam00.adm",
    "contrib__a2m__samples__prova_beam01.adm", "contrib__a2m__samples__prova_marker01.adm"};

}  // namespace fexpr::testing
