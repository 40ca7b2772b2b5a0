//! One version everywhere (DESIGN.md section 1): the version written in
//! `[workspace.package]` is the one the internal dependency pins, the Node package and
//! its platform packages, the Python package (read from Cargo.toml by maturin) and the
//! changelog's newest release carry. The artefacts themselves (wheel, tarballs, jar,
//! crates) are checked by scripts/test on what scripts/package writes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: impl AsRef<Path>) -> String {
    let path = root().join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The value of `key = "..."` in the TOML `section` of `text`.
fn toml_value(text: &str, section: &str, key: &str) -> Option<String> {
    let body = text.split(&format!("[{section}]\n")).nth(1)?.split("\n[").next()?;
    body.lines()
        .find_map(|l| l.strip_prefix(&format!("{key} = \"")))
        .and_then(|v| v.split('"').next())
        .map(str::to_string)
}

fn json_version(path: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(&read(path)).unwrap();
    value["version"]
        .as_str()
        .unwrap_or_else(|| panic!("{path} has no version"))
        .to_string()
}

#[test]
fn every_package_carries_the_workspace_version() {
    let cargo = read("Cargo.toml");
    let version = toml_value(&cargo, "workspace.package", "version").expect("[workspace.package] version");
    assert_eq!(version, env!("CARGO_PKG_VERSION"));

    // The pins publishing needs: each internal crate at exactly this version.
    for name in ["cobro", "cobro-mock"] {
        let line = cargo
            .lines()
            .find(|l| l.starts_with(&format!("{name} = {{")))
            .unwrap_or_else(|| panic!("no [workspace.dependencies] entry for {name}"));
        assert!(line.contains(&format!("version = \"={version}\"")), "{line}");
    }
    // Every crate takes the workspace's version.
    for manifest in [
        "crates/cobro/Cargo.toml",
        "crates/cobro-cli/Cargo.toml",
        "crates/cobro-mock/Cargo.toml",
        "bindings/python/Cargo.toml",
        "bindings/node/Cargo.toml",
        "bindings/uniffi/Cargo.toml",
        "bindings/uniffi/bindgen/Cargo.toml",
    ] {
        assert!(read(manifest).contains("version.workspace = true"), "{manifest}");
    }

    // Python: maturin reads the version from the binding's Cargo.toml.
    let pyproject = read("bindings/python/pyproject.toml");
    assert!(
        pyproject.contains("dynamic = [\"version\"]"),
        "pyproject.toml must take the version from Cargo.toml"
    );
    assert!(
        !pyproject.lines().any(|l| l.starts_with("version")),
        "pyproject.toml writes a version of its own"
    );

    // Node: the package, and each platform package of napi-rs's layout.
    assert_eq!(
        json_version("bindings/node/package.json"),
        version,
        "bindings/node/package.json"
    );
    let platforms = std::fs::read_dir(root().join("bindings/node/npm")).unwrap();
    let mut seen = 0;
    for dir in platforms {
        let dir = dir.unwrap().path();
        let path = format!(
            "bindings/node/npm/{}/package.json",
            dir.file_name().unwrap().to_string_lossy()
        );
        assert_eq!(json_version(&path), version, "{path}");
        seen += 1;
    }
    assert!(seen >= 1, "no platform package under bindings/node/npm");
    // The loader napi writes checks the platform package's version against this one.
    assert!(read("bindings/node/index.js").contains(&format!("expected {version} but got")));

    // The changelog's newest release.
    let changelog = read("CHANGELOG.md");
    let newest = changelog
        .lines()
        .filter_map(|l| l.strip_prefix("## ["))
        .find(|l| !l.starts_with("Unreleased"))
        .and_then(|l| l.split(']').next())
        .expect("a release in CHANGELOG.md");
    assert_eq!(newest, version, "CHANGELOG.md's newest release");
}

#[test]
fn the_licences_are_at_the_root_and_in_every_package_folder() {
    let mit = read("LICENSE-MIT");
    assert!(mit.starts_with("Copyright (c) the cobro contributors"), "LICENSE-MIT");
    let apache = read("LICENSE-APACHE");
    assert!(apache.contains("Apache License") && apache.contains("Version 2.0, January 2004"));
    for dir in [
        "crates/cobro",
        "crates/cobro-cli",
        "crates/cobro-mock",
        "bindings/python",
        "bindings/node",
    ] {
        assert_eq!(read(format!("{dir}/LICENSE-MIT")), mit, "{dir}");
        assert_eq!(read(format!("{dir}/LICENSE-APACHE")), apache, "{dir}");
    }
    assert_eq!(
        toml_value(&read("Cargo.toml"), "workspace.package", "license").as_deref(),
        Some("MIT OR Apache-2.0")
    );
}
