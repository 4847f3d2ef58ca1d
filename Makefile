# `make test` and `make bench` install the system libraries when pkg-config
# cannot find them, then run SwiftPM.

PKG_CONFIG_NAMES := jansson yajl libxml-2.0 simdjson
APT_PACKAGES     := libjansson-dev libyajl-dev libxml2-dev libsimdjson-dev pkg-config
SUDO             := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
SWIFT            ?= swift

FUZZ_SECONDS     ?= 60

.PHONY: test bench build deps python-deps check-graph clean fuzz fuzz-smoke

test: deps python-deps check-graph
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	$(SWIFT) build -c release --product rk  # the upload group runs the rk next to rkbench
	$(SWIFT) run -c release rkbench $(ARGS)

build: deps
	$(SWIFT) build

# libFuzzer targets for every parser (Fuzz/, its own package: README, "Fuzzing"). libFuzzer
# and AddressSanitizer come with the Swift toolchain; the C libraries are the ones `deps`
# installs. `make fuzz` runs each target for FUZZ_SECONDS (default 60); `make fuzz-smoke` runs
# each for 20,000 inputs with a fixed seed. Both exit non-zero on any finding and name
# the directory with the crash inputs and logs.
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) Fuzz/run.sh

fuzz-smoke: deps
	FUZZ_SMOKE=1 SWIFT=$(SWIFT) Fuzz/run.sh

# The module graph is one-way (README, "Architecture"): fails on a module that depends on or
# imports one above or beside it. The self-test injects violations into a scratch copy and
# fails unless each is caught.
check-graph:
	python3 scripts/check-module-graph.py
	python3 scripts/check-module-graph.py --self-test

deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists $(PKG_CONFIG_NAMES); then \
		echo "Installing $(APT_PACKAGES) with apt-get"; \
		$(SUDO) apt-get update && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $(APT_PACKAGES); \
	fi

# The multipart interoperability tests use Python's standard library, and urllib3 as an
# independent body producer when it can be installed; without either they say so and skip.
python-deps:
	@if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import urllib3' >/dev/null 2>&1; then \
		python3 -m pip install --quiet --user urllib3 >/dev/null 2>&1 || \
		echo "note: urllib3 not installed; multipart interop tests use a handcrafted body instead"; \
	fi

clean:
	rm -rf .build Fuzz/.build
