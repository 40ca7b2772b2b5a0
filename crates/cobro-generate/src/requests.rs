//! The typed requests (`cobro::schema::requests`) and the codes of a report issue
//! (`cobro::shape::issue_codes`): `bindings/python/python/cobro/_requests.py` (one
//! `TypedDict` per object, a `Literal` or `Dict` alias per alias) and
//! `bindings/node/requests.d.ts` (one interface or type alias each).

use std::fmt::Write;

use cobro::shape::{self, RequestBody, RequestTy, RequestType};

use crate::GENERATED;
use crate::docs::{docstring, jsdoc};

/// `_requests.py`.
pub fn python() -> String {
    let mut out = format!("# {GENERATED}\n");
    out.push_str(
        "\"\"\"The request bodies cobro validates and prepares, as ``TypedDict`` types (the core's\n\
         description of the requests, read from its JSON Schemas), and the codes a report issue\n\
         carries. Re-exported by :mod:`cobro.request_types`; the six request forms also by :mod:`cobro`.\n\n\
         Each type has its required keys in a base class and the keys that may be left out in a\n\
         ``total=False`` subclass, a form every Python from 3.9 reads. Amounts take a\n\
         ``decimal.Decimal`` (written as a JSON number) or their text (``\"29.90\"``); free-text\n\
         fields take text only, the form that draws no warning.\n\"\"\"\n\n\
         from __future__ import annotations\n\n\
         from decimal import Decimal\n\
         from typing import Dict, List, Literal, Optional, TypedDict, Union\n",
    );
    let codes: Vec<String> = shape::issue_codes().map(|c| format!("    {c:?},\n")).collect();
    let _ = write!(out, "\n{} = Literal[\n{}]\n", shape::ISSUE_CODE, codes.concat());
    docstring(
        &mut out,
        "",
        "The code of a report issue (DESIGN.md section 3): the report codes of the catalogue, `codes()`.",
    );
    // Aliases first: a TypedDict's base class is evaluated when the class is made, and
    // an alias used in it must exist by then only as text (the annotations are strings),
    // but the aliases read best before the objects that use them.
    let all = cobro::schema::requests();
    for t in all.iter().filter(|t| matches!(t.body, RequestBody::Alias(_))) {
        if let RequestBody::Alias(ty) = &t.body {
            let _ = write!(out, "\n{} = {}\n", t.name, python_ty(ty, false));
            docstring(&mut out, "", &t.doc);
        }
    }
    for t in &all {
        if let RequestBody::Object(fields) = &t.body {
            typed_dict(&mut out, t, fields);
        }
    }
    out.push_str("\n\n__all__ = [\n");
    let _ = writeln!(out, "    {:?},", shape::ISSUE_CODE);
    for t in &all {
        let _ = writeln!(out, "    {:?},", t.name);
    }
    out.push_str("]\n");
    out
}

fn typed_dict(out: &mut String, t: &RequestType, fields: &[shape::RequestField]) {
    let base = format!("_{}Keys", t.name);
    let _ = write!(out, "\n\nclass {base}(TypedDict):\n");
    docstring(out, "    ", &format!("The keys `{}` requires.", t.name));
    for f in fields.iter().filter(|f| f.required) {
        let _ = writeln!(out, "    {}: {}", f.key, python_ty(&f.ty, false));
    }
    let _ = write!(out, "\n\nclass {}({base}, total=False):\n", t.name);
    docstring(out, "    ", &t.doc);
    for f in fields.iter().filter(|f| !f.required) {
        let _ = writeln!(out, "    {}: {}", f.key, python_ty(&f.ty, false));
    }
}

/// The Python annotation of `ty` (`inner` inside a `Union`, whose members are listed
/// flat).
fn python_ty(ty: &RequestTy, inner: bool) -> String {
    let members = match ty {
        RequestTy::Text => return "str".into(),
        RequestTy::Integer => return "int".into(),
        RequestTy::Amount => vec!["Decimal".to_string(), "int".to_string()],
        RequestTy::AmountText => vec!["Decimal".to_string(), "str".to_string()],
        RequestTy::Literal(values) => {
            let values: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
            return format!("Literal[{}]", values.join(", "));
        }
        RequestTy::Named(name) => return name.clone(),
        RequestTy::Union(tys) => tys.iter().map(|t| python_ty(t, true)).collect(),
        RequestTy::Nullable(inner) => return format!("Optional[{}]", python_ty(inner, false)),
        RequestTy::List(inner) => return format!("List[{}]", python_ty(inner, false)),
        RequestTy::Map(inner) => return format!("Dict[str, {}]", python_ty(inner, false)),
    };
    if inner {
        members.join(", ")
    } else {
        format!("Union[{}]", members.join(", "))
    }
}

/// `requests.d.ts`.
pub fn typescript() -> String {
    let mut out = format!("// {GENERATED}\n");
    out.push_str(
        "// The request bodies cobro validates and prepares (the core's description of the\n\
         // requests, read from its JSON Schemas), and the codes a report issue carries.\n\
         // cobro.d.ts exports them; validate and the prepare functions take them (a plain\n\
         // object still works). Amounts take their text (\"29.90\") or a number; free-text\n\
         // fields take text only, the form that draws no warning.\n",
    );
    out.push('\n');
    jsdoc(
        &mut out,
        "",
        "The code of a report issue (DESIGN.md section 3): the report codes of the catalogue, `codes()`.",
    );
    let _ = writeln!(out, "export type {} =", shape::ISSUE_CODE);
    for c in shape::issue_codes() {
        let _ = writeln!(out, "  | '{c}'");
    }
    for t in cobro::schema::requests() {
        out.push('\n');
        jsdoc(&mut out, "", &t.doc);
        match &t.body {
            RequestBody::Alias(ty) => {
                let _ = writeln!(out, "export type {} = {}", t.name, ts(ty));
            }
            RequestBody::Object(fields) => {
                let _ = writeln!(out, "export interface {} {{", t.name);
                for f in fields {
                    let optional = if f.required { "" } else { "?" };
                    let _ = writeln!(out, "  {}{optional}: {}", f.key, ts(&f.ty));
                }
                out.push_str("}\n");
            }
        }
    }
    out
}

/// The TypeScript type of `ty`.
fn ts(ty: &RequestTy) -> String {
    match ty {
        RequestTy::Text => "string".into(),
        RequestTy::Integer | RequestTy::Amount => "number".into(),
        RequestTy::AmountText => "string | number".into(),
        RequestTy::Literal(values) => {
            let values: Vec<String> = values.iter().map(|v| format!("'{v}'")).collect();
            values.join(" | ")
        }
        RequestTy::Named(name) => name.clone(),
        RequestTy::Union(tys) => tys.iter().map(ts).collect::<Vec<_>>().join(" | "),
        RequestTy::Nullable(inner) => format!("{} | null", ts(inner)),
        RequestTy::List(inner) => match inner.as_ref() {
            RequestTy::Named(_) | RequestTy::Text | RequestTy::Integer => format!("{}[]", ts(inner)),
            _ => format!("Array<{}>", ts(inner)),
        },
        RequestTy::Map(inner) => format!("Record<string, {}>", ts(inner)),
    }
}
