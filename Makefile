# dinokit: `make kit` builds the whole print kit into output/, `make test` runs the suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: kit test lint validate bench clean venv

kit: $(STAMP)
	$(BIN)/dinokit build --out output/

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check generator tests
	$(BIN)/ruff format --check generator tests

validate: $(STAMP)
	$(BIN)/dinokit validate

venv: $(STAMP)

# The venv is rebuilt whenever the declared dependencies change.
$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "dinokit needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

clean:
	rm -rf $(VENV) output build *.egg-info
