# Militakiri in the browser: install, test, play.
#
#   make test   install what is missing (Debian chromium, .venv, node_modules), run all of tests/
#   make play   install, build dist/ and serve it on http://localhost:$(PORT)/
#   make build  build dist/ only;  make deps  install only;  make clean
#
# Installs are cached: pip runs again only when requirements-dev.txt changed,
# npm ci only when package-lock.json changed (content stamps), apt-get only
# when /usr/bin/chromium is missing. Never `playwright install`.

SHELL      := /bin/bash
PYTHON     ?= python3
VENV       := .venv
VPY        := $(VENV)/bin/python
PORT       ?= 8000
PYTEST_ARGS ?= -q -n 2 --dist loadfile  # two processes (pytest-xdist), a module in one: the browser tests mostly wait
CHROMIUM   := /usr/bin/chromium
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PIP_STAMP  := $(VENV)/.requirements-dev.txt.stamp
NPM_STAMP  := node_modules/.package-lock.json.stamp

.PHONY: test play build deps venv node chromium clean

test: chromium venv node
	$(VPY) -m pytest $(PYTEST_ARGS)

play: venv node build
	@$(VPY) tools/serve.py dist --port $(PORT)

build: venv node
	@$(VPY) tools/build.py

deps: chromium venv node

chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  echo "installing chromium with apt-get"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi
	@test -x $(CHROMIUM) || { echo "$(CHROMIUM) still missing" >&2; exit 1; }

venv:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "$(PYTHON) is older than 3.11" >&2; exit 1; }
	@if ! $(VPY) -c '' 2>/dev/null; then \
	  echo "creating $(VENV)"; rm -rf $(VENV); $(PYTHON) -m venv $(VENV); \
	fi
	@if ! cmp -s requirements-dev.txt $(PIP_STAMP); then \
	  echo "pip install -r requirements-dev.txt"; \
	  $(VPY) -m pip install -q --disable-pip-version-check -r requirements-dev.txt && \
	  cp requirements-dev.txt $(PIP_STAMP); \
	fi

node:
	@if ! cmp -s package-lock.json $(NPM_STAMP); then \
	  echo "npm ci"; \
	  npm ci --no-audit --no-fund --loglevel=error >/dev/null && \
	  cp package-lock.json $(NPM_STAMP); \
	fi

clean:
	rm -rf dist test-results artifacts .pytest_cache
