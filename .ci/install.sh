#!/usr/bin/env bash
# Installs what a fresh Debian machine with rustup lacks, idempotently: anything
# already present at the right version is skipped. Sourced by `.ci/run` (all of
# it) and `.ci/serve` (`install_site` only, as the site needs no browser).
#
#   install_site     the wasm target, trunk and wasm-bindgen-cli;
#   install_browser  Chromium, chromedriver, CJK fonts, Firefox ESR,
#                    WebKitGTK's WebDriver (its MiniBrowser) and the X server
#                    it runs on (xvfb, xauth), Node.js, the e2e tests' npm
#                    packages and python3 (downloads, little CPU);
#   install_fuzz     cargo-fuzz (the fuzzing smoke run, see FUZZING.md);
#   install_fmt      leptosfmt, which formats the page's `view!` markup as
#                    rustfmt formats the rest (`cargo xtask ci` checks both);
#   install_tests    install_browser and install_fuzz.
#
# The tools are built for this machine's use, not for speed: trunk's own
# release profile asks for fat LTO in one codegen unit, which took most of
# its 14 minutes to build here; it only starts cargo and wasm-bindgen, so it
# is built unoptimised (--debug: 165 s from scratch against 248 s without
# LTO, and the site builds as fast with it). Both trunk and wasm-bindgen-cli
# are built without TLS (--no-default-features): they never download, and
# wasm-bindgen-test-runner talks plain HTTP to the local chromedriver.
# BENCHMARKS.md, "CI", has each stage's time.

export PATH="$HOME/.cargo/bin:$PATH"
# Never let an npm package download a browser: the tests use Debian's
# Chromium, Firefox ESR and WebKitGTK.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export PUPPETEER_SKIP_DOWNLOAD=1

TRUNK_VERSION=0.21.14
# Must equal the wasm-bindgen version pinned in Cargo.toml / Cargo.lock.
WASM_BINDGEN_VERSION=0.2.130
# The fuzz targets in fuzz/ run on stable Rust with RUSTC_BOOTSTRAP=1 (see FUZZING.md).
CARGO_FUZZ_VERSION=0.13.2
# rustfmt leaves `view!` markup alone; leptosfmt formats it (leptosfmt.toml).
LEPTOSFMT_VERSION=0.1.33

ci_started=$SECONDS
stage_started=$SECONDS
stage() {
    echo
    echo "==> [.ci] $* (at $((SECONDS - ci_started)) s)"
    stage_started=$SECONDS
}
done_stage() {
    echo "<== [.ci] done in $((SECONDS - stage_started)) s"
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_site() {
    stage "Rust target wasm32-unknown-unknown"
    if rustup target list --installed | grep -x wasm32-unknown-unknown >/dev/null; then
        echo "already installed"
    else
        rustup target add wasm32-unknown-unknown
    fi
    done_stage

    stage "trunk $TRUNK_VERSION"
    if trunk --version 2>/dev/null | grep " $TRUNK_VERSION\$" >/dev/null; then
        echo "already installed: $(trunk --version)"
    else
        # --locked: trunk does not build against today's newest dependencies.
        # --debug: unoptimised, as it only starts cargo and wasm-bindgen.
        cargo install trunk --version "$TRUNK_VERSION" --locked --no-default-features --debug
    fi
    done_stage

    stage "wasm-bindgen-cli $WASM_BINDGEN_VERSION"
    if wasm-bindgen --version 2>/dev/null | grep " $WASM_BINDGEN_VERSION\$" >/dev/null \
        && wasm-bindgen-test-runner --version 2>/dev/null | grep " $WASM_BINDGEN_VERSION\$" >/dev/null; then
        echo "already installed: $(wasm-bindgen --version)"
    else
        # Without --locked: this version's lock file does not build on current Rust.
        cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --no-default-features
    fi
    done_stage
}

install_browser() {
    stage "Chromium, chromedriver, CJK fonts, Firefox ESR and WebKitGTK's driver (apt)"
    # Japanese and Chinese glyphs (fonts-noto-cjk): without them, tokens and
    # the ja / zh pages render as empty boxes in the tests and screenshots.
    # The other engines' subset (tests/engines/) drives Debian's firefox-esr
    # and webkit2gtk-driver's WebKitWebDriver, whose MiniBrowser needs an X
    # display: xvfb-run (xvfb) gives it one, with xauth.
    if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] \
        && fc-list 2>/dev/null | grep -q "Noto Sans CJK" \
        && [ -x /usr/bin/firefox-esr ] && [ -x /usr/bin/WebKitWebDriver ] \
        && command -v xvfb-run >/dev/null && command -v xauth >/dev/null; then
        echo "already installed: $(/usr/bin/chromium --version 2>/dev/null || echo chromium), Noto Sans CJK," \
            "$(/usr/bin/firefox-esr --version 2>/dev/null || echo firefox-esr), WebKitWebDriver, xvfb-run"
    else
        as_root apt-get update
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver fonts-noto-cjk \
            firefox-esr webkit2gtk-driver xvfb xauth
    fi
    done_stage

    stage "Node.js, the e2e tests' npm packages and python3"
    # python3 serves dist/ to the browser tests (`python3 -m http.server`,
    # xtask/src/serve.rs); Debian's npm depends on it already.
    if ! command -v node >/dev/null || ! command -v npm >/dev/null || ! command -v python3 >/dev/null; then
        as_root apt-get update
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm python3
    fi
    # `npm ls` fails when a package of package.json is missing (one added
    # since node_modules was installed): then install them all again.
    if (cd tests && npm ls >/dev/null 2>&1); then
        echo "already installed: playwright-core $(node -p "require('./tests/node_modules/playwright-core/package.json').version")"
    else
        (cd tests && npm ci --no-audit --no-fund)
    fi
    done_stage
}

install_tests() {
    install_browser
    install_fuzz
}

install_fuzz() {
    stage "cargo-fuzz $CARGO_FUZZ_VERSION"
    if cargo fuzz --version 2>/dev/null | grep " $CARGO_FUZZ_VERSION\$" >/dev/null; then
        echo "already installed: $(cargo fuzz --version)"
    else
        cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked
    fi
    done_stage
}

install_fmt() {
    stage "leptosfmt $LEPTOSFMT_VERSION"
    if leptosfmt --version 2>/dev/null | grep " $LEPTOSFMT_VERSION\$" >/dev/null; then
        echo "already installed: $(leptosfmt --version)"
    else
        # --debug: it formats a few dozen files in well under a second anyway.
        cargo install leptosfmt --version "$LEPTOSFMT_VERSION" --locked --debug
    fi
    done_stage
}
