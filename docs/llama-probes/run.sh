#!/usr/bin/env bash
# run.sh LABEL CHATFMT(default|gemma) -- archie args...   (archie args use BASE placeholder)
set -uo pipefail
label=$1; fmt=$2; shift 3
EXP=/work/llama-exp; WT=/work/wt-llama; ARCHIE=/work/targets-llama/release/archie
out=$EXP/runs/$label; rm -rf "$out"; mkdir -p "$out/dump" "$out/work/docs"
cp $EXP/doc/shop.md "$out/work/docs/"
cd $WT
bash .ci/llama-server.sh stop >/dev/null 2>&1 || true
if [[ $fmt == gemma ]]; then bash .ci/llama-server.sh start 8080 --chat-format gemma >/dev/null; else bash .ci/llama-server.sh start 8080 >/dev/null; fi
python3 $WT/.ci/llm-log-proxy.py 8090 http://127.0.0.1:8080 "$out/requests.jsonl" "$out/dump" > "$out/proxy.out" 2>&1 &
ppid=$!
sleep 0.5
args=(); for a in "$@"; do args+=("${a//BASE/http://127.0.0.1:8090/v1}"); done
printf '%q ' archie "${args[@]}" > "$out/cmd.txt"; echo >> "$out/cmd.txt"
cd "$out/work"
t0=$(date +%s.%N)
CI=true timeout 900 $ARCHIE "${args[@]}" </dev/null >"$out/stdout.txt" 2>"$out/stderr.txt"
rc=$?
t1=$(date +%s.%N)
wall=$(echo "$t1 - $t0" | bc)
sleep 1
kill $ppid 2>/dev/null; wait $ppid 2>/dev/null
cp $WT/.ci/cache/server.log "$out/server.log"
ents=$(python3 -c 'import json,sys
try:
  d=json.load(open("context.json")); print(len(d.get("entities",[])), len(d.get("relationships",d.get("relations",[]))))
except Exception as e: print("none", "none")' )
nreq=$(wc -l < "$out/requests.jsonl")
printf '%s rc=%s wall=%.1fs requests=%s entities/rels=%s\n' "$label" "$rc" "$wall" "$nreq" "$ents" | tee "$out/summary.txt"
