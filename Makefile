# epubcontract — make targets behind the README's commands.
SWIFT ?= swift
PREFIX ?= /usr/local
FIXTURE ?= Fixtures/epub3-minimal
CORPUS ?= ../shared/corpus/samples

.PHONY: demo link deps build release wheel wheel-check test unit-test cli-test install corpus bench convert-check export-check cfi-check guided-check example clean

## demo: install missing system packages, build, put `epubcontract` on PATH, inspect a bundled fixture
demo: deps build link
	.build/debug/epubcontract inspect $(FIXTURE)
	.build/debug/epubcontract inspect $(FIXTURE) --json --pretty | head -n 40

## link: `epubcontract` on PATH at once, as a link to the debug build (`make install` puts the optimized one there)
link: build
	@dir=$$( [ -w /usr/local/bin ] && echo /usr/local/bin || { mkdir -p $$HOME/.local/bin && echo $$HOME/.local/bin; } ); \
	ln -sf $(CURDIR)/.build/debug/epubcontract $$dir/epubcontract && echo "epubcontract -> $$dir/epubcontract (the debug build; make install for the optimized one)"; \
	case ":$$PATH:" in *":$$dir:"*) ;; *) echo "note: $$dir is not on your PATH";; esac

deps:
	scripts/install-deps

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --static-swift-stdlib --product epubcontract

## test: the whole suite (unit and fixture tests, then the command-line tests)
test: deps unit-test cli-test lsp-test

unit-test:
	$(SWIFT) test

cli-test: build
	scripts/cli-tests .build/debug/epubcontract

## lsp-test: the language server driven as an editor drives it (pytest-lsp, installed if missing)
lsp-test: build
	python3 -c 'import pytest_lsp' 2>/dev/null || python3 -m pip install -q pytest-lsp
	EPUBCONTRACT=.build/debug/epubcontract python3 -m pytest -q -p no:cacheprovider Tests/lsp

## install: a self-contained binary in $(PREFIX)/bin (runs from any directory)
install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 .build/release/epubcontract $(DESTDIR)$(PREFIX)/bin/epubcontract

## wheel: the Python wheel (release binary, its libraries grafted by auditwheel, the Python API) in dist/
wheel: release
	scripts/build-wheel .build/release/epubcontract dist

## wheel-check: the wheel in a new virtual environment, ldd, and the Python API's tests with the system's libraries hidden
wheel-check: release
	integrations/python/check .build/release/epubcontract

## example: build the library example (docs/example, a package that depends on this one) and run it on a fixture
example:
	cd docs/example && $(SWIFT) build && .build/debug/contract-example $(CURDIR)/$(FIXTURE)

## convert-check: every TXT fixture converted, then checked by validate and EPUBCheck 5.3.0
convert-check: build
	scripts/convert-check .build/debug/epubcontract

## export-check: export every corpus book as XHTML and JSON and check the results
export-check: build
	scripts/export-check .build/debug/epubcontract $(CORPUS)

## cfi-check: EPUB CFIs on the corpus and real books, judged by ElementTree; offsets round-trip
cfi-check: build
	scripts/cfi-check .build/debug/epubcontract

## guided-check: media overlays as Guided Navigation documents, against the schema and the SMIL
guided-check: build
	scripts/guided-check .build/debug/epubcontract

## corpus: inspect every EPUB of the shared corpus; fail on a crash or invalid JSON
corpus: build
	scripts/corpus-check .build/debug/epubcontract $(CORPUS)

## bench: inspect vs EPUBCheck 5.3.0 on the corpus, ratio per book and median
bench: release
	scripts/bench $(CORPUS)

clean:
	rm -rf .build
