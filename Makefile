# dinokit: `make kit` builds the whole print kit into output/, `make test` runs the suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: kit test lint validate bench fuzz clean venv docs browser readers dist

kit: $(STAMP)
	$(BIN)/dinokit build --out output/

test: $(STAMP) browser readers
	$(BIN)/python -m pytest -n auto

# The web app's browser tests drive Debian's Chromium: install it when it is missing
# (CI runs as root on Debian). Without root or apt-get those tests say why they skip.
browser:
	@[ -x /usr/bin/chromium ] || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Debian's chromium for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "no /usr/bin/chromium: the browser tests will be skipped (apt-get install chromium)"; fi; }

# Other readers of the PDFs (poppler's pdftoppm, Ghostscript, qpdf): the tests check
# that they read every page without a complaint. Installed when missing, as chromium is.
readers:
	@missing=""; \
	command -v pdftoppm >/dev/null 2>&1 || missing="$$missing poppler-utils"; \
	command -v gs >/dev/null 2>&1 || missing="$$missing ghostscript"; \
	command -v qpdf >/dev/null 2>&1 || missing="$$missing qpdf"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Debian's$$missing for the PDF reader tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "missing$$missing: the PDF reader tests will be skipped (apt-get install$$missing)"; fi; fi

lint: $(STAMP)
	$(BIN)/ruff check generator tests
	$(BIN)/ruff format --check generator tests
	$(BIN)/mypy

validate: $(STAMP)
	$(BIN)/dinokit validate

# Speed and size goals, measured on this machine (not part of make test).
bench: $(STAMP)
	$(BIN)/python -m dinokit.tools.bench

# Many mutated copies of the data through validate and the commands (make test runs a few).
fuzz: $(STAMP)
	FUZZ_CASES=$${FUZZ_CASES:-400} $(BIN)/python -m pytest -q -p no:cacheprovider tests/products/test_fuzz.py

venv: $(STAMP)

# The venv is rebuilt whenever the declared dependencies change, or the C source it compiles.
$(STAMP): pyproject.toml setup.py generator/games/paleo/_greedy.c
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "dinokit needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	@# editable: the checkout's generator/ is imported as dinokit (setuptools' import hook)
	$(BIN)/python -m pip install --quiet -e '.[dev]' 
	@touch $(STAMP)

# The release files: dist/dinokit-VERSION.tar.gz (sdist) and the wheel for this machine.
dist: $(STAMP)
	$(BIN)/python -m build --no-isolation --outdir dist .

clean:
	rm -rf $(VENV) output build dist *.egg-info

# The README's pictures, rendered from the real PDFs of the kit.
docs: kit
	$(BIN)/python -m dinokit.tools.preview output/digging-for-dinos/en/tiles-a4.pdf 0 docs/tiles-a4-front.png 90
	$(BIN)/python -m dinokit.tools.preview output/digging-for-dinos/en/tiles-a4.pdf 1 docs/tiles-a4-back.png 90
	$(BIN)/python -m dinokit.tools.preview output/digging-for-dinos/ko/tokens-a4.pdf 0 docs/tokens-a4-front.png 90
	$(BIN)/python -m dinokit.tools.preview output/digging-for-dinos/it/aid-a4.pdf 0 docs/aid-a4-it.png 90
	$(BIN)/python -m dinokit.tools.preview output/paleontologists/en/pad-sample-a4.pdf 0 docs/pad-a4-en.png 90
	$(BIN)/dinokit tiles --layout gutter-fold --lang en --paper a4 --out output/docs-gutter
	$(BIN)/python -m dinokit.tools.preview output/docs-gutter/digging-for-dinos/en/tiles-gutter-a4.pdf 0 docs/tiles-gutter-fold-a4.png 90
	$(BIN)/python -m dinokit.tools.lighttable docs/calibration-lighttable.png 1.5,-2 a4 en 120
