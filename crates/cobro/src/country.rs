//! The one per-country table (STYLE.md 4): every country fact the rules use, with the
//! spec section it comes from. Rules look countries up here; no rule tests a country
//! code of its own.

use std::borrow::Cow;
use std::sync::LazyLock;

use crate::date::CivilDate;
use crate::signing::UnixSeconds;

/// Everything the spec says about one country.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Country {
    /// ISO 3166-1 alpha-2 code (pay-in countries, spec 2.5).
    pub alpha2: &'static str,
    /// ISO 3166-1 alpha-3 code (virtual accounts, spec 2.1).
    pub alpha3: &'static str,
    /// English and Spanish names, as merchants write payinCustomerCountry ("Peru").
    pub names: &'static [&'static str],
    /// International calling code, without '+'.
    pub calling_code: &'static str,
    /// ISO 4217 currency (DESIGN.md 9 rows 11 and 16).
    pub currency: &'static str,
    /// The currency's symbol, as a voucher's `currencyISO` shows it (spec 2.8: "S/").
    pub currency_symbol: &'static str,
    /// Virtual-account facts, for the countries of spec 2.1.
    pub virtual_account: Option<VirtualAccountRules>,
    /// Pay-in facts, for the countries of spec 2.4-2.7.
    pub payin: Option<PayinRules>,
}

/// Spec 2.1: what a virtual account in this country accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VirtualAccountRules {
    /// owner.document.type values.
    pub document_types: &'static [&'static str],
    /// account.type values.
    pub account_types: &'static [&'static str],
    /// False where the spec says "not shown" (Chile): any type passes with a warning
    /// (DESIGN.md 9 row 3).
    pub account_type_known: bool,
    /// owner.document.type values whose number may hold upper-case letters besides
    /// digits: A-Z, Ñ and & (spec 2.1 "the MEX sample shows letters and digits for an
    /// RFC"; DESIGN.md 9 row 2). Every other type is ASCII digits only.
    pub letter_documents: &'static [&'static str],
    /// owner.document.type values whose last character is a check character that may be
    /// K (Chile RUN/RUT). Spec 2.1 says digits only, so a K is refused with a message
    /// that names it (DESIGN.md 9 row 2).
    pub check_character_documents: &'static [&'static str],
    /// Whether an account may be put in status INACTIVE (PROVIDER_FACTS.md "Status
    /// catalogues": INACTIVE is not available in Argentina); used by
    /// `virtual_account::lifecycle::virtual_account_transition`.
    pub inactive_allowed: bool,
}

/// A pay-in document type named for a country, with its digit count where the spec
/// gives one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PayinDocument {
    /// payinCustomerTypeDocument value.
    pub name: &'static str,
    /// Exact number of ASCII digits of payinCustomerDocument, where the spec gives it
    /// (spec 2.5 and 8: DO). The provider's own lengths are not used: some clash with
    /// the real formats (PROVIDER_FACTS.md: Peru's RUC is 11 digits), which the document
    /// checks judge instead.
    pub digits: Option<usize>,
}

/// Spec 2.4-2.7: what a pay-in in this country accepts and suggests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PayinRules {
    /// payinMethod values named by spec 2.5 or by the provider's per-country list
    /// (PROVIDER_FACTS.md; DESIGN.md 9 row 12); others pass with a warning.
    pub methods: &'static [&'static str],
    /// Document types named by spec 2.5 or by the provider's per-country list
    /// (PROVIDER_FACTS.md; DESIGN.md 9 row 12); others pass with a warning.
    pub documents: &'static [PayinDocument],
    /// Exact digits of payinCustomerPhone (spec 2.4 and 8: PE 9, CO 10).
    pub phone_digits: Option<usize>,
    /// Maximum characters of payinCustomerName/LastName (spec 2.4: PE, CO).
    pub name_max: Option<usize>,
    /// Whether payinDiscountCoupon must be non-empty (spec 2.4; DESIGN.md 9 row 7).
    pub coupon_required: bool,
    /// Methods that accept payinVoucherTheme (spec 2.7: Peru only).
    pub voucher_theme_methods: &'static [&'static str],
    /// Suggested minimum payinExpirationTime for online methods (spec 2.6).
    pub online_minutes: Option<u32>,
    /// Suggested minimum for the Cash method (spec 2.6).
    pub cash_minutes: Option<u32>,
    /// Suggested minimum for BankTransfer_Deeplink (spec 2.6).
    pub deeplink_minutes: Option<u32>,
    /// The minutes the service applies when payinExpirationTime is null, where the spec
    /// gives them (spec 2.6: the Dominican Republic, 120).
    pub default_expiration: Option<u32>,
    /// Cents should be a multiple of this (spec 2.6, Mexico: 50).
    pub cents_step: Option<u64>,
    /// payinCustomerRegion written by prepare when left blank (spec 2.4: Lima for PE;
    /// DESIGN.md 9 row 20).
    pub default_region: Option<&'static str>,
    /// The country's offset from UTC in minutes, for today's date there (the date
    /// prepare writes in payinDateTime, spec 2.4). None of the pay-in countries keeps
    /// daylight saving time (Mexico ended it in 2022), so one offset holds all year.
    pub utc_offset_minutes: i32,
}

const fn doc(name: &'static str, digits: Option<usize>) -> PayinDocument {
    PayinDocument { name, digits }
}

/// The table. Virtual-account countries: spec 2.1; pay-in countries: spec 2.4-2.7.
pub static COUNTRIES: &[Country] = &[
    Country {
        alpha2: "AR",
        alpha3: "ARG",
        names: &["Argentina"],
        calling_code: "54",
        currency: "ARS",
        currency_symbol: "$",
        virtual_account: Some(VirtualAccountRules {
            document_types: &["CUIT"],
            account_types: &["CVU"],
            account_type_known: true,
            letter_documents: &[],
            check_character_documents: &[],
            inactive_allowed: false,
        }),
        payin: None,
    },
    Country {
        alpha2: "MX",
        alpha3: "MEX",
        names: &["Mexico", "México"],
        calling_code: "52",
        currency: "MXN",
        currency_symbol: "$",
        virtual_account: Some(VirtualAccountRules {
            document_types: &["RFC"],
            account_types: &["CLABE"],
            account_type_known: true,
            letter_documents: &["RFC"],
            check_character_documents: &[],
            inactive_allowed: true,
        }),
        payin: Some(PayinRules {
            methods: &["TCTD", "TC", "TD", "BankTransfer", "Cash"],
            // Spec 2.5: CURP (sample); the provider: CURP, RFC.
            documents: &[doc("CURP", None), doc("RFC", None)],
            phone_digits: None,
            name_max: None,
            coupon_required: true,
            voucher_theme_methods: &[],
            online_minutes: Some(30),
            cash_minutes: Some(120),
            deeplink_minutes: None,
            default_expiration: None,
            cents_step: Some(50),
            default_region: None,
            utc_offset_minutes: -360,
        }),
    },
    Country {
        alpha2: "PE",
        alpha3: "PER",
        names: &["Peru", "Perú"],
        calling_code: "51",
        currency: "PEN",
        currency_symbol: "S/",
        virtual_account: Some(VirtualAccountRules {
            document_types: &["DNI", "RUC"],
            account_types: &["CCI"],
            account_type_known: true,
            letter_documents: &[],
            check_character_documents: &[],
            inactive_allowed: true,
        }),
        payin: Some(PayinRules {
            methods: &[
                "BankTransfer",
                "Cash",
                "Wallet",
                "QR",
                "BankTransfer_Deeplink",
                "TCTD",
                "TC",
                "TD",
                "BankTransfer_Businesses",
            ],
            // Spec 2.5: DNI; the provider: DNI, CE, RUC, PAS.
            documents: &[doc("DNI", None), doc("CE", None), doc("RUC", None), doc("PAS", None)],
            phone_digits: Some(9),
            name_max: Some(30),
            coupon_required: true,
            voucher_theme_methods: &["BankTransfer", "Cash", "Wallet"],
            online_minutes: Some(30),
            cash_minutes: Some(120),
            deeplink_minutes: Some(20),
            default_expiration: None,
            cents_step: None,
            default_region: Some("Lima"),
            utc_offset_minutes: -300,
        }),
    },
    Country {
        alpha2: "CL",
        alpha3: "CHL",
        names: &["Chile"],
        calling_code: "56",
        currency: "CLP",
        currency_symbol: "$",
        virtual_account: Some(VirtualAccountRules {
            document_types: &["RUN", "RUT", "PASS"],
            account_types: &["CVU", "CCI", "CLABE"],
            account_type_known: false,
            letter_documents: &[],
            check_character_documents: &["RUN", "RUT"],
            inactive_allowed: true,
        }),
        payin: None,
    },
    Country {
        alpha2: "CO",
        alpha3: "COL",
        names: &["Colombia"],
        calling_code: "57",
        currency: "COP",
        currency_symbol: "$",
        virtual_account: None,
        payin: Some(PayinRules {
            methods: &["TCTD", "TC", "TD", "BankTransfer", "Cash", "Wallet"],
            // Spec 2.5: DNI (sample); the provider: CC, NIT.
            documents: &[doc("DNI", None), doc("CC", None), doc("NIT", None)],
            phone_digits: Some(10),
            name_max: Some(30),
            coupon_required: true,
            voucher_theme_methods: &[],
            online_minutes: Some(30),
            cash_minutes: Some(120),
            deeplink_minutes: None,
            default_expiration: None,
            cents_step: None,
            default_region: None,
            utc_offset_minutes: -300,
        }),
    },
    Country {
        alpha2: "DO",
        alpha3: "DOM",
        names: &["Dominican Republic", "República Dominicana", "Republica Dominicana"],
        calling_code: "1",
        currency: "DOP",
        currency_symbol: "RD$",
        virtual_account: None,
        payin: Some(PayinRules {
            methods: &["BankTransfer", "bankTransfer"],
            documents: &[doc("CIE", Some(11)), doc("RNC", Some(9)), doc("PP", Some(9))],
            phone_digits: None,
            name_max: None,
            coupon_required: false,
            voucher_theme_methods: &[],
            online_minutes: None,
            cash_minutes: None,
            deeplink_minutes: None,
            default_expiration: Some(120),
            cents_step: None,
            default_region: None,
            utc_offset_minutes: -240,
        }),
    },
    Country {
        alpha2: "BR",
        alpha3: "BRA",
        names: &["Brazil", "Brasil"],
        calling_code: "55",
        currency: "BRL",
        currency_symbol: "R$",
        virtual_account: None,
        payin: Some(PayinRules {
            methods: &["BankTransfer", "bankTransfer"],
            // Spec 2.5: CPF (sample); the provider: CPF, CNPJ.
            documents: &[doc("CPF", None), doc("CNPJ", None)],
            phone_digits: None,
            name_max: None,
            coupon_required: false,
            voucher_theme_methods: &[],
            online_minutes: Some(30),
            cash_minutes: None,
            deeplink_minutes: None,
            default_expiration: None,
            cents_step: None,
            default_region: None,
            utc_offset_minutes: -180,
        }),
    },
];

/// The virtual-account country with this ISO alpha-3 code (case-sensitive).
pub fn virtual_account_country(alpha3: &str) -> Option<(&'static Country, &'static VirtualAccountRules)> {
    COUNTRIES
        .iter()
        .find(|c| c.alpha3 == alpha3)
        .and_then(|c| c.virtual_account.as_ref().map(|r| (c, r)))
}

/// The virtual-account rules of the country that names `document_type` among its
/// owner.document.type values (spec 2.1; each type belongs to one country), with the
/// table's own copy of the name and the country.
pub fn virtual_account_document(
    document_type: &str,
) -> Option<(&'static str, &'static Country, &'static VirtualAccountRules)> {
    COUNTRIES.iter().find_map(|c| {
        let r = c.virtual_account.as_ref()?;
        r.document_types
            .iter()
            .find(|d| **d == document_type)
            .map(|d| (*d, c, r))
    })
}

/// The pay-in country whose currency is `currency` (DESIGN.md 9 row 11).
pub fn payin_country(currency: &str) -> Option<(&'static Country, &'static PayinRules)> {
    COUNTRIES
        .iter()
        .find(|c| c.currency == currency)
        .and_then(|c| c.payin.as_ref().map(|r| (c, r)))
}

/// Today's date in the pay-in country whose currency is `currency`, at `now`: the date
/// prepare writes in payinDateTime (spec 2.4 "the current date may be sent"). For a
/// currency of no pay-in country it is [`earliest_payin_date`], the date that is not
/// yet tomorrow anywhere the service takes pay-ins.
pub fn payin_today(currency: Option<&str>, now: UnixSeconds) -> CivilDate {
    match currency.and_then(payin_country) {
        Some((_, rules)) => CivilDate::from_unix_seconds_at(now.get(), rules.utc_offset_minutes),
        None => earliest_payin_date(now),
    }
}

/// The earliest of today's dates in the pay-in countries at `now` (the date at the
/// table's westernmost offset). The pay-in status query judges its start date against
/// this date (PROVIDER_FACTS.md "Beyond the spec": the start must be before the current
/// day, in a time zone the provider does not name): a start date before it is before
/// the current day in every pay-in country, so the service cannot refuse it as today.
pub fn earliest_payin_date(now: UnixSeconds) -> CivilDate {
    let west = COUNTRIES
        .iter()
        .filter_map(|c| c.payin.map(|r| r.utc_offset_minutes))
        .min()
        .unwrap_or(0);
    CivilDate::from_unix_seconds_at(now.get(), west)
}

/// The virtual-account country codes, comma separated, for messages.
pub fn virtual_account_codes() -> String {
    crate::rules::join(
        COUNTRIES
            .iter()
            .filter(|c| c.virtual_account.is_some())
            .map(|c| c.alpha3),
        ", ",
    )
}

/// The pay-in currencies, comma separated, for messages.
pub fn payin_currencies() -> String {
    crate::rules::join(COUNTRIES.iter().filter(|c| c.payin.is_some()).map(|c| c.currency), ", ")
}

/// [`virtual_account_codes`], joined once: the `allowed` param of issues.
pub(crate) fn virtual_account_code_list() -> &'static str {
    static LIST: LazyLock<String> = LazyLock::new(virtual_account_codes);
    LIST.as_str()
}

/// [`payin_currencies`], joined once: the `known` param of issues.
pub(crate) fn payin_currency_list() -> &'static str {
    static LIST: LazyLock<String> = LazyLock::new(payin_currencies);
    LIST.as_str()
}

/// The lists of one country's rules joined with `, ` for the params of issues, built
/// once for the whole table ([`lists`]) rather than for each issue.
#[derive(Debug, Default)]
pub(crate) struct Lists {
    /// [`VirtualAccountRules::document_types`].
    pub(crate) va_document_types: String,
    /// [`VirtualAccountRules::account_types`].
    pub(crate) va_account_types: String,
    /// [`PayinRules::methods`].
    pub(crate) payin_methods: String,
    /// The names of [`PayinRules::documents`].
    pub(crate) payin_documents: String,
}

/// One of the [`Lists`] of `country`, picked by `pick`: borrowed from the lists built
/// once for [`COUNTRIES`], or built for a country of no table.
pub(crate) fn list_of(country: &Country, pick: fn(&Lists) -> &String) -> Cow<'static, str> {
    static LISTS: LazyLock<Vec<Lists>> = LazyLock::new(|| COUNTRIES.iter().map(lists_of).collect());
    match COUNTRIES
        .iter()
        .position(|c| std::ptr::eq(c, country))
        .and_then(|at| LISTS.get(at))
    {
        Some(lists) => Cow::Borrowed(pick(lists).as_str()),
        None => Cow::Owned(pick(&lists_of(country)).clone()),
    }
}

fn lists_of(country: &Country) -> Lists {
    let list = |values: &[&str]| crate::rules::list(values);
    let va = country.virtual_account;
    let payin = country.payin;
    Lists {
        va_document_types: va.map(|r| list(r.document_types)).unwrap_or_default(),
        va_account_types: va.map(|r| list(r.account_types)).unwrap_or_default(),
        payin_methods: payin.map(|r| list(r.methods)).unwrap_or_default(),
        payin_documents: payin
            .map(|r| crate::rules::join(r.documents.iter().map(|d| d.name), ", "))
            .unwrap_or_default(),
    }
}

impl Country {
    /// Whether a free-text country value names this country: its alpha-2 or alpha-3
    /// code or one of its names, ignoring case.
    pub fn is_named_by(&self, value: &str) -> bool {
        let v = value.trim();
        v.eq_ignore_ascii_case(self.alpha2)
            || v.eq_ignore_ascii_case(self.alpha3)
            || self.names.iter().any(|n| {
                // Compared char by char so that a match allocates nothing (validation
                // runs this on every valid pay-in).
                n.chars()
                    .flat_map(char::to_lowercase)
                    .eq(v.chars().flat_map(char::to_lowercase))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups() {
        assert_eq!(payin_country("PEN").unwrap().0.alpha2, "PE");
        assert!(payin_country("ARS").is_none());
        assert_eq!(
            virtual_account_country("CHL").unwrap().1.document_types,
            &["RUN", "RUT", "PASS"]
        );
        assert!(virtual_account_country("COL").is_none());
        assert_eq!(virtual_account_codes(), "ARG, MEX, PER, CHL");
        assert_eq!(payin_currencies(), "MXN, PEN, COP, DOP, BRL");
        assert!(COUNTRIES[2].is_named_by("perú"));
    }

    #[test]
    fn today_is_the_pay_in_countrys_date() {
        // 2026-11-22 19:30 in Lima is 2026-11-23 00:30 UTC.
        let evening = UnixSeconds::new(1_795_393_800).unwrap();
        assert_eq!(CivilDate::from_unix_seconds(evening.get()).to_string(), "2026-11-23");
        assert_eq!(payin_today(Some("PEN"), evening).to_string(), "2026-11-22");
        assert_eq!(payin_today(Some("MXN"), evening).to_string(), "2026-11-22");
        assert_eq!(payin_today(Some("DOP"), evening).to_string(), "2026-11-22");
        // 03:30 UTC is 00:30 in Brasília, 23:30 the day before in Santo Domingo.
        let night = UnixSeconds::new(1_795_393_800 + 3 * 3600).unwrap();
        assert_eq!(payin_today(Some("BRL"), night).to_string(), "2026-11-23");
        assert_eq!(payin_today(Some("DOP"), night).to_string(), "2026-11-22");
        assert_eq!(payin_today(Some("XXX"), night).to_string(), "2026-11-22");
        assert_eq!(earliest_payin_date(night).to_string(), "2026-11-22");
    }

    #[test]
    fn codes_are_unique() {
        for (i, a) in COUNTRIES.iter().enumerate() {
            for b in COUNTRIES.iter().skip(i + 1) {
                assert_ne!(a.alpha3, b.alpha3);
                assert_ne!(a.currency, b.currency);
            }
        }
    }
}
