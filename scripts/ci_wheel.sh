#!/usr/bin/env bash
# Packaging as users install it (CI step, called by .ci/run before the tests):
#   1. build the wheel from the files git tracks (what a release is built from), in a temporary directory;
#   2. check that every tracked file under src/xuanheng (code and package data: TOML tables, the time
#      table, the web page, the journal migrations) is in the wheel, and that its version is
#      xuanheng.__version__;
#   3. install it with the web and mcp extras into a clean virtual environment outside the checkout;
#   4. from there (working directory outside the checkout, so nothing is imported from src/): run
#      `xuanheng --version`, `xuanheng serve --help`, `xuanheng mcp --help`, cast the example chart of
#      every registered method as text and as --json, check that the bodies read the shipped Swiss
#      Ephemeris files, and list the MCP tools over stdio.
#
#   bash scripts/ci_wheel.sh            # uses .venv/bin/python to build if it exists, else python3
# Needs git and the package index (pip's cache makes repeated runs quick). Prints one line per step.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
start=$(date +%s)
py=python3
[[ -x .venv/bin/python ]] && py=.venv/bin/python
work=$(mktemp -d "${TMPDIR:-/tmp}/xuanheng-wheel.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 1. the tracked files (working-copy contents), then the wheel
mkdir -p "$work/src"
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$work/src"
"$py" -m pip wheel -q --no-deps -w "$work/dist" "$work/src" >/dev/null
wheel=$(ls "$work"/dist/xuanheng-*.whl)
echo "ci_wheel: built $(basename "$wheel") in $(( $(date +%s) - start )) s"

# 2. contents and version
git ls-files src/xuanheng > "$work/tracked.txt"
"$py" - "$wheel" "$work/tracked.txt" "$root/src/xuanheng/__init__.py" <<'EOF'
import ast, sys, zipfile
wheel, tracked, init = sys.argv[1:4]
names = set(zipfile.ZipFile(wheel).namelist())
want = {line.strip()[len("src/"):] for line in open(tracked, encoding="utf-8") if line.strip()}
missing = sorted(want - names)
if missing:
    sys.exit(f"ci_wheel: {len(missing)} tracked files are not in the wheel: {', '.join(missing[:20])}")
version = next(
    n.value.value for n in ast.parse(open(init, encoding="utf-8").read()).body
    if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "__version__"
)
if f"xuanheng-{version}-" not in wheel.rsplit("/", 1)[-1]:
    sys.exit(f"ci_wheel: the wheel {wheel} does not carry the version {version} of xuanheng.__version__")
print(f"ci_wheel: the wheel holds all {len(want)} tracked files of src/xuanheng; version {version}")
EOF

# 3. a clean environment outside the checkout
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q "${wheel}[web,mcp]" 2>&1 | grep -v "^WARNING: Location" >&2 || true
"$work/venv/bin/python" -c "import xuanheng" || { echo "ci_wheel: install failed" >&2; exit 1; }
echo "ci_wheel: installed with [web,mcp] in $(( $(date +%s) - start )) s"

# 4. run it from outside the checkout
cd "$work"
bin="$work/venv/bin"
want_version=$("$bin/python" -c "import xuanheng; print(xuanheng.__version__)")
got_version=$("$bin/xuanheng" --version)
[[ "$got_version" == "xuanheng $want_version" ]] || { echo "ci_wheel: --version said '$got_version'" >&2; exit 1; }
"$bin/xuanheng" serve --help >/dev/null
"$bin/xuanheng" mcp --help >/dev/null
"$bin/python" - "$root" <<'EOF'
import json, subprocess, sys
from pathlib import Path

import xuanheng
from xuanheng.methods import registry

root = Path(sys.argv[1]).resolve()
here = Path(xuanheng.__file__).resolve()
if here.is_relative_to(root):
    sys.exit(f"ci_wheel: xuanheng was imported from the checkout ({here}), not from the wheel")
exe = str(Path(sys.executable).with_name("xuanheng"))


def flags(example):
    out = []
    for k, v in example.items():
        out += ["--" + k.replace("_", "-"), str(v)]
    return out


for name, method in registry().items():
    argv = [exe, name, *flags(method.example)]
    table = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    doc = subprocess.run([*argv, "--json"], capture_output=True, text=True, timeout=120)
    if table.returncode or doc.returncode or not table.stdout.strip():
        sys.exit(f"ci_wheel: {name} failed: {table.stderr.strip() or doc.stderr.strip()}")
    got = json.loads(doc.stdout)
    if got.get("engine_version") != xuanheng.__version__:
        sys.exit(f"ci_wheel: {name} --json has engine_version {got.get('engine_version')!r}")
    print(f"ci_wheel: {name} cast from the wheel ({len(doc.stdout)} bytes of JSON)")

# the bodies read the Swiss Ephemeris files the wheel ships (swisseph would fall back to Moshier silently)
import swisseph as swe

from xuanheng.astro.ephemeris import EPHE_DIR, body_flags

ret = swe.calc_ut(2451545.0, 1, body_flags(2451545.0))[1]
if not ret & swe.FLG_SWIEPH or not EPHE_DIR.resolve().is_relative_to(here.parent):
    sys.exit(f"ci_wheel: the bodies do not read the wheel's ephemeris files ({EPHE_DIR}, flags {ret})")
print(f"ci_wheel: the bodies read the wheel's ephemeris files ({', '.join(sorted(p.name for p in EPHE_DIR.glob('*.se1')))})")

import anyio
from mcp import Client, StdioServerParameters


async def tools():
    async with Client(StdioServerParameters(command=exe, args=["mcp"]), mode="legacy") as c:
        names = [t.name for t in (await c.list_tools()).tools]
        r = await c.call_tool("calendar", {"at": "2024-02-10T12:00", "tz": "Asia/Shanghai"})
        assert not r.is_error and r.structured_content["pillars"]["day"] == "甲辰", r
        return names


names = anyio.run(tools)
missing = set(registry()) - set(names)
if missing:
    sys.exit(f"ci_wheel: xuanheng mcp lacks the tools {sorted(missing)}")
print(f"ci_wheel: xuanheng mcp from the wheel lists {len(names)} tools")
EOF
echo "ci_wheel: ok in $(( $(date +%s) - start )) s"
