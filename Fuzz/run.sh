#!/usr/bin/env bash
# Builds the fuzz package and runs every libFuzzer target (see "Fuzzing" in README.md).
#
#   Fuzz/run.sh                 each target for FUZZ_SECONDS (default 60)
#   FUZZ_SMOKE=1 Fuzz/run.sh    each target for FUZZ_SMOKE_RUNS inputs (default 20000), seed 1
#   FUZZ_RUNS=10000000 Fuzz/run.sh   each target for that many executions (a campaign; with
#                               FUZZ_OUT kept, a later run starts from the corpus it grew), in
#                               fresh processes of FUZZ_CHUNK_RUNS executions each (default
#                               1000000): one long AddressSanitizer process slows down as its
#                               allocator state grows (10,000 exec/s fell to under 1,000 over
#                               7 million executions of urlencoded-flat)
#   FUZZ_TARGETS="json-swift multipart" Fuzz/run.sh   only these targets
#   FUZZ_TIMEOUT=1              seconds an input may take before it counts as a hang
#
# Prints per target: executions, exec/s, coverage (cov = edges, ft = features, from libFuzzer's
# final stats) and findings (crashes, leaks, hangs over 1 s, out-of-memory, mismatches).
# Everything a run writes (logs, corpora, crash inputs) goes under FUZZ_OUT (default a new
# temporary directory, printed). Exits 1 when any target found something or failed to run,
# 3 when the fuzz package does not build (twice in a row).
set -uo pipefail
# A Swift fatal error (a mismatch) goes straight to libFuzzer's crash handler, without the
# Swift runtime's backtracer.
export SWIFT_BACKTRACE=enable=no

FUZZ_DIR=$(cd "$(dirname "$0")" && pwd)
REPO_DIR=$(dirname "$FUZZ_DIR")
CORPORA=${FUZZ_CORPORA:-$REPO_DIR/../shared/corpora}
SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
SMOKE=${FUZZ_SMOKE:-0}
SMOKE_RUNS=${FUZZ_SMOKE_RUNS:-20000}
RUNS=${FUZZ_RUNS:-}
CHUNK_RUNS=${FUZZ_CHUNK_RUNS:-1000000}
RSS_LIMIT_MB=${FUZZ_RSS_LIMIT_MB:-2048}
MAX_LEN=${FUZZ_MAX_LEN:-65536}
TIMEOUT=${FUZZ_TIMEOUT:-1}
# An input that replays alone (process start included) in less than this is not a hang.
HANG_REPLAY_MS=$((TIMEOUT * 1000))
SWIFT=${SWIFT:-swift}
OUT=${FUZZ_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/restkit-fuzz.XXXXXX")}
EXECUTABLES="fuzz-json fuzz-xml fuzz-forms fuzz-core fuzz-http fuzz-rk"

mkdir -p "$OUT"/{logs,corpus,seeds,artifacts}
echo "fuzz: building the fuzz package (release, -sanitize=fuzzer,address)"
# The sanitizer flags apply to every Swift module of the build, RestKit's included, so libFuzzer
# sees the parsers' coverage; the library's own build (in ../.build) is untouched.
# A build that fails is tried once more: SwiftPM can plan a build with the file list it cached
# before the tree changed under it (a campaign pulling new commits between chunks once failed
# so, on a file the pull had added), and the failed build makes it plan afresh.
build_fuzz_package() {
    "$SWIFT" build --package-path "$FUZZ_DIR" -c release -Xswiftc -sanitize=fuzzer,address >"$OUT/logs/build.log" 2>&1
}
if ! build_fuzz_package && ! build_fuzz_package; then
    tail -40 "$OUT/logs/build.log"
    echo "fuzz: the fuzz package does not build (log: $OUT/logs/build.log)"
    exit 3
fi
BIN=$("$SWIFT" build --package-path "$FUZZ_DIR" -c release --show-bin-path)

# External seed directories for a dictionary's format (read in place, never copied).
external_corpora() {
    case "$1" in
        json) echo "$CORPORA/JSONTestSuite $CORPORA/json" ;;
        xml) echo "$CORPORA/xml $CORPORA/xml/malformed" ;;
    esac
}

# The final value of a libFuzzer `stat::name:` line in a log.
stat() { sed -n "s/^stat::$1: *//p" "$2" | tail -1; }

# libFuzzer's timeout is wall-clock time, so on a loaded machine an ordinary input can exceed it.
# Replays an input that timed out three times on its own and prints the slowest replay in
# milliseconds (process start included); a hang replays as slowly as it ran.
slowest_replay_ms() {
    local slowest=0 started elapsed
    for _ in 1 2 3; do
        started=$(date +%s%N)
        FUZZ_TARGET=$2 timeout $((TIMEOUT * 10 + 10)) "$BIN/$1" "$3" -timeout=$((TIMEOUT * 10)) >/dev/null 2>&1
        elapsed=$((($(date +%s%N) - started) / 1000000))
        [ "$elapsed" -gt "$slowest" ] && slowest=$elapsed
    done
    echo "$slowest"
}

printf '%-22s %12s %9s %7s %8s  %s\n' target executions exec/s cov ft findings
failed=0
for executable in $EXECUTABLES; do
    while IFS=$'\t' read -r target dictionary summary; do
        if [ -n "${FUZZ_TARGETS:-}" ] && [[ " $FUZZ_TARGETS " != *" $target "* ]]; then continue; fi
        log="$OUT/logs/$target.log"
        seeds="$OUT/seeds/$target"
        corpus="$OUT/corpus/$target"
        mkdir -p "$corpus"
        ASAN_OPTIONS=detect_leaks=0 FUZZ_TARGET=$target FUZZ_WRITE_SEEDS=$seeds "$BIN/$executable"
        dirs=("$corpus" "$seeds")
        for dir in $(external_corpora "$dictionary"); do [ -d "$dir" ] && dirs+=("$dir"); done
        # One libFuzzer process on this target with the given budget; `wall_limit` is
        # libFuzzer's -timeout (the hang limit, except in campaigns).
        wall_limit=$TIMEOUT
        run_fuzzer() {
            FUZZ_TARGET=$target "$BIN/$executable" "${dirs[@]}" "$@" \
                -dict="$FUZZ_DIR/dictionaries/$dictionary.dict" -timeout="$wall_limit" -rss_limit_mb="$RSS_LIMIT_MB" \
                -max_len="$MAX_LEN" -print_final_stats=1 -artifact_prefix="$OUT/artifacts/$target-" 2>&1
        }
        if [ "$SMOKE" != 1 ] && [ -n "$RUNS" ]; then
            # A campaign: chunks in fresh processes, each starting from the corpus grown so far,
            # until RUNS executions are done or a chunk finds something; executions and exec/s
            # are totals. Hours on a shared machine see load spikes that make ordinary inputs
            # take over a second of wall-clock time, so libFuzzer's own limit is ten times the
            # hang limit, every input slower than the hang limit is saved (-report_slow_units)
            # and replayed alone after its chunk: one that replays slowly is a hang (a finding),
            # the others are set aside as load-* and the campaign goes on.
            : >"$log"
            executions=0
            status=0
            wall_limit=$((TIMEOUT * 10))
            started=$(date +%s%N)
            while [ "$executions" -lt "$RUNS" ] && [ "$status" -eq 0 ]; do
                remaining=$((RUNS - executions))
                run_fuzzer -runs=$((remaining < CHUNK_RUNS ? remaining : CHUNK_RUNS)) -report_slow_units="$TIMEOUT" >"$log.chunk"
                status=$?
                cat "$log.chunk" >>"$log"
                chunk_executions=$(stat number_of_executed_units "$log.chunk")
                executions=$((executions + ${chunk_executions:-0}))
                while IFS= read -r slow; do
                    replay=$(slowest_replay_ms "$executable" "$target" "$slow")
                    if [ "$replay" -lt "$HANG_REPLAY_MS" ]; then
                        mv "$slow" "$OUT/artifacts/load-$(basename "$slow")"
                        echo "campaign: $(basename "$slow") replays in $replay ms: load, not a hang" >>"$log"
                        # A chunk stopped by libFuzzer's limit on such an input goes on.
                        case "$slow" in *-timeout-*) status=0 ;; esac
                    else
                        echo "campaign: $(basename "$slow") replays in $replay ms: a hang" >>"$log"
                        status=1
                    fi
                done < <(find "$OUT/artifacts" -name "$target-slow-unit-*" -o -name "$target-timeout-*")
                [ "${chunk_executions:-0}" -gt 0 ] || break
            done
            rm -f "$log.chunk"
            speed=$((executions * 1000000000 / ($(date +%s%N) - started + 1)))
        else
            if [ "$SMOKE" = 1 ]; then budget=(-runs="$SMOKE_RUNS" -seed=1)
            else budget=(-max_total_time="$SECONDS_PER_TARGET"); fi
            run_fuzzer "${budget[@]}" >"$log"
            status=$?
            executions=$(stat number_of_executed_units "$log")
            speed=$(stat average_exec_per_sec "$log")
        fi
        coverage=$(grep -E '^#[0-9]+' "$log" | tail -1)
        cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$coverage")
        ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$coverage")
        artifacts=$(find "$OUT/artifacts" -name "$target-*" | wc -l)
        findings=ok
        if [ "$artifacts" -eq 1 ] && grep -q 'ERROR: libFuzzer: timeout' "$log"; then
            artifact=$(find "$OUT/artifacts" -name "$target-*")
            replay=$(slowest_replay_ms "$executable" "$target" "$artifact")
            if [ "$replay" -lt "$HANG_REPLAY_MS" ]; then
                # Not a hang: the input runs in well under the limit on its own. The run stopped
                # early all the same, which the execution count shows.
                mv "$artifact" "$OUT/artifacts/load-$(basename "$artifact")"
                findings="ok (stopped by a timeout under load; the input replays in $replay ms)"
                printf '%-22s %12s %9s %7s %8s  %s\n' "$target" "${executions:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" "$findings"
                continue
            fi
        fi
        if [ "$status" -ne 0 ] || [ "$artifacts" -gt 0 ]; then
            failed=1
            if grep -q 'MISMATCH' "$log"; then kind=mismatch; else
                kind=$(grep -m1 -oE 'ERROR: AddressSanitizer: [a-z-]+|ERROR: LeakSanitizer|ERROR: libFuzzer: [a-z-]+|Fatal error|deadly signal' "$log" | head -1)
            fi
            kind=${kind:-exit status $status}
            findings="FOUND ($kind; $artifacts input(s): $OUT/artifacts/$target-*; log: $log)"
        fi
        printf '%-22s %12s %9s %7s %8s  %s\n' "$target" "${executions:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" "$findings"
    done < <(FUZZ_LIST=1 "$BIN/$executable")
done

echo "fuzz: logs, corpora and crash inputs in $OUT"
if [ "$failed" -ne 0 ]; then
    echo "fuzz: FINDINGS (reproduce: FUZZ_TARGET=<target> $BIN/<executable> <input file>)"
    exit 1
fi
echo "fuzz: no findings"
