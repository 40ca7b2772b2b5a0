//! The README's table of document and account numbers is the library's list
//! (`cobro::document::numbers()`), row for row, so the docs cannot drift.
#![allow(clippy::unwrap_used, clippy::panic)] // tests fail loudly

#[test]
fn readme_lists_every_number_with_its_rule() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let mut table = String::from("| country | type | account | rule |\n|---|---|---|---|\n");
    for n in cobro::document::numbers() {
        let account = if n.account { "yes" } else { "" };
        table.push_str(&format!(
            "| {} | {} | {account} | {} |\n",
            n.country, n.name, n.description
        ));
    }
    assert!(readme.contains(&table), "README.md must contain this table:\n\n{table}");
}
