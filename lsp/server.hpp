// The language server: reads framed JSON-RPC messages, keeps the open documents, answers
// requests and publishes the checker's diagnostics. One thread: a message is handled to the
// end before the next is read, and diagnostics are published when no message is waiting, so
// a burst of edits is checked once, after its last edit. Nothing a client sends stops the
// server but `exit` and the end of its input: a malformed message gets a JSON-RPC error (a
// notification, which cannot be answered, a window/logMessage) and the next is read.
#pragma once

#include "lsp/documents.hpp"
#include "lsp/framing.hpp"
#include "lsp/rpc.hpp"

#include <set>
#include <string>

namespace fexpr::lsp {

class Server {
 public:
  Server(MessageReader& in, int out_fd) : in_(in), out_(out_fd) {}

  // Serves until `exit` or the end of the input; returns the process exit status the protocol
  // asks for (0 when `shutdown` came first, otherwise 1).
  int run();

 private:
  void handle(const std::string& body);
  json request(const std::string& method, const json& params);
  void notification_received(const std::string& method, const json& params);
  void publish_pending();
  void send(const json& message);
  void log(std::string_view message);

  MessageReader& in_;
  int out_;
  DocumentStore documents_;
  std::set<std::string> unpublished_;  // documents changed since their diagnostics were sent
  enum class Phase { waiting, running, shut_down } phase_ = Phase::waiting;
  bool exit_ = false;
  bool output_closed_ = false;
};

}  // namespace fexpr::lsp
