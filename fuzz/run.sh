#!/usr/bin/env bash
# Runs every fuzz target for a bounded time: fuzz/run.sh [SECONDS_PER_TARGET] [TARGET…]
#
#   fuzz/run.sh            every target, 60 s each
#   fuzz/run.sh 600 sse    the sse target for 10 minutes
#
# Needs cargo-fuzz (`cargo install cargo-fuzz --locked`). Works on the stable toolchain:
# cargo-fuzz passes nightly-only flags to rustc, which RUSTC_BOOTSTRAP=1 allows, and
# with `--sanitizer none` (the default here) no sanitizer runtime is needed. Set
# FUZZ_SANITIZER=address to build with AddressSanitizer (slower; for the C code linked in
# and unsafe code), FUZZ_TOOLCHAIN=+nightly to use a nightly toolchain instead,
# FUZZ_JOBS=N to run N fuzzing processes per target, FUZZ_ARGS for extra libFuzzer flags.
#
# Not part of CI's default run. What it leaves:
#   fuzz/corpus/TARGET/     the growing corpus (git-ignored), seeded from fuzz/seeds/TARGET/
#   fuzz/artifacts/TARGET/  crashing inputs (git-ignored). Fix the bug, then copy the
#                           input to fuzz/regressions/TARGET/: `cargo test` replays it.
#   fuzz/logs/TARGET.log    libFuzzer's output; the summary line of each target is
#                           printed at the end (executions, corpus, crashes).
set -euo pipefail

seconds="${1:-60}"
shift || true
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."

if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    targets=(memory_file structured reply sse answers prompts_config redact)
fi

sanitizer="${FUZZ_SANITIZER:-none}"
toolchain="${FUZZ_TOOLCHAIN:-}"
jobs="${FUZZ_JOBS:-1}"
export RUSTC_BOOTSTRAP=1
# One build directory for the fuzz crate, away from archie's own target/.
export CARGO_TARGET_DIR="${FUZZ_TARGET_DIR:-$here/target}"

if ! cargo $toolchain fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz is not installed: cargo install cargo-fuzz --locked" >&2
    exit 2
fi

cargo $toolchain fuzz build -O -s "$sanitizer"

mkdir -p "$here/logs"
status=0
for t in "${targets[@]}"; do
    mkdir -p "$here/corpus/$t" "$here/artifacts/$t"
    extra=()
    if [ "$jobs" -gt 1 ]; then
        # libFuzzer then writes each job's output to fuzz-N.log in the current folder.
        extra=("-jobs=$jobs" "-workers=$jobs")
    fi
    dict=()
    if [ -f "$here/dict/$t.dict" ]; then
        dict=("-dict=$here/dict/$t.dict")
    fi
    echo "== $t: ${seconds} s" >&2
    # -rss_limit_mb and -timeout: an input that takes 2 GB or 10 s is a finding too.
    if ! cargo $toolchain fuzz run -O -s "$sanitizer" "$t" \
        "$here/corpus/$t" "$here/seeds/$t" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        "${extra[@]}" \
        -artifact_prefix="$here/artifacts/$t/" -print_final_stats=1 \
        "${dict[@]}" ${FUZZ_ARGS:-} >"$here/logs/$t.log" 2>&1; then
        echo "!! $t found something: see fuzz/logs/$t.log and fuzz/artifacts/$t/" >&2
        status=1
    fi
done

echo
printf '%-16s %14s %10s %8s\n' target executions exec/s corpus
for t in "${targets[@]}"; do
    log="$here/logs/$t.log"
    runs=$(grep -ao 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{s+=$2} END {print s+0}')
    speed=$(grep -ao 'stat::average_exec_per_sec: *[0-9]*' "$log" | awk '{s+=$2} END {print s+0}')
    corpus=$(ls "$here/corpus/$t" | wc -l)
    printf '%-16s %14s %10s %8s\n' "$t" "$runs" "$speed" "$corpus"
done
for t in "${targets[@]}"; do
    if [ -n "$(ls -A "$here/artifacts/$t" 2>/dev/null)" ]; then
        echo "crashing inputs for $t:" >&2
        ls "$here/artifacts/$t" >&2
        status=1
    fi
done
exit $status
