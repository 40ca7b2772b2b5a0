//! The catalogue as data: the JSON text every binding and `cobro codes --json` list.

use super::{Code, OPTIONAL_PARAMS};
use crate::host_text::HostText;
use crate::json::write_string;
use crate::locale::Locale;

/// The whole catalogue as JSON text, the data every binding and `cobro codes --json`
/// list: `{"codes": [{"code", "severity" (error, warning or null), "classes",
/// "meaning", "params", "templates": {"en", "es", "pt"}}...], "optional_params":
/// [{"name", "templates"}...], "host_texts": {name: template...}}`, codes in catalogue
/// order, templates in the order of [`Locale::ALL`]; the host texts are those of
/// [`crate::host::HostText`], in English.
pub fn catalogue_json() -> String {
    let mut out = String::with_capacity(Code::ALL.len() * 400);
    out.push_str("{\"codes\":[");
    for (i, code) in Code::ALL.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"code\":");
        write_string(&mut out, code.as_str());
        out.push_str(",\"severity\":");
        match code.severity() {
            Some(s) => write_string(&mut out, s.as_str()),
            None => out.push_str("null"),
        }
        out.push_str(",\"classes\":");
        write_list(&mut out, code.classes().iter().map(|c| c.as_str()));
        out.push_str(",\"meaning\":");
        write_string(&mut out, &code.meaning());
        out.push_str(",\"params\":");
        write_list(&mut out, code.params().into_iter());
        out.push_str(",\"templates\":");
        write_templates(&mut out, |l| code.template(l));
        out.push('}');
    }
    out.push_str("],\"optional_params\":[");
    for (i, param) in OPTIONAL_PARAMS.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"name\":");
        write_string(&mut out, param.name);
        out.push_str(",\"templates\":");
        write_templates(&mut out, |l| param.template(l));
        out.push('}');
    }
    out.push_str("],\"host_texts\":{");
    for (i, text) in HostText::ALL.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_string(&mut out, text.name());
        out.push(':');
        write_string(&mut out, text.template());
    }
    out.push_str("}}");
    out
}

fn write_list<'a>(out: &mut String, items: impl Iterator<Item = &'a str>) {
    out.push('[');
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_string(out, item);
    }
    out.push(']');
}

fn write_templates(out: &mut String, template: impl Fn(Locale) -> &'static str) {
    out.push('{');
    for (i, locale) in Locale::ALL.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_string(out, locale.tag());
        out.push(':');
        write_string(out, template(locale));
    }
    out.push('}');
}
