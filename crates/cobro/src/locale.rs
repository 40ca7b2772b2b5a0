//! The languages of messages (DESIGN.md section 3).

/// The language of report messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Locale {
    /// English (the default).
    #[default]
    En,
    /// Spanish: the end users of these merchants read Spanish.
    Es,
}

impl Locale {
    /// Every locale, the default first: the one list the CLI and bindings offer.
    pub const ALL: [Locale; 2] = [Locale::En, Locale::Es];

    /// The locale named `en` or `es` (its [`Locale::tag`]).
    pub fn from_tag(tag: &str) -> Option<Locale> {
        Locale::ALL.into_iter().find(|l| l.tag() == tag)
    }

    /// `en` or `es`.
    pub fn tag(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Es => "es",
        }
    }
}
