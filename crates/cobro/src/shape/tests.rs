use std::collections::BTreeSet;

use super::*;

#[test]
fn every_type_reads_and_every_name_is_described_once() {
    let mut names = BTreeSet::new();
    let all: Vec<&str> = records()
        .map(|r| r.name)
        .chain(unions().map(|u| u.name))
        .chain(enums().map(|e| e.name))
        .collect();
    for name in &all {
        assert!(names.insert(*name), "{name} is described twice");
    }
    for r in records() {
        let mut fields = BTreeSet::new();
        for f in all_fields(r) {
            assert!(
                Ty::parse(f.ty).is_some(),
                "{}.{}: {} is not a type",
                r.name,
                f.name,
                f.ty
            );
            assert!(fields.insert(f.name), "{}.{} twice", r.name, f.name);
            assert!(
                !f.doc.ends_with(' ') && (f.doc.is_empty() || f.doc.ends_with('.')),
                "{}.{}",
                r.name,
                f.name
            );
        }
        if let Some(parent) = r.extends {
            assert!(record(parent).is_some(), "{} extends {parent}", r.name);
        }
    }
    for u in unions() {
        for v in u.variants {
            let r = record(v.record).unwrap();
            assert!(
                r.fields.iter().all(|f| f.name != u.tag),
                "{}: the tag is not a field",
                r.name
            );
        }
    }
}

#[test]
fn the_personal_fields_are_the_personal_types() {
    let listed = personal_fields();
    let depositor = listed.iter().find(|(r, _)| *r == "Depositor").unwrap();
    assert_eq!(depositor.1, ["full_name", "document_number"]);
    assert!(listed.iter().all(|(r, _)| *r != "DepositStatus"));
    assert_eq!(Ty::parse("list<personal>?").map(|t| t.is_personal()), Some(true));
    assert_eq!(Ty::parse("list<nothing>"), None);
}
