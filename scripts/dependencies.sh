# SPDX-License-Identifier: Apache-2.0
# Sourced by the other scripts: makes sure the tools and system packages the
# project needs are installed, installing the missing ones with apt when run as
# root, and saying what to install otherwise.

# Debian packages the build needs: pkg-config, python3 (the scripts' checks), libpng and zlib (PNG frames;
# zlib compresses a PNG sequence's bands itself), FFmpeg's
# libraries (video: libavformat, libavcodec with libx264/libx265/libvpx,
# libswscale, libavutil), giflib (GIF's LZW and file structure), libjpeg-turbo (JPEG layer contents), and
# for text FreeType, HarfBuzz and fontconfig with the fonts the defaults and tests use: DejaVu, Liberation
# (fontconfig's metric-compatible "Helvetica") and Droid Sans Fallback (CJK fallback; its test is skipped
# where another font answers). The test scripts add a JSON Schema validator (python3-jsonschema,
# python3-yaml), CMake with Ninja (the CMake helpers and their example project), and for the
# distributed-rendering recipes GNU parallel and python3-venv (a virtual environment for the Kubernetes
# schema validator from PyPI).
ZOETROPE_APT_PACKAGES=(pkg-config python3 libpng-dev zlib1g-dev libavformat-dev libavcodec-dev libswscale-dev libavutil-dev libgif-dev
  libjpeg62-turbo-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev fonts-dejavu-core fonts-liberation2
  fonts-droid-fallback python3-jsonschema python3-yaml cmake ninja-build parallel python3-venv)
# Inter (the open face "-apple-system", "SF Pro" and "system-ui" resolve to); for the text measurement
# tests, FreeType's Python binding and HarfBuzz's hb-shape, an independent reference.
ZOETROPE_APT_PACKAGES+=(fonts-inter python3-freetype libharfbuzz-bin)

# The preview's browser test (scripts/preview-browser-test) adds Debian's headless-capable Chromium.
ZOETROPE_BROWSER_PACKAGES=(chromium)

zoetrope_require_swift() {
  if ! command -v swift >/dev/null 2>&1; then
    echo "zoetrope: Swift 6 is needed (https://www.swift.org/install/linux/); 'swift' is not on PATH." >&2
    exit 1
  fi
}

zoetrope_install_packages() {
  local missing=()
  for package in "${ZOETROPE_APT_PACKAGES[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "zoetrope: installing ${missing[*]}" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  else
    echo "zoetrope: please install: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
}

zoetrope_require_swift
zoetrope_install_packages
