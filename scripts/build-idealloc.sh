#!/usr/bin/env bash
# Builds idealloc's `idealloc` binary (github.com/cappadokes/idealloc, crate `coreba`; C. P. Lamprakos, technical
# report arXiv 2504.04874) offline against Debian 12's packaged Rust crates, for scripts/vs-idealloc.sh. Not part of
# CI. Needs cargo and, from Debian: librust-clap-dev librust-rayon-dev librust-itertools-dev librust-thiserror-dev
# librust-rand-dev librust-indexmap-dev (apt-get install them).
#
#   scripts/build-idealloc.sh /path/to/idealloc-checkout [BUILD_DIR]     (default BUILD_DIR: /tmp/idealloc-build)
#   prints the path of the built binary
#
# Only the crate `coreba` is built (the binary `idealloc`); the workspace file is replaced by one that lists it alone
# and relaxes the version requirements to what Debian ships (clap 4.0, rayon 1.6, itertools 0.10, indexmap 1.9,
# thiserror 1, rand 0.8; upstream asks clap 4.5, rayon 1.10, itertools 0.13, indexmap 2.7 and rust 1.82); the
# crates are taken from /usr/share/cargo/registry, nothing is downloaded. coreba's sources are not changed.
set -euo pipefail
src="${1:?usage: build-idealloc.sh /path/to/idealloc-checkout [BUILD_DIR]}"
out="${2:-/tmp/idealloc-build}"
[ -f "$src/coreba/Cargo.toml" ] || { echo "build-idealloc.sh: $src/coreba/Cargo.toml not found; give an idealloc checkout" >&2; exit 2; }
mkdir -p "$out"
rm -rf "$out/coreba"
cp -r "$src/coreba" "$out/coreba"
cp "$src/LICENSE" "$out/LICENSE"
sed -i '/rust-version/d' "$out/coreba/Cargo.toml"
cat > "$out/Cargo.toml" <<'TOML'
[workspace]
members         = ["coreba"]
resolver        = "2"

[workspace.package]
authors         = ["Christos P. Lamprakos <cplamprakos@proton.me>"]
edition         = "2021"
license         = "MIT"
publish         = false
version         = "0.1.0"

[profile.release]
lto             = true
codegen-units   = 1

[workspace.dependencies]
indexmap                = "1"
thiserror               = "1"
rayon                   = "1"
rand                    = "0.8"
itertools               = "0.10"
clap                    = {version = "4", features = ["derive"]}
TOML
mkdir -p "$out/.cargo"
cat > "$out/.cargo/config.toml" <<'TOML'
[source.crates-io]
replace-with = "debian"
[source.debian]
directory = "/usr/share/cargo/registry"
[net]
offline = true
TOML
(cd "$out" && cargo build --release --offline --bin idealloc >&2)
echo "$out/target/release/idealloc"
