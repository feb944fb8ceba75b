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
