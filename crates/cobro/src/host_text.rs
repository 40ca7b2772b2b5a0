//! The texts of the errors a binding raises in its host language's own class (a
//! `TypeError`): an argument of the wrong type, a value of a host body that JSON cannot
//! hold. Programmers' errors, in English like the host language's own; worded here once
//! for every binding, and listed in the catalogue ([`crate::catalogue_json`]'s
//! `host_texts`), where the Node package's JavaScript reads them. The host supplies only
//! its own vocabulary (type names such as `a string` or `dict`, the argument's name);
//! no text carries a value of the caller's.

use crate::template::{Piece, pieces};

/// One text, by the name the catalogue gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostText {
    /// An argument of a type the function does not take.
    ArgumentType,
    /// The same, naming the type given.
    ArgumentTypeFound,
    /// A required key of an options object is missing.
    ArgumentRequired,
    /// An argument whose type is wrong in a way the host does not say.
    ArgumentWrongType,
    /// Reading an argument ran the caller's code (a getter, a proxy) and it threw.
    ArgumentUnreadable,
    /// An amount given as a binary floating-point number.
    AmountFloat,
    /// An argument given by a former name: the clock, `now` in every function.
    ArgumentRenamed,
    /// A secret asked to be copied out (pickled, serialized).
    SecretNotCopied,
    /// The whole body, as the subject of a body text.
    TheBody,
    /// A value inside the body, as the subject of a body text.
    BodyValueAt,
    /// An object (a `dict`) inside the body, as the subject of a body text.
    BodyObjectAt,
    /// A value of the body with no JSON form.
    BodyValueNotJson,
    /// A number of the body whose text is not a JSON number.
    BodyValueNotNumber,
    /// A key of an object of the body that is not text.
    BodyKeyNotText,
    /// An object of the body that changed while it was read.
    BodyChanged,
}

impl HostText {
    /// Every text, in the catalogue's order.
    pub const ALL: [HostText; 15] = [
        HostText::ArgumentType,
        HostText::ArgumentTypeFound,
        HostText::ArgumentRequired,
        HostText::ArgumentWrongType,
        HostText::ArgumentUnreadable,
        HostText::AmountFloat,
        HostText::ArgumentRenamed,
        HostText::SecretNotCopied,
        HostText::TheBody,
        HostText::BodyValueAt,
        HostText::BodyObjectAt,
        HostText::BodyValueNotJson,
        HostText::BodyValueNotNumber,
        HostText::BodyKeyNotText,
        HostText::BodyChanged,
    ];

    /// The name the catalogue lists it under.
    pub const fn name(self) -> &'static str {
        match self {
            HostText::ArgumentType => "argument_type",
            HostText::ArgumentTypeFound => "argument_type_found",
            HostText::ArgumentRequired => "argument_required",
            HostText::ArgumentWrongType => "argument_wrong_type",
            HostText::ArgumentUnreadable => "argument_unreadable",
            HostText::AmountFloat => "amount_float",
            HostText::ArgumentRenamed => "argument_renamed",
            HostText::SecretNotCopied => "secret_not_copied",
            HostText::TheBody => "the_body",
            HostText::BodyValueAt => "body_value_at",
            HostText::BodyObjectAt => "body_object_at",
            HostText::BodyValueNotJson => "body_value_not_json",
            HostText::BodyValueNotNumber => "body_value_not_number",
            HostText::BodyKeyNotText => "body_key_not_text",
            HostText::BodyChanged => "body_changed",
        }
    }

    /// The template: `{param}` stands for a param given to [`HostText::render`].
    pub const fn template(self) -> &'static str {
        match self {
            HostText::ArgumentType => "{name} must be {expected}",
            HostText::ArgumentTypeFound => "{name} must be {expected}, not {found}",
            HostText::ArgumentRequired => "{name} is required",
            HostText::ArgumentWrongType => "{name} has the wrong type",
            HostText::ArgumentUnreadable => "an argument could not be read: reading it threw (see cause)",
            HostText::AmountFloat => {
                "{name} must not be a float: a float cannot hold most decimal amounts exactly \
                 (0.1 + 0.2 != 0.3); pass {instead}"
            }
            HostText::ArgumentRenamed => {
                "{old} was renamed {new}: the clock, in Unix seconds, has that name in every function"
            }
            HostText::SecretNotCopied => "a {secret} cannot be {copied}",
            HostText::TheBody => "the body",
            HostText::BodyValueAt => "the body's value at {at}",
            HostText::BodyObjectAt => "the body's {object} at {at}",
            HostText::BodyValueNotJson => "{value} must be JSON data ({accepted}), not {found}",
            HostText::BodyValueNotNumber => {
                "{value} must be a JSON number, not a {found} whose text is not a JSON number"
            }
            HostText::BodyKeyNotText => "a key of {object} must be {text}, not {found}",
            HostText::BodyChanged => "{object} changed while it was being read ({how})",
        }
    }

    /// The template with each `{param}` replaced by its value in `params` (a param not
    /// given stays as written; a value is inserted as is, never read as a template).
    pub fn render(self, params: &[(&str, &str)]) -> String {
        let mut out = String::with_capacity(self.template().len() + 32);
        for piece in pieces(self.template()) {
            match piece {
                Piece::Text(text) => out.push_str(text),
                Piece::Path => out.push_str("{path}"),
                Piece::Param(name) => match params.iter().find(|(n, _)| *n == name) {
                    Some((_, value)) => out.push_str(value),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                },
            }
        }
        out
    }

    /// The subject of a body text for the value at `at` (a rendered path; empty for the
    /// body itself): "the body", or "the body's value at `at`".
    pub fn body_value(at: &str) -> String {
        if at.is_empty() {
            HostText::TheBody.render(&[])
        } else {
            HostText::BodyValueAt.render(&[("at", at)])
        }
    }

    /// The subject of a body text for the object at `at`, named by the host (`dict`):
    /// "the body", or "the body's `object` at `at`".
    pub fn body_object(at: &str, object: &str) -> String {
        if at.is_empty() {
            HostText::TheBody.render(&[])
        } else {
            HostText::BodyObjectAt.render(&[("object", object), ("at", at)])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_the_params_given_and_nothing_else() {
        let text = HostText::ArgumentTypeFound.render(&[("name", "body"), ("expected", "a str"), ("found", "{name}")]);
        assert_eq!(text, "body must be a str, not {name}");
        assert_eq!(HostText::ArgumentRequired.render(&[]), "{name} is required");
        assert_eq!(HostText::body_value(""), "the body");
        assert_eq!(HostText::body_object("a[0]", "dict"), "the body's dict at a[0]");
    }

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = HostText::ALL.map(HostText::name).to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), HostText::ALL.len());
    }
}
