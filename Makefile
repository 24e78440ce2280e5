# The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/boardlab play carcassonne --players 2 --seats human,random

test: $(STAMP)
	$(PY) -m pytest -n 2

bench: $(STAMP)
	$(PY) bench/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache
