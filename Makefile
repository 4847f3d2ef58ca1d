# `make test` and `make bench` install the system libraries when pkg-config
# cannot find them, then run SwiftPM.

PKG_CONFIG_NAMES := jansson yajl libxml-2.0 simdjson
APT_PACKAGES     := libjansson-dev libyajl-dev libxml2-dev libsimdjson-dev pkg-config
SUDO             := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
SWIFT            ?= swift

FUZZ_SECONDS     ?= 60

# `make sanitize` (below). swiftc has no UndefinedBehaviorSanitizer on Linux (it rejects
# `-sanitize=undefined`, so SwiftPM's `--sanitize=undefined` fails the build): UBSan goes to the
# C and C++ targets only, through -Xcc; the ASan runtime swiftc links carries UBSan's handlers.
ASAN_BUILD       := --sanitize=address -Xcc -fsanitize=undefined --scratch-path .build-asan
TSAN_BUILD       := --sanitize=thread --scratch-path .build-tsan
TSAN_FILTER      := ^(RestKitHTTPTests|RestKitStoreTests|RestKitStoreHTTPTests)\.
SANITIZER_DIR    := $(CURDIR)/scripts/sanitizers

.PHONY: test bench build docs check-doc-examples deps interop-deps postgres-deps check-graph clean fuzz fuzz-smoke sanitize sanitize-address sanitize-thread

# The store suites run on PostgreSQL too: scripts/postgres-server.sh starts a private cluster
# (a temporary directory, a free loopback port) for the run and stops it afterwards; when none
# can be started it says so and the PostgreSQL cases skip.
test: deps interop-deps postgres-deps check-graph check-doc-examples
	$(SWIFT) build --build-tests
	scripts/postgres-server.sh run $(SWIFT) test --skip-build

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

# The test suites under sanitizers (README, "Sanitizers"): `sanitize-address` runs every suite
# under AddressSanitizer (with LeakSanitizer) + UndefinedBehaviorSanitizer in .build-asan,
# `sanitize-thread` the HTTP (request queue included), store and store-HTTP suites under
# ThreadSanitizer in .build-tsan (`make -k sanitize` runs the second when the first fails).
# Reports go to files (log_path), so those of the child processes the tests run (rk,
# store-import-child) count too; each target prints them and exits non-zero on any report or
# failing test. RESTKIT_SANITIZER tells the tests which sanitizer runs (they skip the resident
# memory checks its overhead breaks). Suppressions, each with its reason: scripts/sanitizers/.
sanitize: sanitize-address sanitize-thread

sanitize-address: deps interop-deps
	$(SWIFT) build --build-tests $(ASAN_BUILD)
	rm -rf .build-asan/sanitizer-reports && mkdir -p .build-asan/sanitizer-reports
	RESTKIT_SANITIZER=address \
	ASAN_OPTIONS=detect_leaks=1:log_path=$(CURDIR)/.build-asan/sanitizer-reports/report \
	LSAN_OPTIONS=suppressions=$(SANITIZER_DIR)/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions=$(SANITIZER_DIR)/ubsan.supp:log_path=$(CURDIR)/.build-asan/sanitizer-reports/report \
		$(SWIFT) test --skip-build $(ASAN_BUILD); \
		status=$$?; scripts/sanitizers/reports.sh .build-asan/sanitizer-reports $$status

sanitize-thread: deps interop-deps
	$(SWIFT) build --build-tests $(TSAN_BUILD)
	rm -rf .build-tsan/sanitizer-reports && mkdir -p .build-tsan/sanitizer-reports
	RESTKIT_SANITIZER=thread \
	TSAN_OPTIONS=halt_on_error=1:suppressions=$(SANITIZER_DIR)/tsan.supp:log_path=$(CURDIR)/.build-tsan/sanitizer-reports/report \
		$(SWIFT) test --skip-build $(TSAN_BUILD) --filter '$(TSAN_FILTER)'; \
		status=$$?; scripts/sanitizers/reports.sh .build-tsan/sanitizer-reports $$status

# The module graph is one-way (README, "Architecture"): fails on a module that depends on or
# imports one above or beside it. The self-test injects violations into a scratch copy and
# fails unless each is caught.
check-graph:
	python3 scripts/check-module-graph.py
	python3 scripts/check-module-graph.py --self-test

# DocC (README, "Documentation"): a catalog per library module, built as one combined archive
# by swift-docc-plugin into .build/docs; fails on any DocC warning (a broken symbol link, an
# undocumented parameter) and on any public symbol without a documentation comment.
DOC_TARGETS := RestKit RestKitCore RestKitJSON RestKitXML RestKitForms RestKitMapping RestKitDefaults \
	RestKitHTTP RestKitStore RestKitStoreHTTP
docs: deps check-doc-examples
	# dump-symbol-graph fails on the C modules (CByteScan and the test-only CByteScanFallbacks):
	# SwiftPM passes the package's C++ standard (-std=c++17, for the simdjson shim) to their
	# symbol graph extraction, which clang refuses for C. The Swift modules' graphs are still
	# written; the old ones are removed first, and the coverage check fails on any that is absent.
	rm -rf .build/*/symbolgraph && mkdir -p .build
	$(SWIFT) package dump-symbol-graph --minimum-access-level public >/dev/null 2>.build/dump-symbol-graph.log \
		|| echo "docs: dump-symbol-graph failed (as it does on the C modules); its messages: .build/dump-symbol-graph.log"
	python3 scripts/check-doc-coverage.py
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation \
		$(addprefix --target ,$(DOC_TARGETS)) --enable-experimental-combined-documentation \
		--warnings-as-errors --output-path .build/docs
	@echo "docs: .build/docs (open index.html through a web server, or use preview-documentation)"

# The Swift code of the DocC articles is kept in tests (scripts/check-doc-examples.py).
check-doc-examples:
	python3 scripts/check-doc-examples.py
	python3 scripts/check-doc-examples.py --self-test

deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists $(PKG_CONFIG_NAMES); then \
		echo "Installing $(APT_PACKAGES) with apt-get"; \
		$(SUDO) apt-get update && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $(APT_PACKAGES); \
	fi

# PostgreSQL 15's server programs (initdb, pg_ctl), for the store's PostgreSQL tests and rkbench
# rows; installed with apt-get when missing. An install that fails only prints a note: the
# PostgreSQL tests then skip, saying so.
postgres-deps:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then \
		echo "Installing postgresql-15 with apt-get"; \
		( $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends postgresql-15 ) || \
		echo "note: postgresql-15 could not be installed; the PostgreSQL store tests will skip"; \
	fi

# The interoperability tests run independent implementations (README, "Interoperability"):
# Python's standard library (and urllib3 when it can be installed), xmllint (libxml2-utils)
# and Rack (ruby-rack), installed with apt-get when missing. A tool that cannot be installed
# only prints a note: its tests then skip, saying so.
INTEROP_APT := libxml2-utils ruby-rack
interop-deps:
	@if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import urllib3' >/dev/null 2>&1; then \
		python3 -m pip install --quiet --user urllib3 >/dev/null 2>&1 || \
		echo "note: urllib3 not installed; multipart interop tests use a handcrafted body instead"; \
	fi
	@if ! command -v xmllint >/dev/null 2>&1 || ! ruby -e "require 'rack'" >/dev/null 2>&1; then \
		echo "Installing $(INTEROP_APT) with apt-get"; \
		( $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $(INTEROP_APT) ) || \
		echo "note: $(INTEROP_APT) could not be installed; the xmllint and Rack interop tests will skip"; \
	fi

clean:
	rm -rf .build Fuzz/.build
