# The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
WEB_STAMP := $(VENV)/.installed-web

.PHONY: run test bench clean postgres chromium cjk-fonts

$(STAMP): pyproject.toml Makefile
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,report,ray,web,rl]'
	touch $(STAMP)

# `make run` needs only the web extra. If it cannot be installed (offline, say), the package
# alone is installed and `make run` falls back to the terminal game.
$(WEB_STAMP): pyproject.toml Makefile
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip || true
	if $(PY) -m pip install -q -e '.[web]'; then touch $(WEB_STAMP); \
	else echo "could not install the web extra: make run will start the terminal game"; $(PY) -m pip install -q -e .; fi

run: $(WEB_STAMP)
	@if $(PY) -c 'import boardlab.server.app' 2>/dev/null; then \
	  exec $(VENV)/bin/boardlab serve; \
	else \
	  echo "the web extra is not importable: starting the terminal game instead"; \
	  exec $(VENV)/bin/boardlab play carcassonne --players 2 --seats human,random; \
	fi

# The store tests also run against a real PostgreSQL server, which they start themselves from
# Debian's postgresql package: installed here when missing (CI runs as root with apt).
postgres:
	@if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian's postgresql for the PostgreSQL store tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	else \
	  echo "PostgreSQL is missing and cannot be installed here (apt-get install postgresql): its tests will skip"; \
	fi

# The browser tests drive Debian's chromium with Playwright (never `playwright install`):
# installed here when missing (CI runs as root with apt); in CI they fail without it.
chromium:
	@if [ -x /usr/bin/chromium ] || command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
	  echo "chromium is missing and cannot be installed here (apt-get install chromium): the browser tests will skip"; \
	fi

# The Chinese tables need a CJK font, else chromium draws every character as an empty box: Debian's
# fonts-noto-cjk (Noto Sans CJK TC and SC), installed here when no CJK font is found and apt works; the
# Chinese browser tests skip without one (in CI they fail).
cjk-fonts:
	@if command -v fc-list >/dev/null 2>&1 && [ -n "$$(fc-list :lang=zh family 2>/dev/null)" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian's fonts-noto-cjk for the Chinese tables"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk fontconfig >/dev/null) \
	  || echo "could not install fonts-noto-cjk: the Chinese browser tests will skip"; \
	else \
	  echo "no CJK font and none can be installed here (apt-get install fonts-noto-cjk): the Chinese browser tests will skip"; \
	fi

test: $(STAMP) postgres chromium cjk-fonts
	$(PY) -m ruff check src tests bench tools
	$(PY) -m mypy
	$(PY) -m pytest -n 2

bench: $(STAMP)
	$(PY) bench/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache
