//! The committed generated files are what `scripts/generate` writes: a change of the
//! core's description or rules shows in review as a change of each generated file.
#![allow(clippy::unwrap_used, clippy::panic)] // tests fail loudly

#[test]
fn committed_files_are_current() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let stale: Vec<String> = cobro_generate::files()
        .into_iter()
        .filter(|(path, text)| std::fs::read_to_string(root.join(path)).ok().as_ref() != Some(text))
        .map(|(path, _)| path)
        .collect();
    assert!(
        stale.is_empty(),
        "not what scripts/generate writes (run it and commit the result): {stale:?}"
    );
}

#[test]
fn generated_sources_say_so_first() {
    for (path, text) in cobro_generate::files() {
        if !path.ends_with(".json") {
            let first = text.lines().next().unwrap();
            assert!(first.ends_with(cobro_generate::GENERATED), "{path}: {first}");
        }
    }
}
