#!/usr/bin/env bash
# Makes sure a Chromium for the browser tests and the benchmark exists; installs Debian's if not.
exec bash "$(dirname "$0")/ensure_debian_package.sh" chromium chromium chromium-browser google-chrome google-chrome-stable
