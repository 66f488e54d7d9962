#!/usr/bin/env bash
# Installs the Debian packages fexpr builds from, when they are missing.
# Shared by run.sh and test.sh so that both set up a fresh machine the same way.
set -euo pipefail

packages=(cmake g++ make tao-pegtl-dev libcli11-dev libeigen3-dev catch2 libedit-dev ccache
          libtomlplusplus-dev
          pybind11-dev python3-pybind11 python3-dev python3-numpy python3-matplotlib python3-pytest)
# The Python package's tests: a venv that pip installs it into, and mypy for its type information.
packages+=(python3-venv python3-mypy)

# fexpr lsp: JSON for its messages, and the editor its end-to-end test drives.
packages+=(nlohmann-json3-dev neovim)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  echo "fexpr: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "fexpr: missing Debian packages: ${missing[*]}" >&2
  echo "fexpr: install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
