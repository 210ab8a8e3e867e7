#!/usr/bin/env bash
# Drives `archie analyze` end to end without a terminal, as a CI job would:
#   1. start the analysis; with no terminal it stops at the model's first question
#      (exit code 3) and says so as an `interrupt` event on stdout (--json);
#   2. read the run id and the question from that event;
#   3. continue the run with an answer, then approve the analysis.
#
# Usage: examples/ci-analyze.sh DOCS_DIR "QUESTION" "ANSWER"
# Needs an LLM (OPENAI_API_KEY, or OPENAI_BASE_URL for a local endpoint). Set ARCHIE to
# use another binary than the `archie` on PATH.
set -euo pipefail

docs=${1:?usage: ci-analyze.sh DOCS_DIR QUESTION ANSWER}
query=${2:?usage: ci-analyze.sh DOCS_DIR QUESTION ANSWER}
answer=${3:?usage: ci-analyze.sh DOCS_DIR QUESTION ANSWER}
archie=${ARCHIE:-archie}
events=$(mktemp)
trap 'rm -f "$events"' EXIT

status=0
"$archie" analyze -i "$docs" -q "$query" --no-input --json >"$events" || status=$?
if [ "$status" -eq 0 ]; then
  echo "the analysis finished without a question"
  exit 0
fi
if [ "$status" -ne 3 ]; then
  echo "archie analyze failed (exit $status)" >&2
  exit "$status"
fi

# The last interrupt event: {"event":"interrupt","run":"r7k3","question":"…","kind":"text"}
interrupt=$(grep '"event":"interrupt"' "$events" | tail -n 1)
run=$(printf '%s\n' "$interrupt" | sed -n 's/.*"run":"\([^"]*\)".*/\1/p')
if [ -z "$run" ]; then
  echo "no interrupt event with a run id in archie's output" >&2
  exit 1
fi
echo "run $run asks:"
printf '%s\n' "$interrupt" | sed -n 's/.*"question":"\(.*\)","kind".*/\1/p'

"$archie" resume "$run" --answer "$answer" --answer /approve --no-input
echo "analysis written for run $run"
