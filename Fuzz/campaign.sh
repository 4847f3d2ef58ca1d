#!/usr/bin/env bash
# A fuzzing campaign: runs targets one after another toward a number of executions each, in
# fresh 1,000,000-execution processes (Fuzz/run.sh with FUZZ_RUNS), and keeps a tally.
#
#   Fuzz/campaign.sh xml-libxml2 json-swift:5000000 ...   target[:goal], goal default 10000000
#
# Everything lives under FUZZ_OUT (default /work/fuzz-campaign, or $HOME/restkit-fuzz-campaign):
# the corpora grow there across chunks and sessions; each chunk that ends with no finding
# appends "executions exec/s commit date max_len=N" to tally/<target> (N: the chunk's
# -max_len, see max_len_for below), and a target's count toward its goal is the sum of its
# tally. A fuzz package that does not build stops the campaign (exit 3, nothing recorded). A
# chunk with a finding stops that target (its inputs and log are in
# artifacts/ and logs/, copied to findings/<target>-<date>/) and the campaign goes on with the next.
# When the library code a target runs changes, move its tally aside: counts are per code.
set -uo pipefail

FUZZ_DIR=$(cd "$(dirname "$0")" && pwd)
REPO_DIR=$(dirname "$FUZZ_DIR")
default_out=/work/fuzz-campaign
[ -w /work ] || default_out=$HOME/restkit-fuzz-campaign
OUT=${FUZZ_OUT:-$default_out}
CHUNK=${FUZZ_CHUNK_RUNS:-1000000}
mkdir -p "$OUT/tally" "$OUT/findings"

# The -max_len of a target's chunks: FUZZ_MAX_LEN when set; else 65,536 (run.sh's default) for
# the multipart and URL-encoded targets, whose limits need large inputs (the 16 KiB multipart
# header limit), and 16,384 for the others, which reach every limit they can reach at all
# within that and run 2.5-4 times more executions a second (README, "Fuzzing").
max_len_for() {
    if [ -n "${FUZZ_MAX_LEN:-}" ]; then echo "$FUZZ_MAX_LEN"; return; fi
    case "$1" in
        multipart* | urlencoded*) echo 65536 ;;
        *) echo 16384 ;;
    esac
}

# The executions a target's tally holds (0 before its first chunk).
count() {
    if [ -f "$OUT/tally/$1" ]; then awk '{ sum += $1 } END { print sum + 0 }' "$OUT/tally/$1"; else echo 0; fi
}

for spec in "$@"; do
    target=${spec%%:*}
    goal=10000000
    [ "$spec" != "$target" ] && goal=${spec#*:}
    max_len=$(max_len_for "$target")
    while [ "$(count "$target")" -lt "$goal" ]; do
        echo "campaign: $target at $(count "$target") of $goal ($(date -u +%H:%M))"
        # The commit this chunk is built from (run.sh builds the tree as it is at each chunk).
        commit=$(git -C "$REPO_DIR" rev-parse --short HEAD)
        summary=$(FUZZ_OUT=$OUT FUZZ_MAX_LEN=$max_len FUZZ_RUNS=$CHUNK FUZZ_CHUNK_RUNS=$CHUNK FUZZ_TARGETS=$target \
            "$FUZZ_DIR/run.sh" 2>&1)
        status=$?
        line=$(awk -v t="$target" '$1 == t' <<<"$summary")
        echo "$line"
        read -r _ executions speed _ <<<"$line"
        if [ "$status" -eq 3 ]; then
            # Nothing ran: not a finding, and no other target can run either.
            echo "$summary" | tail -5
            echo "campaign: the fuzz package does not build; stopping the campaign (no finding recorded)"
            exit 3
        fi
        if [ "$status" -ne 0 ] || [[ "$line" != *" ok"* ]]; then
            saved="$OUT/findings/$target-$(date -u +%Y%m%dT%H%M%S)"
            mkdir -p "$saved"
            cp "$OUT/logs/$target.log" "$saved/" 2>/dev/null
            find "$OUT/artifacts" -name "$target-*" -exec cp {} "$saved/" \;
            echo "campaign: $target stopped (exit $status); saved in $saved"
            echo "$summary" >"$saved/summary.txt"
            break
        fi
        if ! [[ "$executions" =~ ^[0-9]+$ ]] || [ "$executions" -eq 0 ]; then
            echo "campaign: $target ran no executions; stopping it"
            break
        fi
        echo "$executions $speed $commit $(date -u +%Y-%m-%dT%H:%MZ) max_len=$max_len" >>"$OUT/tally/$target"
    done
    echo "campaign: $target done at $(count "$target") of $goal"
done
