#!/bin/sh
# `make sanitize` helper: prints every sanitizer report written under DIR (the log_path of
# ASAN_OPTIONS, UBSAN_OPTIONS and TSAN_OPTIONS: one file per reporting process, the test
# runner's or a child's) and exits non-zero when there is one or when STATUS, the exit status
# of `swift test`, is not 0.
# Usage: reports.sh DIR STATUS
dir=$1
status=$2
found=0
for report in "$dir"/*; do
	[ -f "$report" ] || continue
	found=$((found + 1))
	echo "==== sanitizer report: $report"
	cat "$report"
done
if [ "$found" -gt 0 ]; then
	echo "make sanitize: $found sanitizer report(s) under $dir" >&2
	exit 1
fi
if [ "$status" -ne 0 ]; then
	echo "make sanitize: swift test exited with status $status" >&2
	exit "$status"
fi
echo "make sanitize: no sanitizer reports under $dir"
