# Two commands matter: `make play` starts the game, `make test` runs every check.
# Both create the virtual environment in .venv on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck pytest bench variants system-deps clean compiled pure

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,cluster,plots]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/golf serve

variants: $(STAMP)
	$(BIN)/python docs/variants.py

system-deps:
	bash .ci/system-deps

test: $(STAMP) system-deps lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks docs
	$(BIN)/ruff format --check src tests benchmarks docs

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/golf_solitaire tests benchmarks

pytest: $(STAMP)
	$(BIN)/pytest -n 2 --durations=15

# Optional: the solver's hot modules compiled with mypyc, in place beside their sources (the
# same results, faster; see setup.py). `make pure` goes back to pure Python.
compiled: $(STAMP) pure
	GOLF_SOLITAIRE_MYPYC=1 $(BIN)/python setup.py --quiet build_ext --inplace
	# Each module's own .so is a thin shim, copied with its first build's time when only the
	# shared library changed: dated now, so that the tree's build reads as current.
	touch src/*__mypyc*.so src/golf_solitaire/solver/*.so

pure:
	rm -f src/*__mypyc*.so src/golf_solitaire/solver/*.so

bench: $(STAMP)
	for b in benchmarks/*.py; do $(BIN)/python $$b || exit 1; done

clean: pure
	rm -rf build $(VENV) .mypy_cache .ruff_cache .pytest_cache tests/artifacts
