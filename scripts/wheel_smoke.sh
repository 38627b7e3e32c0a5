#!/usr/bin/env bash
# Build the wheel, install it into a fresh virtual environment and use it as a user would, from
# a directory outside the checkout: lgm --version, learn a document, ask a question, and query
# `lgm serve` over HTTP. pip's cache and the package index keep the install quick; torch is
# not needed (the base install has no torch).
#   usage: scripts/wheel_smoke.sh [PYTHON]      (run from the repository root)
set -euo pipefail
PYTHON=${1:-python3}
ROOT=$(pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/lgm-wheel-smoke.XXXXXX")
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

rm -rf "$ROOT/dist"
"$PYTHON" -m pip wheel -q --no-deps -w "$ROOT/dist" "$ROOT"
WHEEL=$(ls "$ROOT"/dist/lgm_rdf-*.whl)
"$PYTHON" -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install -q --no-compile "$WHEEL"

cd "$WORK"  # outside the checkout: nothing may come from the source tree
LGM="$WORK/venv/bin/lgm"
"$WORK/venv/bin/python" - <<'PY'
import lgm_rdf, sys
assert "site-packages" in lgm_rdf.__file__, lgm_rdf.__file__
PY
"$LGM" --version
cat > lighthouse.md <<'DOC'
# Lighthouse

A lighthouse is a kind of tower. The lantern room is part of a lighthouse.
A Fresnel lens focuses the light of the lamp into a beam.
DOC
"$LGM" learn lighthouse.md --kb kb --no-progress
"$LGM" ask "What is a lighthouse?" --kb kb --json > answer.json
"$WORK/venv/bin/python" - <<'PY'
import json
answer = json.load(open("answer.json"))
assert answer["supports"], answer
assert any("lighthouse" in s["text"].lower() for s in answer["supports"]), answer["supports"]
print("ask: %d supporting sentence(s), first: %s" % (len(answer["supports"]), answer["supports"][0]["citation"]))
PY
PORT=$("$WORK/venv/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
"$LGM" serve --kb kb --port "$PORT" 2> serve.log &
SERVER_PID=$!
"$WORK/venv/bin/python" - "$PORT" <<'PY'
import json, sys, time, urllib.parse, urllib.request
port = sys.argv[1]
query = "SELECT (COUNT(?s) AS ?n) WHERE { ?s a <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#Sentence> }"
url = f"http://127.0.0.1:{port}/sparql?" + urllib.parse.urlencode({"query": query})
deadline = time.time() + 60
while True:
    try:
        req = urllib.request.Request(url, headers={"Accept": "application/sparql-results+json"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            n = int(json.load(resp)["results"]["bindings"][0]["n"]["value"])
        break
    except OSError:
        if time.time() > deadline:
            sys.exit("lgm serve did not answer within 60 s")
        time.sleep(0.3)
assert n == 3, n
print(f"serve: SPARQL endpoint counts {n} sentences")
PY
echo "wheel smoke test passed: $(basename "$WHEEL")"
