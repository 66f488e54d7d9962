// Every shell session of README.md and docs/*.md, run against the built program and held to the
// output the page prints (the rules are in docs/README.md, "For contributors", and in
// doc_sessions.hpp). A changed number or message fails here, naming the page and the line.
#include "doc_sessions.hpp"
#include "scratch_folder.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>

namespace test_docs_examples {

namespace fs = std::filesystem;
namespace docs = fexpr::testing::docs;

namespace {

const fs::path kSource = FEXPR_SOURCE_DIR;

// README.md, then docs/*.md by name: the pages whose sessions are run.
std::vector<fs::path> pages() {
  std::vector<fs::path> files = {"README.md"};
  std::vector<fs::path> guide;
  for (const auto& entry : fs::directory_iterator(kSource / "docs"))
    if (entry.path().extension() == ".md") guide.push_back("docs" / entry.path().filename());
  std::sort(guide.begin(), guide.end());
  files.insert(files.end(), guide.begin(), guide.end());
  return files;
}

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("every shell session of the README and the guide prints what the page shows", "[docs]") {
  docs::Reading all;
  for (const auto& page : pages()) {
    docs::Reading reading = docs::sessions_in(page.string(), read(kSource / page));
    all.sessions.insert(all.sessions.end(), reading.sessions.begin(), reading.sessions.end());
    all.mistakes.insert(all.mistakes.end(), reading.mistakes.begin(), reading.mistakes.end());
  }
  for (const auto& mistake : all.mistakes) FAIL_CHECK(mistake);
  std::size_t commands = 0;
  for (const auto& session : all.sessions) commands += session.commands.size();
  // A reader that finds nothing would pass every page; the README alone shows several sessions.
  REQUIRE(all.sessions.size() >= 10);

  const fexpr::testing::ScratchFolder scratch;
  const fs::path bin = scratch.path / "bin";
  fs::create_directories(bin);
  fs::create_symlink(fs::absolute(FEXPR_BINARY), bin / "fexpr");

  // Sessions run in parallel, each in its own copy of what the pages read, so that one that
  // writes a file cannot change what another prints. The commands mostly wait on processes, so
  // a few more threads than cores keep both cores busy.
  std::vector<std::vector<std::string>> failures(all.sessions.size());
  std::atomic<std::size_t> next = 0;
  auto work = [&] {
    for (std::size_t k; (k = next++) < all.sessions.size();) {
      const fs::path folder = scratch.path / ("session" + std::to_string(k));
      try {
        for (const char* copied : {"examples", "docs"}) {
          fs::create_directories(folder / copied);
          fs::copy(kSource / copied, folder / copied, fs::copy_options::recursive);
        }
        failures[k] = docs::run(all.sessions[k], folder, bin);
      } catch (const std::exception& e) {
        failures[k] = {all.sessions[k].file + ":" + std::to_string(all.sessions[k].line) + ": " + e.what()};
      }
    }
  };
  std::vector<std::thread> threads;
  const unsigned count = std::max(2u, std::thread::hardware_concurrency()) * 2;
  for (unsigned t = 0; t < count; ++t) threads.emplace_back(work);
  for (auto& thread : threads) thread.join();

  std::size_t failed = 0;
  for (const auto& messages : failures)
    for (const auto& message : messages) {
      ++failed;
      FAIL_CHECK(message);
    }
  INFO(commands << " commands in " << all.sessions.size() << " sessions");
  CHECK(failed == 0);
}

}  // namespace test_docs_examples
