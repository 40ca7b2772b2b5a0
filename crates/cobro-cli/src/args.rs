//! Arguments shared by several commands: the report options and the parsers of the
//! kind and locale names (the core's lists).

use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use cobro::{Kind, Locale};

/// Options shared by every command that prints a report.
#[derive(Args, Debug, Clone, Copy)]
pub struct ReportArgs {
    /// Print the report as JSON instead of lines of text.
    #[arg(long)]
    pub json: bool,
    /// Turn warnings into errors.
    #[arg(long)]
    pub strict: bool,
    /// Language of the messages.
    #[arg(long, value_name = "LOCALE", default_value = "en", value_parser = locale_parser())]
    pub locale: Locale,
}

/// The value parser of a KIND argument: the names of [`Kind::ALL`].
pub fn kind_parser() -> impl TypedValueParser<Value = Kind> {
    PossibleValuesParser::new(Kind::ALL.map(Kind::as_str)).try_map(|name| Kind::from_name(&name).ok_or("unknown kind"))
}

pub fn locale_parser() -> impl TypedValueParser<Value = Locale> {
    PossibleValuesParser::new(Locale::ALL.map(Locale::tag))
        .try_map(|tag| Locale::from_tag(&tag).ok_or("unknown locale"))
}
