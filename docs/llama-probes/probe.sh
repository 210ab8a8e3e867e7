#!/usr/bin/env bash
# probe NAME URL_PATH JSON  -> NAME.req.json, NAME.resp (headers+body), prints status + time
set -uo pipefail
BASE=${BASE:-http://127.0.0.1:8080}
name=$1; path=$2; body=$3
printf '%s\n' "$body" > "$name.req.json"
start=$(date +%s.%N)
curl -sS -i --max-time ${MAXT:-300} -H 'Content-Type: application/json' -d @"$name.req.json" "$BASE$path" > "$name.resp" 2>"$name.err"
rc=$?
end=$(date +%s.%N)
printf '%s: curl rc=%s status=%s time=%.1fs bytes=%s\n' "$name" "$rc" "$(head -1 "$name.resp" | tr -d '\r')" "$(echo "$end - $start" | bc)" "$(wc -c < "$name.resp")"
