# evalgame — `make run` and `make test` set everything up from a fresh clone.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test test-thorough lint typecheck unit unit-tests browser-tests e2e e2e-setup bench fuzz load long-proofs certificates \
	verify-certificates docs docs-build clean

# the C kernel and the checker's core are built by the package build: a checkout whose C
# sources changed (a pull, a merge) installs again, or its tests would run stale compiled code
KERNEL := $(wildcard src/evalgame/games/matching/_kernel.c src/evalgame/games/matching/kernel/*.[ch] \
                    src/evalgame/certify/_core.c)

$(STAMP): pyproject.toml $(KERNEL)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bench,docs,openspiel,pettingzoo]'
	touch $(STAMP)

## run: set up and solve the built-in examples
run: $(STAMP)
	$(BIN)/evalgame demo

## test: set up, then ruff, mypy and the whole test suite (browser tests included); mypy,
## the unit tests and the browser tests run side by side, each target's output printed whole
## when it ends
test: $(STAMP) e2e-setup lint
	$(MAKE) --no-print-directory -j3 --output-sync=target typecheck unit

## test-thorough: the same, with every random sample of the ground-truth tests at full size
## and the long checks (the paper's six-variable count, 8×8's theorem, the docs site built --strict,
## the proof deployment's SIGTERM and lost-scheduler runs): tests/samples.py
test-thorough: $(STAMP) e2e-setup lint typecheck
	EVALGAME_THOROUGH=1 $(MAKE) --no-print-directory -j2 --output-sync=target unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/ruff format --check src tests benchmarks scripts

typecheck: $(STAMP)
	$(BIN)/mypy

# The browser tests run in their own process: Playwright's sync API leaves an event loop
# running in its process, which would break a later asyncio.run() there (a doctest does one).
# Under `make -j` they run beside the unit tests: they wait on the page more than they
# compute, and the unit tests use the CPU they leave.
unit: unit-tests browser-tests

# --dist loadgroup: the tests of an xdist_group (a module sharing one Dask deployment) run
# on one process, which starts the deployment once. Three processes on two cores: the Dask
# tests wait on their workers and scheduler, which the third fills (6 min 10 s against
# 6 min 52 s with two, 2026-11-29, every test passing)
unit-tests: $(STAMP)
	$(BIN)/pytest -n 3 --dist loadgroup -m 'not e2e'

browser-tests: $(STAMP)
	$(BIN)/pytest -n 2 -m e2e tests/e2e

## e2e: only the browser tests (headless chromium; `make test` runs them too)
e2e: $(STAMP) e2e-setup
	$(BIN)/pytest -m e2e

## e2e-setup: Debian's chromium for the browser tests (Playwright's own download is not used)
e2e-setup:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null; }

## bench: compare the algorithms (and easyAI) and print ratios
bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

## fuzz: the fuzz tests of the suite with 100,000 inputs each (FUZZ_EXAMPLES=N for more),
## and the API against its OpenAPI document with 300 requests per route
FUZZ_EXAMPLES ?= 100000
fuzz: $(STAMP)
	EVALGAME_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) EVALGAME_CONTRACT_EXAMPLES=300 \
	  $(BIN)/pytest -p no:cacheprovider --hypothesis-show-statistics \
	  tests/expr/test_fuzz.py tests/web/test_contract.py

## load: the server under load — 50 clients, heavy solves, table growth (figures in BENCHMARKS.md)
load: $(STAMP)
	nice -n 10 $(BIN)/python scripts/load.py

## long-proofs: prove again every bound the C kernel published in docs/results.md (7×7: ~10 CPU
## minutes a starter, 2 GB each; 8×8: 2 + 3 + 10 CPU minutes MIN first, 2 + 3 + 47 MAX first, 4 GB each,
## and "≥ 27" about 15 more a starter; by df-pn, recorded in sittings, MAX first "≥ 28" 14 and
## "≥ 29" 51 CPU minutes, MIN first "≥ 28" 4 CPU hours, MAX first "≤ 29" (the value) about 7.5 CPU
## hours, MIN first "≥ 29" about 15.4 and "≤ 29" 0.75 in the sittings that found them, 8 GB each;
## the exact values past 6×7 confirmed by sampled lines: about 50 CPU minutes together; not part of `make test`)
long-proofs: $(STAMP)
	EVALGAME_LONG_PROOFS=1 nice $(BIN)/pytest -n 2 -p no:randomly \
	  tests/games/matching/test_native.py -k published_kernel_proof

## certificates: write the proof certificates of every published value up to 7×7, both bounds
## and both starters, into docs/proofs/certificates/ (a board already there is skipped; 7×7
## takes about an hour a starter, the rest a few minutes together). 7×7's lower bounds are written
## with S = 24, to stay under 50 MB, MAX first's in format 1 and MIN first's in format 2:
##   evalgame tiling 7 7 --first max --ask 22 --timeout 0 --table-mb 1024 --small-cells 24
##     --certificate $(CERTIFICATES)/7x7-max-at_least-22.cert.gz
##   evalgame tiling 7 7 --first min --ask 22 --timeout 0 --table-mb 1024 --small-cells 24
##     --certificate-format 2 --certificate $(CERTIFICATES)/7x7-min-at_least-22.cert.gz
CERTIFICATES := docs/proofs/certificates
CERTIFIED := $(foreach r,1 2 3 4 5 6 7,$(foreach c,$(shell seq $(r) 7),$(r)x$(c)))
certificates: $(STAMP)
	mkdir -p $(CERTIFICATES)
	for board in $(CERTIFIED); do for first in max min; do \
	  ls $(CERTIFICATES)/$$board-$$first-at_most-*.cert.gz >/dev/null 2>&1 && continue; \
	  $(BIN)/evalgame tiling $$(echo $$board | tr x ' ') --first $$first --timeout 0 \
	    --certificate $(CERTIFICATES)/$$board-$$first.cert.gz || exit 1; \
	done; done

## verify-certificates: check every certificate in docs/proofs/certificates/ with the independent
## checker (`evalgame verify`); the verdicts go to its verified.json, which docs/results.md cites
verify-certificates: $(STAMP)
	$(BIN)/evalgame verify $(CERTIFICATES)/*.cert.gz --record $(CERTIFICATES)/verified.json

## docs: serve the documentation site on http://127.0.0.1:8000 (`make test-thorough` and
## `make docs-build` build it --strict)
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve

## docs-build: build the documentation site into site/, --strict as the tests do
docs-build: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

clean:
	rm -rf $(VENV) site .mypy_cache .ruff_cache .pytest_cache .hypothesis
