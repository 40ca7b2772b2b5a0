//! `bindings/python/python/cobro/_records.py`: one frozen dataclass per record (the
//! `record` decorator and `Record` base of `_typed.py`), a `Literal` alias per closed
//! enumeration and a `Union` alias per tagged union. Open sets are `str`, lists tuples.

use std::fmt::Write;

use cobro::parse::DocumentKind;
use cobro::shape::{self, Record, Ty};

use crate::GENERATED;
use crate::docs::{docstring, field_doc, record_doc, union_doc};

/// The module's text.
pub fn records() -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {GENERATED}");
    out.push_str(
        "\"\"\"The typed answers, notifications, catalogue entries and document results of cobro\n\
         (the core's ``shape`` description), re-exported by :mod:`cobro.answers` and\n\
         :mod:`cobro.documents`.\"\"\"\n\nfrom __future__ import annotations\n\n\
         from typing import Literal, Optional, Tuple, Union\n\nfrom ._typed import Record, record\n",
    );
    for e in shape::enums().filter(|e| !e.open) {
        let values: Vec<String> = e.values.iter().map(|(v, _, _)| format!("{v:?}")).collect();
        let _ = write!(out, "\n{} = Literal[{}]\n", e.name, values.join(", "));
        docstring(&mut out, "", e.doc);
    }
    for r in shape::records() {
        class(&mut out, r);
    }
    for u in shape::unions() {
        let variants: Vec<&str> = u.variants.iter().map(|v| v.record).collect();
        let _ = write!(out, "\n\n{} = Union[\n", u.name);
        for v in variants {
            let _ = writeln!(out, "    {v},");
        }
        out.push_str("]\n");
        docstring(&mut out, "", &union_doc(u));
    }
    let names: Vec<String> = DocumentKind::ALL
        .iter()
        .map(|k| format!("    {:?},\n", k.as_str()))
        .collect();
    let _ = write!(out, "\nDocumentName = Literal[\n{}]\n", names.concat());
    docstring(&mut out, "", "The name of each document `parse` reads.");
    let roots: Vec<String> = DocumentKind::ALL
        .iter()
        .map(|k| format!("    {},\n", k.shape()))
        .collect();
    let _ = write!(out, "\nParsedDocument = Union[\n{}]\n", roots.concat());
    docstring(
        &mut out,
        "",
        "Any parsed document: the value `parse` returns for a `DocumentName`.",
    );
    out
}

fn class(out: &mut String, r: &Record) {
    let base = r.extends.unwrap_or("Record");
    let _ = write!(out, "\n\n@record\nclass {}({base}):\n", r.name);
    docstring(out, "    ", &record_doc(r));
    out.push('\n');
    if let Some((u, v)) = shape::variant_of(r.name) {
        let _ = writeln!(out, "    {}: Literal[{:?}]", u.tag, v.tag);
    }
    for f in r.fields {
        let ty = Ty::parse(f.ty).map_or_else(|| "object".to_string(), |t| annotation(&t));
        let _ = writeln!(out, "    {}: {ty}", f.name);
        let doc = field_doc(f);
        if !doc.is_empty() {
            docstring(out, "    ", &doc);
        }
    }
    if r.fields.is_empty() && shape::variant_of(r.name).is_none() {
        out.push_str("    pass\n");
    }
}

/// The type annotation of `ty`.
fn annotation(ty: &Ty) -> String {
    match ty {
        Ty::Str | Ty::Personal => "str".into(),
        Ty::Bool => "bool".into(),
        Ty::I64 | Ty::U32 => "int".into(),
        Ty::Bytes => "bytes".into(),
        Ty::Named(name) => match shape::enumeration(name) {
            Some(e) if e.open => "str".into(),
            _ => (*name).into(),
        },
        Ty::List(inner) => format!("Tuple[{}, ...]", annotation(inner)),
        Ty::Optional(inner) => format!("Optional[{}]", annotation(inner)),
    }
}
