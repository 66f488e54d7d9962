#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <clocale>

int main(int argc, char* argv[]) {
  // The environment's locale, as a host program would set it, so that `LC_ALL=de_DE.UTF-8
  // ctest` runs every test with a comma as the C library's decimal point.
  std::setlocale(LC_ALL, "");
  return Catch::Session().run(argc, argv);
}
