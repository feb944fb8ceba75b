# Shared by bin/run and bin/test: a virtual environment at .venv with requirements.txt.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

ensure_venv() {
  local python="${PYTHON:-python3}"
  if [ ! -x .venv/bin/python ]; then
    echo "==> creating .venv with $($python --version)"
    "$python" -m venv .venv
  fi
  local want have
  want="$(sha256sum requirements.txt | cut -d' ' -f1)"
  have="$(cat .venv/.requirements.sha256 2>/dev/null || true)"
  if [ "$want" != "$have" ]; then
    echo "==> installing requirements.txt into .venv"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
    echo "$want" > .venv/.requirements.sha256
  fi
}
