# Thin wrapper around CMake (as neovim's top-level Makefile is):
#   make run    install missing Debian packages, build, run the default benchmark
#   make test   install missing Debian packages, build, run the tests (ctest)
# Variables: BUILD_DIR (build), BUILD_TYPE (RelWithDebInfo), ARGS (for run),
# CMAKE_FLAGS (extra configure flags).
BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc)
ARGS ?=
CMAKE_FLAGS ?=

# Everything a fresh Debian bookworm machine needs to build, test and run
# (dc is used by the `dc` test; g++ brings the C compiler of the `C` test).
DEBIAN_PACKAGES := cmake g++ make pkg-config \
  libboost-dev libboost-filesystem-dev libspdlog-dev libtomlplusplus-dev \
  libcli11-dev nlohmann-json3-dev libgtest-dev libssl-dev libsqlite3-dev clang-format git \
  dc

# Only the tests need these: python3 drives headless Chromium, which renders
# the html reporter's pages (tests/reporters/html_in_chromium.py).
DEBIAN_TEST_PACKAGES := python3 chromium

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps configure build run test clean

all: build

deps:
	@missing=""; \
	for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

configure: deps
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_FLAGS)

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	$(BUILD_DIR)/bin/bytebench run $(ARGS)

# Target-specific: `make test` installs the test packages too (GNU make
# passes the value on to the prerequisites, deps among them).
test: DEBIAN_PACKAGES += $(DEBIAN_TEST_PACKAGES)
test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD_DIR)
