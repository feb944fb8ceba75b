# Shared by bin/run and bin/test: a virtual environment at .venv with the pinned
# requirements: requirements.txt (what the site runs) for bin/run, requirements-dev.txt
# (that and what development and the tests add) for bin/test.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# ensure_venv [requirements file]: install it when it (or requirements.txt, which every
# file includes) changed since it was last installed.
ensure_venv() {
  local file="${1:-requirements.txt}"
  local python="${PYTHON:-python3}"
  if [ ! -x .venv/bin/python ]; then
    echo "==> creating .venv with $($python --version)"
    "$python" -m venv .venv
  fi
  local stamp want have
  stamp=".venv/.$(basename "$file" .txt).sha256"
  want="$(cat requirements.txt "$file" | sha256sum | cut -d' ' -f1)"
  have="$(cat "$stamp" 2>/dev/null || true)"
  if [ "$want" != "$have" ]; then
    echo "==> installing $file into .venv"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r "$file"
    echo "$want" > "$stamp"
  fi
}

# ensure_sandbox [required]: Debian's bubblewrap and the system Python 3 that uploaded bots
# run under (botplay/sandbox.py), installed with apt-get when missing and we are root.
# With "required" (the tests) a missing tool stops here; without, a warning says what the
# bots workers cannot do.
ensure_sandbox() {
  local missing=()
  [ -x /usr/bin/bwrap ] || missing+=(bubblewrap)
  [ -x /usr/bin/python3 ] || missing+=(python3)
  [ ${#missing[@]} = 0 ] && return 0
  if [ "$(id -u)" = 0 ]; then
    echo "==> installing ${missing[*]} for the uploaded bots' sandbox"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null) \
      && return 0
    echo "could not install ${missing[*]} with apt-get" >&2
  else
    echo "Uploaded bots need ${missing[*]}: run 'sudo apt-get install ${missing[*]}'." >&2
  fi
  [ "${1:-}" = required ] && exit 1
  return 0
}

# site_address: where bin/run's web server is reached, for the links in its e-mails:
# LEAGUEWRIGHT_HOST (127.0.0.1; listening on every address, this machine's first one,
# as a phone on the network reaches it) and LEAGUEWRIGHT_PORT (8000).
site_address() {
  local host="${LEAGUEWRIGHT_HOST:-127.0.0.1}"
  if [ "$host" = "0.0.0.0" ] || [ "$host" = "::" ]; then
    host="$(hostname -I 2>/dev/null | awk '{print $1}')"
    host="${host:-127.0.0.1}"
  fi
  echo "http://${host}:${LEAGUEWRIGHT_PORT:-8000}"
}

# need_system_commands CMD...: stop with what to install when one is missing (Debian's
# package names: msgfmt is gettext's).
need_system_commands() {
  local missing=()
  for cmd in "$@"; do
    command -v "$cmd" > /dev/null || missing+=("$cmd")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "missing: ${missing[*]} (on Debian or Ubuntu: sudo apt-get install gettext for msgfmt, chromium for the browser tests)" >&2
    exit 1
  fi
}

# wait_until_answering URL PID: wait until URL answers (any HTTP status) or PID exits.
wait_until_answering() {
  local url="$1" pid="$2"
  until .venv/bin/python -c "import sys, urllib.request, urllib.error
try:
    urllib.request.urlopen(sys.argv[1], timeout=2)
except urllib.error.HTTPError:
    pass" "$url" 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || { echo "the servers stopped before answering" >&2; exit 1; }
    sleep 0.5
  done
}
