//! Message templates in English and Spanish (DESIGN.md section 3).
//!
//! A message names the field and the rule and is rendered from the issue's `params`;
//! it never contains the field's value (documents, e-mails and phones are personal
//! data). `{path}` is the field path, `{name}` any param; a `when` param adds the
//! condition that made the rule apply.

use crate::code::Code;

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

fn template(code: Code, locale: Locale) -> &'static str {
    use Code::*;
    let (en, es) = match code {
        MalformedJson => (
            "the body is not valid JSON: expected {expected} at byte {offset}",
            "el cuerpo no es JSON válido: se esperaba {expected} en el byte {offset}",
        ),
        InvalidUtf8 => (
            "the body is not valid UTF-8 (first bad byte at {offset})",
            "el cuerpo no es UTF-8 válido (primer byte inválido en {offset})",
        ),
        BodyTooLarge => (
            "the body has {size} bytes; at most {limit} are accepted",
            "el cuerpo tiene {size} bytes; se aceptan como máximo {limit}",
        ),
        NestingTooDeep => (
            "the body nests arrays or objects deeper than {limit} levels",
            "el cuerpo anida arreglos u objetos a más de {limit} niveles",
        ),
        InvalidType => (
            "{path} must be of type {expected}, not {found}",
            "{path} debe ser de tipo {expected}, no {found}",
        ),
        MissingField => ("{path} is required", "{path} es obligatorio"),
        EmptyField => ("{path} must not be empty", "{path} no debe estar vacío"),
        DuplicateField => (
            "{path} appears more than once in the same object",
            "{path} aparece más de una vez en el mismo objeto",
        ),
        InvalidLength => (
            "{path} must have between {min} and {max} characters",
            "{path} debe tener entre {min} y {max} caracteres",
        ),
        InvalidField => ("{path} must be one of: {allowed}", "{path} debe ser uno de: {allowed}"),
        InvalidFormat => (
            "{path} must have the format {format}",
            "{path} debe tener el formato {format}",
        ),
        InvalidEmail => (
            "{path} must be one well-formed e-mail address (local@domain.tld)",
            "{path} debe ser una dirección de correo válida (local@dominio.tld)",
        ),
        InvalidUrl => (
            "{path} must be an https URL of at most {max} characters",
            "{path} debe ser una URL https de como máximo {max} caracteres",
        ),
        InvalidAmount => (
            "{path} must be a positive amount with at most two decimals and at most {max_integer_digits} integer digits, written without exponent",
            "{path} debe ser un monto positivo con como máximo dos decimales y {max_integer_digits} dígitos enteros, sin exponente",
        ),
        OutOfRange => (
            "{path} must be a whole number between {minimum} and {maximum}",
            "{path} debe ser un número entero entre {minimum} y {maximum}",
        ),
        InvalidAccountName => (
            "{path} does not match the format for account type {account_type}: {pattern}",
            "{path} no cumple el formato del tipo de cuenta {account_type}: {pattern}",
        ),
        InvalidMetadataKey => (
            "{path} must be 1 to {max} characters among letters a-z A-Z, digits, '-' and '_'",
            "{path} debe tener de 1 a {max} caracteres entre letras a-z A-Z, dígitos, '-' y '_'",
        ),
        InvalidMetadataValue => (
            "{path} must be a text of at most {max} characters: letters, digits, spaces, - _ . : , / @ and currency symbols",
            "{path} debe ser un texto de como máximo {max} caracteres: letras, dígitos, espacios, - _ . : , / @ y símbolos de moneda",
        ),
        TooManyMetadataEntries => (
            "{path} has {count} entries; at most {max} are allowed",
            "{path} tiene {count} entradas; se permiten como máximo {max}",
        ),
        UnsupportedDocumentType => (
            "{path} is not accepted for {country}; accepted: {allowed}",
            "{path} no se acepta para {country}; se aceptan: {allowed}",
        ),
        InvalidDocumentNumber => (
            "{path} must match {format} for document type {document_type}",
            "{path} debe cumplir {format} para el tipo de documento {document_type}",
        ),
        InvalidCountry => (
            "{path} must be one of the served countries: {allowed}",
            "{path} debe ser uno de los países atendidos: {allowed}",
        ),
        InvalidCurrency => (
            "{path} must be an ISO 4217 code: three upper-case letters",
            "{path} debe ser un código ISO 4217: tres letras mayúsculas",
        ),
        InvalidPhoneCountry => (
            "{path} must be a calling code of 1 to 4 digits, without '+'",
            "{path} debe ser un código de país de 1 a 4 dígitos, sin '+'",
        ),
        InvalidPhoneNumber => ("{path} must be {digits} digits", "{path} debe tener {digits} dígitos"),
        UnsupportedAccountType => (
            "{path} is not accepted for {country}; accepted: {allowed}",
            "{path} no se acepta para {country}; se aceptan: {allowed}",
        ),
        FieldNotAllowed => (
            "{path} is only allowed when {allowed_when}",
            "{path} solo se permite cuando {allowed_when}",
        ),
        InvalidSignature => (
            "{path} does not match the SHA-512 of payinMerchantID, payinMerchantOperationNumber, payinAmount, payinCurrency and the key",
            "{path} no coincide con el SHA-512 de payinMerchantID, payinMerchantOperationNumber, payinAmount, payinCurrency y la clave",
        ),
        UnknownField => (
            "{path} is not a field of this request",
            "{path} no es un campo de esta solicitud",
        ),
        NumberForString => (
            "{path} is a JSON number where the spec says string; its JSON text is used as the value (send a string to keep leading zeros)",
            "{path} es un número JSON donde la especificación indica texto; se usa su texto JSON como valor (envíe un texto para conservar los ceros a la izquierda)",
        ),
        ExpirationBelowSuggested => (
            "{path} is below the suggested minimum of {minimum} minutes",
            "{path} está por debajo del mínimo sugerido de {minimum} minutos",
        ),
        AmountStep => (
            "{path}: cents should go in steps of {step}; some cashiers round up",
            "{path}: los centavos deberían ir en pasos de {step}; algunas cajas redondean hacia arriba",
        ),
        UnsupportedVoucherTheme => (
            "{path} is not of the form {format}; the standard voucher will be used",
            "{path} no tiene la forma {format}; se usará el voucher estándar",
        ),
        UnknownMethod => (
            "{path} is not among the methods named for {country}: {known}",
            "{path} no está entre los métodos indicados para {country}: {known}",
        ),
        UnknownDocumentType => (
            "{path} is not among the document types named for {country}: {known}",
            "{path} no está entre los tipos de documento indicados para {country}: {known}",
        ),
        UnsupportedCurrency => (
            "{path} belongs to no pay-in country of the spec ({known}); only generic rules were applied",
            "{path} no corresponde a ningún país de pay-in de la especificación ({known}); solo se aplicaron reglas genéricas",
        ),
        CountryMismatch => (
            "{path} does not match the country of the currency ({country})",
            "{path} no coincide con el país de la moneda ({country})",
        ),
        CurrencyMismatch => (
            "{path} is not the currency of {country} ({expected})",
            "{path} no es la moneda de {country} ({expected})",
        ),
        PhoneCountryMismatch => (
            "{path} is not the calling code of {country} ({expected})",
            "{path} no es el código telefónico de {country} ({expected})",
        ),
        AccountTypeUnconfirmed => (
            "{path}: the spec does not say which account type {country} uses",
            "{path}: la especificación no indica qué tipo de cuenta usa {country}",
        ),
        EmptyMetadata => (
            "{path} is empty; omit it when there is no metadata",
            "{path} está vacío; omítalo cuando no haya metadatos",
        ),
        DuplicateMetadataKey => (
            "{path} repeats a key used by an earlier entry",
            "{path} repite una clave de una entrada anterior",
        ),
        UnknownProcessorCode => (
            "{path} is not a processor code the provider names ({known})",
            "{path} no es un código de procesador que el proveedor indique ({known})",
        ),
        UnexpectedUrlPath => (
            "{path} does not use an online-payments path of the API ({expected})",
            "{path} no usa una ruta de pagos en línea de la API ({expected})",
        ),
        MissingSubscription => (
            "{path} is absent: with an on-file processor ({processors}) the charge type is then unknown",
            "{path} está ausente: con un procesador on-file ({processors}) el tipo de cobro queda desconocido",
        ),
        FieldIgnored => (
            "{path} has no effect unless {applies_when}",
            "{path} no tiene efecto salvo cuando {applies_when}",
        ),
        CheckDigit => (
            "{path} fails the check-digit rule of {document_type}; look for a typo",
            "{path} no cumple la regla del dígito verificador de {document_type}; revise si hay un error de tipeo",
        ),
        DocumentFormat => (
            "{path} does not have the form of a valid {document_type} ({problem})",
            "{path} no tiene la forma de un {document_type} válido ({problem})",
        ),
        DateFormat => (
            "{path} is not a date of the form YYYY-MM-DD as in the samples",
            "{path} no es una fecha de la forma AAAA-MM-DD como en los ejemplos",
        ),
        TooManyIssues => (
            "{count} more issues were found and are not listed (past a list's own limit, or past {max} issues in all)",
            "se encontraron {count} problemas más que no se listan (pasado el límite de una lista, o pasados {max} problemas en total)",
        ),
    };
    if locale == Locale::Es { es } else { en }
}

/// Optional params that add a clause to any message: (param, English, Spanish).
const CLAUSES: [(&str, &str, &str); 6] = [
    ("when", " (when {when})", " (cuando {when})"),
    (
        "case_of",
        "; it differs from {case_of} only in letter case, and values are case-sensitive",
        "; solo difiere de {case_of} en mayúsculas y minúsculas, que se distinguen",
    ),
    (
        "blank_allowed",
        "; send \"\" when there is no value",
        "; envíe \"\" cuando no haya valor",
    ),
    (
        "check_character",
        "; the check character {check_character} is not accepted",
        "; no se acepta el carácter verificador {check_character}",
    ),
    // DESIGN.md 9 row 33: an RFC or CURP starting with a word the authority never issues.
    (
        "never_issued",
        "; the authority never issues these first four letters (it replaces one with {never_issued}): check the number as issued",
        "; la autoridad nunca emite estas cuatro primeras letras (reemplaza una por {never_issued}): verifique el número tal como fue emitido",
    ),
    // DESIGN.md 9 row 33: a DNI written with RENIEC's check character.
    (
        "sent_form",
        "; the provider takes {sent_form}, without the check character",
        "; el proveedor recibe {sent_form}, sin el carácter verificador",
    ),
];

/// The one-line verdict on a report with `errors` errors and `warnings` warnings, in
/// `locale` (DESIGN.md section 3): `valid`, `valid (1 warning)`, `invalid: 2 errors,
/// 1 warning`; in Spanish `válido`, `válido (1 advertencia)`, `inválido: 2 errores,
/// 1 advertencia`.
pub(crate) fn summary(valid: bool, errors: usize, warnings: usize, locale: Locale) -> String {
    let es = locale == Locale::Es;
    let (valid_word, invalid_word) = if es {
        ("válido", "inválido")
    } else {
        ("valid", "invalid")
    };
    let (error, errors_word) = if es { ("error", "errores") } else { ("error", "errors") };
    let (warning, warnings_word) = if es {
        ("advertencia", "advertencias")
    } else {
        ("warning", "warnings")
    };
    let count = |n: usize, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let warnings_text = count(warnings, warning, warnings_word);
    match (valid, warnings) {
        (true, 0) => valid_word.to_string(),
        (true, _) => format!("{valid_word} ({warnings_text})"),
        (false, 0) => format!("{invalid_word}: {}", count(errors, error, errors_word)),
        (false, _) => format!("{invalid_word}: {}, {warnings_text}", count(errors, error, errors_word)),
    }
}

/// Renders the message of `code` at `path` with `params`, in `locale`.
pub(crate) fn render(code: Code, path: &str, params: &[(&'static str, String)], locale: Locale) -> String {
    let text = template(code, locale);
    let params_len: usize = params.iter().map(|(k, v)| k.len() + v.len()).sum();
    let mut out = String::with_capacity(text.len() + path.len() + params_len + 8);
    render_into(&mut out, code, path, params, locale);
    out
}

/// [`render`], appended to `out`.
pub(crate) fn render_into(out: &mut String, code: Code, path: &str, params: &[(&'static str, String)], locale: Locale) {
    let shown_path = if path.is_empty() {
        if locale == Locale::Es { "el cuerpo" } else { "the body" }
    } else {
        path
    };
    substitute(out, template(code, locale), shown_path, params);
    for (name, en, es) in CLAUSES {
        if params.iter().any(|(k, _)| *k == name) {
            substitute(out, if locale == Locale::Es { es } else { en }, shown_path, params);
        }
    }
}

fn substitute(out: &mut String, text: &str, path: &str, params: &[(&'static str, String)]) {
    // Templates are short: a byte loop, as `str::find`'s searcher set-up showed in profiles.
    let mut rest = text;
    while let Some(open) = rest.bytes().position(|b| b == b'{') {
        let (before, after) = rest.split_at(open);
        out.push_str(before);
        let Some(close) = after.bytes().position(|b| b == b'}') else {
            out.push_str(after);
            return;
        };
        let name = after.get(1..close).unwrap_or_default();
        if name == "path" {
            out.push_str(path);
        } else if let Some((_, v)) = params.iter().find(|(k, _)| *k == name) {
            out.push_str(v);
        } else {
            out.push('?');
        }
        rest = after.get(close + 1..).unwrap_or_default();
    }
    out.push_str(rest);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_params_and_condition() {
        let params = vec![("when", "owner.type=PERSON".to_string())];
        assert_eq!(
            render(Code::MissingField, "owner.firstName", &params, Locale::En),
            "owner.firstName is required (when owner.type=PERSON)"
        );
        assert_eq!(
            render(Code::MissingField, "owner.firstName", &params, Locale::Es),
            "owner.firstName es obligatorio (cuando owner.type=PERSON)"
        );
        assert_eq!(
            render(Code::EmptyField, "", &[], Locale::En),
            "the body must not be empty"
        );
    }

    #[test]
    fn summary_counts_in_each_locale() {
        assert_eq!(summary(true, 0, 0, Locale::En), "valid");
        assert_eq!(summary(true, 0, 1, Locale::En), "valid (1 warning)");
        assert_eq!(summary(false, 2, 1, Locale::En), "invalid: 2 errors, 1 warning");
        assert_eq!(summary(false, 4, 0, Locale::En), "invalid: 4 errors");
        assert_eq!(summary(true, 0, 0, Locale::Es), "válido");
        assert_eq!(summary(true, 0, 2, Locale::Es), "válido (2 advertencias)");
        assert_eq!(summary(false, 1, 1, Locale::Es), "inválido: 1 error, 1 advertencia");
        assert_eq!(summary(false, 4, 0, Locale::Es), "inválido: 4 errores");
    }

    #[test]
    fn dni_with_its_check_character_names_the_form_sent() {
        let params = vec![
            ("document_type", "DNI".to_string()),
            ("format", "[0-9]+".to_string()),
            ("sent_form", "[0-9] (8)".to_string()),
        ];
        assert_eq!(
            render(
                Code::InvalidDocumentNumber,
                "owner.document.number",
                &params,
                Locale::En
            ),
            "owner.document.number must match [0-9]+ for document type DNI; the provider takes [0-9] (8), \
             without the check character"
        );
        let params = vec![
            ("document_type", "DNI".to_string()),
            ("problem", "check_character".to_string()),
            ("sent_form", "[0-9] (8)".to_string()),
        ];
        assert_eq!(
            render(Code::DocumentFormat, "payinCustomerDocument", &params, Locale::Es),
            "payinCustomerDocument no tiene la forma de un DNI válido (check_character); el proveedor recibe \
             [0-9] (8), sin el carácter verificador"
        );
    }
}
