//! `bindings/uniffi/src/shapes.rs`: the Kotlin and Swift records (uniffi records, enums
//! and, for a tagged union, an enum whose variants hold the variant record's fields),
//! each deserialized from the core's serde JSON by `crate::convert`. Open sets are
//! `String`, personal text the binding's `Personal` record; the documentation names
//! fields as Kotlin and Swift do.

use std::fmt::Write;

use cobro::shape::{self, Field, Ty};

use crate::GENERATED;
use crate::docs::{camelized, field_doc, record_doc, wrap};

/// The module's text.
pub fn records() -> String {
    let mut out = format!("// {GENERATED}\n");
    out.push_str(
        "//! The records Kotlin and Swift see for every parsed answer, notification, catalogue\n\
         //! entry and document result, deserialized from the core's serde JSON\n\
         //! (`crate::convert::from_core`).\n\n\
         use serde::Deserialize;\n\nuse crate::personal::Personal;\n",
    );
    for e in shape::enums().filter(|e| !e.open) {
        out.push('\n');
        doc(&mut out, "", e.doc);
        out.push_str("#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, uniffi::Enum)]\n");
        let _ = writeln!(out, "pub enum {} {{", e.name);
        for (value, case, meaning) in e.values {
            let text = if meaning.is_empty() {
                format!("`{value}`.")
            } else {
                format!("`{value}`: {meaning}")
            };
            doc(&mut out, "    ", &text);
            let _ = writeln!(out, "    #[serde(rename = \"{value}\")]\n    {case},");
        }
        out.push_str("}\n");
    }
    for r in shape::records().filter(|r| shape::variant_of(r.name).is_none()) {
        out.push('\n');
        doc(&mut out, "", &record_doc(r));
        out.push_str("#[derive(Debug, Clone, PartialEq, Eq, Deserialize, uniffi::Record)]\n");
        let _ = writeln!(out, "pub struct {} {{", r.name);
        fields(&mut out, "    ", &shape::all_fields(r), "pub ");
        out.push_str("}\n");
    }
    for u in shape::unions() {
        out.push('\n');
        doc(&mut out, "", u.doc);
        out.push_str("#[derive(Debug, Clone, PartialEq, Eq, Deserialize, uniffi::Enum)]\n");
        let _ = writeln!(out, "#[serde(tag = \"{}\")]\npub enum {} {{", u.tag, u.name);
        for v in u.variants {
            let Some(r) = shape::record(v.record) else { continue };
            doc(&mut out, "    ", &record_doc(r));
            let _ = writeln!(out, "    #[serde(rename = \"{}\")]", v.tag);
            let all = shape::all_fields(r);
            if all.is_empty() {
                let _ = writeln!(out, "    {},", v.case);
            } else {
                let _ = writeln!(out, "    {} {{", v.case);
                fields(&mut out, "        ", &all, "");
                out.push_str("    },\n");
            }
        }
        out.push_str("}\n");
    }
    out
}

fn fields(out: &mut String, indent: &str, fields: &[&Field], visibility: &str) {
    for f in fields {
        let ty = Ty::parse(f.ty);
        doc(out, indent, &field_doc(f));
        if matches!(ty, Some(Ty::Bytes)) {
            let _ = writeln!(out, "{indent}#[serde(deserialize_with = \"crate::convert::base64\")]");
        }
        let rust_ty = ty.map_or_else(|| "()".to_string(), |t| rust(&t));
        let _ = writeln!(out, "{indent}{visibility}{}: {rust_ty},", ident(f.name));
    }
}

/// A field name as a Rust identifier (`type` is a keyword).
fn ident(name: &str) -> String {
    if name == "type" { "r#type".into() } else { name.into() }
}

/// `///` lines of `text` (as Kotlin names fields) at `indent`, wrapped to 92 characters.
fn doc(out: &mut String, indent: &str, text: &str) {
    for line in wrap(&camelized(text), 88 - indent.len()) {
        let _ = writeln!(out, "{indent}/// {line}");
    }
}

/// The Rust type of `ty`.
fn rust(ty: &Ty) -> String {
    match ty {
        Ty::Str => "String".into(),
        Ty::Personal => "Personal".into(),
        Ty::Bool => "bool".into(),
        Ty::I64 => "i64".into(),
        Ty::U32 => "u32".into(),
        Ty::Bytes => "Vec<u8>".into(),
        Ty::Named(name) => match shape::enumeration(name) {
            Some(e) if e.open => "String".into(),
            _ => (*name).into(),
        },
        Ty::List(inner) => format!("Vec<{}>", rust(inner)),
        Ty::Optional(inner) => format!("Option<{}>", rust(inner)),
    }
}
