# make install [PREFIX=~/.local] [CONFIGURATION=release]: builds, then installs the binaries,
# the systemd user unit and the D-Bus activation file; make uninstall removes them.
# make install-files BUILT=DIR installs already built binaries from DIR; DESTDIR=DIR stages the
# files under DIR (as scripts/build-deb does) while the unit and activation file name $(PREFIX).
# make deb: the Debian package (scripts/build-deb; docs/install.md).
PREFIX ?= $(HOME)/.local
DESTDIR ?=
CONFIGURATION ?= release
BINDIR = $(PREFIX)/bin
UNITDIR = $(PREFIX)/share/systemd/user
DBUSDIR = $(PREFIX)/share/dbus-1/services
INTERFACEDIR = $(PREFIX)/share/dbus-1/interfaces
# xdg-desktop-portal reads $XDG_DATA_HOME/xdg-desktop-portal/portals and the same under each of $XDG_DATA_DIRS.
PORTALDIR = $(PREFIX)/share/xdg-desktop-portal/portals
BASHDIR = $(PREFIX)/share/bash-completion/completions
ZSHDIR = $(PREFIX)/share/zsh/site-functions
FISHDIR = $(PREFIX)/share/fish/vendor_completions.d
MANDIR = $(PREFIX)/share/man/man1
BUILT ?= $(shell swift build -c $(CONFIGURATION) --show-bin-path)
# The release build's flags (scripts/release-flags): the Swift runtime, Foundation and
# libstdc++ linked in, generic metadata by accessor (docs/performance.md, P4 and P7);
# usernoted's with ICU's data cut to what it opens (scripts/icu-data: 34 MB -> 4.6 MB of the
# binary; usernotectl links no ICU).
RELEASE_FLAGS = $(shell scripts/release-flags)
RELEASE = $(if $(filter release,$(CONFIGURATION)),$(RELEASE_FLAGS))
ICU_DATA = $(if $(filter release,$(CONFIGURATION)),$(shell scripts/icu-data))

.PHONY: build install install-files man uninstall deb drills drills-short fuzz bench bench-smoke bench-micro matrix

build:
	scripts/install-deps
	swift build -c $(CONFIGURATION) $(RELEASE) $(ICU_DATA) --product usernoted
	swift build -c $(CONFIGURATION) $(RELEASE) --product usernotectl
	$(if $(filter release,$(CONFIGURATION)),scripts/load-on-use $(BUILT)/usernoted $(BUILT)/usernotectl)

install: build install-files

install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(DBUSDIR) $(DESTDIR)$(INTERFACEDIR)
	install -m 644 dbus/io.github.usernoted.Center1.xml $(DESTDIR)$(INTERFACEDIR)/
	install -m 755 $(BUILT)/usernoted $(BUILT)/usernotectl $(DESTDIR)$(BINDIR)/
	sed 's|@bindir@|$(BINDIR)|g' systemd/usernoted.service.in > $(DESTDIR)$(UNITDIR)/usernoted.service
	sed 's|@bindir@|$(BINDIR)|g' systemd/io.github.usernoted.service.in > $(DESTDIR)$(DBUSDIR)/io.github.usernoted.service
	sed 's|@bindir@|$(BINDIR)|g' systemd/org.freedesktop.impl.portal.desktop.usernoted.service.in \
		> $(DESTDIR)$(DBUSDIR)/org.freedesktop.impl.portal.desktop.usernoted.service
	install -d $(DESTDIR)$(PORTALDIR)
	install -m 644 portal/usernoted.portal $(DESTDIR)$(PORTALDIR)/
	install -d $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) $(DESTDIR)$(FISHDIR)
	$(BUILT)/usernotectl --generate-completion-script bash > $(DESTDIR)$(BASHDIR)/usernotectl
	$(BUILT)/usernotectl --generate-completion-script zsh > $(DESTDIR)$(ZSHDIR)/_usernotectl
	$(BUILT)/usernotectl --generate-completion-script fish > $(DESTDIR)$(FISHDIR)/usernotectl.fish
	@echo "installed in $(DESTDIR)$(PREFIX); start it with: systemctl --user daemon-reload && systemctl --user enable --now usernoted"
	@echo "(or let the first D-Bus call start it)"

# The man pages, generated from the argument parsers (builds the plugin; takes a while).
man:
	swift package generate-manual --configuration $(CONFIGURATION)
	install -d $(MANDIR)
	install -m 644 .build/plugins/GenerateManual/outputs/usernotectl/usernotectl.1 \
		.build/plugins/GenerateManual/outputs/usernoted/usernoted.1 $(MANDIR)/

# The Debian package usernoted_<version>_amd64.deb in .build/deb/ (version: the top entry of
# packaging/deb/changelog); prints its path.
deb:
	scripts/build-deb

uninstall:
	-systemctl --user disable --now usernoted.service 2>/dev/null
	rm -f $(BINDIR)/usernoted $(BINDIR)/usernotectl $(UNITDIR)/usernoted.service $(DBUSDIR)/io.github.usernoted.service \
		$(DBUSDIR)/org.freedesktop.impl.portal.desktop.usernoted.service $(PORTALDIR)/usernoted.portal \
		$(INTERFACEDIR)/io.github.usernoted.Center1.xml $(BASHDIR)/usernotectl $(ZSHDIR)/_usernotectl $(FISHDIR)/usernotectl.fish $(MANDIR)/usernotectl.1 $(MANDIR)/usernoted.1

# make drills: the reliability drills (docs/reliability.md). Each starts a private bus, a
# notification server and the built usernoted, breaks something (SIGKILLs, broken handlers,
# a flood, garbage on the bus) and prints one line of figures; fails when a goal is missed.
# make drills-short: the short version CI runs (under a minute). DRILLS="D2 D4" picks some.
drills:
	scripts/install-deps --test
	swift build
	$$(swift build --show-bin-path)/usernoted-drills $(DRILLS)

drills-short:
	scripts/install-deps --test
	swift build
	$$(swift build --show-bin-path)/usernoted-drills --short $(DRILLS)

# make fuzz: the libFuzzer targets in Fuzz/Targets (JSON decoders, D-Bus message decoding,
# trigger dates), built with swiftc -sanitize=fuzzer,address into .build-fuzz/ and run for
# FUZZ_SECONDS each (default 60) from the seed corpus in Fuzz/corpus. FUZZ_TARGETS picks some.
fuzz:
	scripts/install-deps
	scripts/fuzz $(FUZZ_TARGETS)

# make bench: every budget of DESIGN §7, each measured against its baseline in the same run
# on a private bus with the fast fake notification server (release build; a few minutes).
# Prints the table, writes bench-results.json, and fails when a figure is over budget.
# One product at a time: a whole build with the static runtime would also link GRDB's dynamic
# library product, which fails to link that way.
BENCH_PRODUCTS = usernoted usernotectl usernoted-bench bench-fake-server bench-raw-client bench-name-owner bench-relay

bench:
	scripts/install-deps --bench
	for product in $(BENCH_PRODUCTS); do \
	  swift build -c release $(RELEASE_FLAGS) $$([ $$product = usernoted ] && scripts/icu-data) --product $$product || exit 1; \
	done
	bin=$$(swift build -c release --show-bin-path) && scripts/load-on-use $$bin/usernoted $$bin/usernotectl && \
	  $$bin/usernoted-bench --output bench-results.json

# make bench-smoke: every measure with tiny counts on the debug build, so that the benchmarks
# keep working (CI runs it); no budget is checked.
bench-smoke:
	scripts/install-deps --bench
	swift build
	$$(swift build --show-bin-path)/usernoted-bench --smoke --output $$(swift build --show-bin-path)/bench-smoke.json

# make bench-micro: in-process micro-benchmarks (ordo-one/benchmark) in a package of their own,
# which the main build and CI never compile.
bench-micro:
	swift package --package-path Benchmarks/Micro benchmark

# make matrix DEBIAN=testing: the end-to-end suites that run on each Debian release's servers,
# on DEBIAN's only (trixie or testing), from the chroot scripts/debian-chroot makes or updates
# (testing moves every day, so CI runs trixie's only; docs/servers.md has the last result).
DEBIAN ?= testing
MATRIX_SUITES = GnomeShellTests|PlasmaServerTests|PlasmaShellTests|WaylandServerTests|ServerMatrixTests|MeetingInvitationTests
matrix:
	scripts/install-deps --test
	scripts/debian-chroot $(DEBIAN) >/dev/null
	swift build --build-tests
	USERNOTED_RELEASES=$(DEBIAN) swift test --skip-build --filter '$(MATRIX_SUITES)'
