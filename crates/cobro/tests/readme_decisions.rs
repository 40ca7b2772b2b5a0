//! The README's list of decisions follows DESIGN.md section 9 (read at run time from
//! `shared/DESIGN.md` beside the workspace): one numbered item per row, in row order.
#![allow(clippy::unwrap_used, clippy::panic)] // tests fail loudly

use std::path::PathBuf;

#[test]
fn readme_has_one_decision_per_design_row() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let design = root.join("../shared/DESIGN.md");
    let Ok(design) = std::fs::read_to_string(&design) else {
        println!("note: {} is absent; decision list test skipped", design.display());
        return;
    };
    let rows: Vec<u32> = design
        .split("## 9.")
        .nth(1)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("| ")?.split(' ').next()?.parse().ok())
        .collect();
    assert!(rows.len() >= 33, "only {} rows read from DESIGN.md", rows.len());
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let list = readme
        .split("## Decisions where the spec is ambiguous")
        .nth(1)
        .unwrap()
        .split("\n## ")
        .next()
        .unwrap();
    let items: Vec<u32> = list
        .lines()
        .filter_map(|l| l.split_once(". ")?.0.parse().ok())
        .collect();
    assert_eq!(
        items, rows,
        "README decisions must be numbered as DESIGN.md section 9's rows"
    );
}
