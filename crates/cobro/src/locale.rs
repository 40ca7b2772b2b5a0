//! The languages of messages (DESIGN.md section 3).

/// The language of report messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Locale {
    /// English (the default).
    #[default]
    En,
    /// Spanish: the end users of these merchants read Spanish.
    Es,
    /// Portuguese as written in Brazil, where the BR pay-ins are collected.
    Pt,
}

/// The locales' list, tags and joined tags from one list of `Variant = "tag"`, so the
/// text an unknown tag's error lists cannot drift from [`Locale::ALL`] and stays a
/// `'static` constant; a variant missing from the list fails to compile in `tag`.
macro_rules! locales {
    ($first:ident = $first_tag:literal $(, $rest:ident = $rest_tag:literal)* $(,)?) => {
        impl Locale {
            /// Every locale, the default first: the one list the CLI and bindings offer.
            pub const ALL: [Locale; [$first_tag $(, $rest_tag)*].len()] = [Locale::$first $(, Locale::$rest)*];

            /// The tags of [`Locale::ALL`] joined with `", "`: the choices an unknown
            /// tag's error lists.
            pub const TAGS: &'static str = concat!($first_tag $(, ", ", $rest_tag)*);

            /// The locale's tag, as callers name it (`en`, `es`, `pt`).
            pub const fn tag(self) -> &'static str {
                match self {
                    Locale::$first => $first_tag,
                    $(Locale::$rest => $rest_tag,)*
                }
            }
        }
    };
}

locales! { En = "en", Es = "es", Pt = "pt" }

impl Locale {
    /// The locale named `tag` (its [`Locale::tag`]: `en`, `es` or `pt`).
    pub fn from_tag(tag: &str) -> Option<Locale> {
        Locale::ALL.into_iter().find(|l| l.tag() == tag)
    }

    /// The locale an HTTP `Accept-Language` value asks for: its first language's primary
    /// tag (`es` of `es-PE,es;q=0.9`, any case), or the default when that is not a
    /// locale of [`Locale::ALL`]. What the provider's stand-in answers in.
    pub fn from_accept_language(value: &str) -> Locale {
        value
            .trim_start()
            .split(|c: char| !c.is_ascii_alphabetic())
            .next()
            .and_then(|primary| Locale::from_tag(&primary.to_ascii_lowercase()))
            .unwrap_or_default()
    }

    /// The locale's position in [`Locale::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_list_gives_the_positions_tags_and_joined_tags() {
        assert_eq!(Locale::TAGS, "en, es, pt");
        assert_eq!(Locale::TAGS, Locale::ALL.map(Locale::tag).join(", "));
        assert_eq!(Locale::ALL.first(), Some(&Locale::default()));
        for (at, locale) in Locale::ALL.into_iter().enumerate() {
            assert_eq!(locale.index(), at);
            assert_eq!(Locale::from_tag(locale.tag()), Some(locale));
        }
        assert_eq!(Locale::from_tag("pt-BR"), None);
    }

    #[test]
    fn accept_language_names_the_first_languages_primary_tag() {
        assert_eq!(Locale::from_accept_language("es-PE,es;q=0.9,en;q=0.8"), Locale::Es);
        assert_eq!(Locale::from_accept_language(" PT-br"), Locale::Pt);
        assert_eq!(Locale::from_accept_language("fr, es"), Locale::En);
        assert_eq!(Locale::from_accept_language(""), Locale::En);
    }
}
