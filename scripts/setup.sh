#!/usr/bin/env bash
# Installs what Reisswitz needs to build and test, from Debian's packages only.
# Safe to run again: it installs only what is missing.
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config clang
  nlohmann-json3-dev libfmt-dev libcli11-dev libyaml-cpp-dev
  librsvg2-dev libcairo2-dev fonts-dejavu-core
  libgtest-dev libgmock-dev libbenchmark-dev
  python3 python3-yaml
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
