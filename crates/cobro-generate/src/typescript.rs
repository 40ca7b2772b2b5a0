//! `bindings/node/parsed.d.ts`: the shapes of the values `parse` and the catalogues
//! return, as the Node binding hands them over (the core's serde JSON, with camelCase
//! keys, 64-bit integers as decimal text and the QR image as a Buffer).

use std::fmt::Write;

use cobro::parse::DocumentKind;
use cobro::shape::{self, Record, Ty};

use crate::GENERATED;
use crate::docs::{self, camelized, field_doc, record_doc, union_doc};

const HEADER: &str = "\
/// <reference types=\"node\" />
// The shapes of the values `parse` and the catalogues return: the Rust core's serde
// JSON, as the core's description of the shapes (crates/cobro/src/shape) gives them.
// The generated index.d.ts names them with import('./parsed').
//
// Three differences from the core's JSON, all made by the binding for every value:
// - Keys are camelCase: each of the core's snake_case keys as Kotlin names it too
//   (`payin_state_id` is `payinStateId`, DESIGN.md 9 row 43). The CLI's JSON and the
//   vectors keep the core's names; the validation report keeps its keys everywhere.
// - Integers the core holds in 64 bits (ids, codes, display orders: the fields typed
//   `Int64Text` below) are decimal strings, exact beyond 2^53 and kept by
//   JSON.stringify. Compare with `'5'`, or convert with `Number(x)` / `BigInt(x)`;
//   every argument that takes such an id takes the string as it is.
//   Smaller integers (a date's year and time) are numbers.
// - The QR image is a Buffer of the PNG bytes (Base64 text in the core's JSON).
// `null` is an absent optional value. The objects of records with personal fields print
// those fields as [REDACTED] in util.inspect (non-enumerable inspect hook); their values
// are whole (README \"Parsed values and TypeScript\").

/** A 64-bit integer of the core as its decimal text (`\"5\"`, `\"9007199254740993\"`). */
export type Int64Text = string
";

/// The file's text.
pub fn declarations() -> String {
    let mut out = format!("// {GENERATED}\n{HEADER}");
    out.push_str("\n/** The name of each document `parse` reads. */\nexport type DocumentName =\n");
    for kind in DocumentKind::ALL {
        let _ = writeln!(out, "  | '{}'", kind.as_str());
    }
    for e in shape::enums() {
        out.push('\n');
        jsdoc(&mut out, "", e.doc);
        let _ = writeln!(out, "export type {} =", e.name);
        for (value, _, _) in e.values {
            let _ = writeln!(out, "  | '{value}'");
        }
        if e.open {
            out.push_str("  | (string & {})\n");
        }
    }
    for r in shape::records() {
        interface(&mut out, r);
    }
    for u in shape::unions() {
        out.push('\n');
        jsdoc(&mut out, "", &union_doc(u));
        let _ = writeln!(out, "export type {} =", u.name);
        for v in u.variants {
            let _ = writeln!(out, "  | {}", v.record);
        }
    }
    out.push_str("\n/** The value `parse` returns for each document name. */\nexport interface ParsedByName {\n");
    for kind in DocumentKind::ALL {
        let _ = writeln!(out, "  '{}': {}", kind.as_str(), kind.shape());
    }
    out.push_str("}\n\n/** Any parsed document. */\nexport type ParsedDocument = ParsedByName[DocumentName]\n");
    out
}

fn interface(out: &mut String, r: &Record) {
    out.push('\n');
    jsdoc(out, "", &record_doc(r));
    let extends = r.extends.map(|p| format!(" extends {p}")).unwrap_or_default();
    let _ = writeln!(out, "export interface {}{extends} {{", r.name);
    if let Some((u, v)) = shape::variant_of(r.name) {
        let _ = writeln!(out, "  {}: '{}'", u.tag, v.tag);
    }
    for f in r.fields {
        let doc = field_doc(f);
        if !doc.is_empty() {
            jsdoc(out, "  ", &doc);
        }
        let ty = Ty::parse(f.ty).map_or_else(|| "unknown".to_string(), |t| ts(&t));
        let _ = writeln!(out, "  {}: {ty}", shape::camel(f.name));
    }
    out.push_str("}\n");
}

/// A JSDoc comment of `text` at `indent`, its field names as Node names them.
fn jsdoc(out: &mut String, indent: &str, text: &str) {
    docs::jsdoc(out, indent, &camelized(text));
}

/// The TypeScript type of `ty`.
fn ts(ty: &Ty) -> String {
    match ty {
        Ty::Str | Ty::Personal => "string".into(),
        Ty::Bool => "boolean".into(),
        Ty::I64 => "Int64Text".into(),
        Ty::U32 => "number".into(),
        Ty::Bytes => "Buffer".into(),
        Ty::Named(name) => (*name).into(),
        Ty::List(inner) => match inner.as_ref() {
            Ty::Optional(_) => format!("Array<{}>", ts(inner)),
            _ => format!("{}[]", ts(inner)),
        },
        Ty::Optional(inner) => format!("{} | null", ts(inner)),
    }
}
