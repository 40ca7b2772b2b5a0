//! The message templates' one grammar: literal text with `{name}` for a param and
//! `{path}` for the field, shared by the catalogue's messages and the host texts.

/// A part of a template: literal text, the path, or a param.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Piece {
    /// Literal text.
    Text(&'static str),
    /// `{path}`: the field the message is about.
    Path,
    /// `{name}`: a param.
    Param(&'static str),
}

/// `text` cut into its pieces; an unclosed `{` ends the template there.
pub(crate) fn pieces(text: &'static str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let (before, after) = rest.split_at(open);
        let Some(close) = after.find('}') else {
            break;
        };
        if !before.is_empty() {
            out.push(Piece::Text(before));
        }
        let name = after.get(1..close).unwrap_or_default();
        out.push(if name == "path" {
            Piece::Path
        } else {
            Piece::Param(name)
        });
        rest = after.get(close + 1..).unwrap_or_default();
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest));
    }
    out
}
