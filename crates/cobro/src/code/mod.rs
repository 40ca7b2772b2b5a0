//! The catalogue of codes (DESIGN.md section 3): every code any language can produce,
//! report issues and errors alike, one enum with its classes, meaning and message
//! templates beside each code, exported as data ([`catalogue_json`]).
//!
//! Where the provider has a code of its own (PROVIDER_FACTS.md, virtual-account body
//! and authentication errors) the same name is used; the rest are ours. Codes are
//! stable: a code is never renamed or reused for another meaning, and a retired code's
//! name is never given to another rule. Retired, because they fired on correct bodies
//! (DESIGN.md 9 rows 9 and 22): `WARN_NUMERIC_STRING`, `WARN_LANGUAGE_CASE`.
//!
//! A template names the field as `{path}` (an argument, a header or `""` for the whole
//! body, shown as "the body") and each of the code's params as `{name}`; the optional
//! params ([`OPTIONAL_PARAMS`]) add a clause to any code's message.

use crate::locale::Locale;

mod export;
mod optional;

pub use export::catalogue_json;
pub use optional::{OPTIONAL_PARAMS, OptionalParam};

/// Whether an issue makes the request invalid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    /// A rule the spec states: the service would refuse the request.
    Error,
    /// A hint, a suggestion, or a value the spec does not name.
    Warning,
}

impl Severity {
    /// `error` or `warning`, as in the report JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// Where a code is raised: in a validation report, or as the error class of the same
/// name in every binding (DESIGN.md section 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CodeClass {
    /// An issue of a validation report (its severity comes from the code's prefix).
    Report,
    /// A `prepare_*` call refused an invalid request (the report is attached).
    ValidationError,
    /// A bad argument to a signing, header or prepare function (never carries a key).
    SigningError,
    /// A signature or its headers do not verify.
    VerificationError,
    /// An answer or notification could not be read.
    ParseError,
    /// A document or account number is not valid, or has no check.
    DocumentError,
    /// A bug in cobro, caught at a binding's boundary.
    CobroError,
}

impl CodeClass {
    /// Every class, in the order above.
    pub const ALL: [CodeClass; 7] = [
        CodeClass::Report,
        CodeClass::ValidationError,
        CodeClass::SigningError,
        CodeClass::VerificationError,
        CodeClass::ParseError,
        CodeClass::DocumentError,
        CodeClass::CobroError,
    ];

    /// `report`, or the error class's name as every binding spells it (`SigningError`).
    pub fn as_str(self) -> &'static str {
        match self {
            CodeClass::Report => "report",
            CodeClass::ValidationError => "ValidationError",
            CodeClass::SigningError => "SigningError",
            CodeClass::VerificationError => "VerificationError",
            CodeClass::ParseError => "ParseError",
            CodeClass::DocumentError => "DocumentError",
            CodeClass::CobroError => "CobroError",
        }
    }
}

/// Whether a code's name is a warning's, `WARN_*`.
const fn is_warning_name(name: &str) -> bool {
    matches!(name.as_bytes(), [b'W', b'A', b'R', b'N', b'_', ..])
}

macro_rules! codes {
    ($($(#[doc = $doc:literal])+ $variant:ident = $name:literal [$($class:ident),+] en: $en:literal, es: $es:literal, pt: $pt:literal;)*) => {
        /// A stable code. `ERR_*` codes are errors, `WARN_*` codes warnings; see
        /// [`Code::classes`] for where each is raised.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $($(#[doc = $doc])+ $variant,)*
        }

        impl Code {
            /// Every code, in catalogue order.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The code as written in reports and errors, e.g. `ERR_MISSING_FIELD`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $name,)*
                }
            }

            /// Whether this code is a warning (`WARN_*`); errors are everything else.
            pub fn is_warning(self) -> bool {
                // Settled at compile time for each code: recording an issue asks this.
                match self {
                    $(Code::$variant => const { is_warning_name($name) },)*
                }
            }

            /// The code named `name`, if it is in the catalogue.
            pub fn from_name(name: &str) -> Option<Code> {
                match name {
                    $($name => Some(Code::$variant),)*
                    _ => None,
                }
            }

            /// Where the code is raised: in reports, as an error class, or both.
            pub fn classes(self) -> &'static [CodeClass] {
                match self {
                    $(Code::$variant => &[$(CodeClass::$class),+],)*
                }
            }

            /// The message template in `locale` (see the module's doc).
            pub fn template(self, locale: Locale) -> &'static str {
                let (en, es, pt) = match self {
                    $(Code::$variant => ($en, $es, $pt),)*
                };
                match locale {
                    Locale::En => en,
                    Locale::Es => es,
                    Locale::Pt => pt,
                }
            }

            fn doc_lines(self) -> &'static [&'static str] {
                match self {
                    $(Code::$variant => &[$($doc),+],)*
                }
            }
        }
    };
}

codes! {
    /// The body is not JSON (syntax).
    MalformedJson = "ERR_MALFORMED_JSON" [Report, ParseError]
        en: "{path} is not valid JSON: expected {expected} at byte {offset}",
        es: "{path} no es JSON válido: se esperaba {expected} en el byte {offset}",
        pt: "{path} não é um JSON válido: esperava-se {expected} no byte {offset}";
    /// The body is not UTF-8.
    InvalidUtf8 = "ERR_INVALID_UTF8" [Report, ParseError]
        en: "{path} is not valid UTF-8 (first bad byte at {offset})",
        es: "{path} no es UTF-8 válido (primer byte inválido en {offset})",
        pt: "{path} não é UTF-8 válido (primeiro byte inválido na posição {offset})";
    /// The body is larger than the size limit.
    BodyTooLarge = "ERR_BODY_TOO_LARGE" [Report, ParseError]
        en: "{path} has {size} bytes; at most {limit} are accepted",
        es: "{path} tiene {size} bytes; se aceptan como máximo {limit}",
        pt: "{path} tem {size} bytes; são aceitos no máximo {limit}";
    /// Arrays or objects nest past the fixed depth limit.
    NestingTooDeep = "ERR_NESTING_TOO_DEEP" [Report, ParseError]
        en: "{path} nests arrays or objects deeper than {limit} levels",
        es: "{path} anida arreglos u objetos a más de {limit} niveles",
        pt: "{path} aninha arrays ou objetos em mais de {limit} níveis";
    /// A value has the wrong JSON type.
    InvalidType = "ERR_INVALID_TYPE" [Report, ParseError, SigningError]
        en: "{path} must be of type {expected}",
        es: "{path} debe ser de tipo {expected}",
        pt: "{path} deve ser do tipo {expected}";
    /// A required field is absent or null.
    MissingField = "ERR_MISSING_FIELD" [Report, ParseError, SigningError]
        en: "{path} is required",
        es: "{path} es obligatorio",
        pt: "{path} é obrigatório";
    /// A field that must not be empty is empty or blank; at path `""`, the whole body.
    EmptyField = "ERR_EMPTY_FIELD" [Report, SigningError]
        en: "{path} must not be empty",
        es: "{path} no debe estar vacío",
        pt: "{path} não pode estar vazio";
    /// A key appears twice in one object (DESIGN.md 9 row 26).
    DuplicateField = "ERR_DUPLICATE_FIELD" [Report, ParseError]
        en: "{path} appears more than once in the same object",
        es: "{path} aparece más de una vez en el mismo objeto",
        pt: "{path} aparece mais de uma vez no mesmo objeto";
    /// A text is shorter or longer than allowed (Unicode code points).
    InvalidLength = "ERR_INVALID_LENGTH" [Report, SigningError, DocumentError]
        en: "{path} must have between {min} and {max} characters",
        es: "{path} debe tener entre {min} y {max} caracteres",
        pt: "{path} deve ter entre {min} e {max} caracteres";
    /// A value is not one of the accepted values.
    InvalidField = "ERR_INVALID_FIELD" [Report, SigningError]
        en: "{path} must be one of: {allowed}",
        es: "{path} debe ser uno de: {allowed}",
        pt: "{path} deve ser um dos seguintes: {allowed}";
    /// A value does not have the required format.
    InvalidFormat = "ERR_INVALID_FORMAT" [Report, SigningError, DocumentError]
        en: "{path} must have the format {format}",
        es: "{path} debe tener el formato {format}",
        pt: "{path} deve ter o formato {format}";
    /// An e-mail address is not well formed.
    InvalidEmail = "ERR_INVALID_EMAIL" [Report]
        en: "{path} must be one well-formed e-mail address (local@domain.tld)",
        es: "{path} debe ser una dirección de correo válida (local@dominio.tld)",
        pt: "{path} deve ser um único endereço de e-mail bem formado (local@dominio.tld)";
    /// A URL is not an https URL within the length limit.
    InvalidUrl = "ERR_INVALID_URL" [Report]
        en: "{path} must be an https URL of at most {max} characters",
        es: "{path} debe ser una URL https de como máximo {max} caracteres",
        pt: "{path} deve ser uma URL https de no máximo {max} caracteres";
    /// An amount is not a positive decimal with at most two decimals.
    InvalidAmount = "ERR_INVALID_AMOUNT" [Report, SigningError]
        en: "{path} must be a positive amount with at most two decimals and at most {max_integer_digits} integer digits, written without exponent",
        es: "{path} debe ser un monto positivo con como máximo dos decimales y {max_integer_digits} dígitos enteros, sin exponente",
        pt: "{path} deve ser um valor positivo com no máximo duas casas decimais e no máximo {max_integer_digits} dígitos inteiros, escrito sem expoente";
    /// An integer is outside its allowed range.
    OutOfRange = "ERR_OUT_OF_RANGE" [Report, SigningError]
        en: "{path} must be a whole number between {minimum} and {maximum}",
        es: "{path} debe ser un número entero entre {minimum} y {maximum}",
        pt: "{path} deve ser um número inteiro entre {minimum} e {maximum}";
    /// account.name does not match the format of its account.type.
    InvalidAccountName = "ERR_INVALID_ACCOUNT_NAME" [Report]
        en: "{path} does not match the format for account type {account_type}: {pattern}",
        es: "{path} no cumple el formato del tipo de cuenta {account_type}: {pattern}",
        pt: "{path} não segue o formato do tipo de conta {account_type}: {pattern}";
    /// A metadata key breaks the key rules.
    InvalidMetadataKey = "ERR_INVALID_METADATA_KEY" [Report]
        en: "{path} must be 1 to {max} characters among letters a-z A-Z, digits, '-' and '_'",
        es: "{path} debe tener de 1 a {max} caracteres entre letras a-z A-Z, dígitos, '-' y '_'",
        pt: "{path} deve ter de 1 a {max} caracteres entre letras a-z A-Z, dígitos, '-' e '_'";
    /// A metadata value breaks the value rules.
    InvalidMetadataValue = "ERR_INVALID_METADATA_VALUE" [Report]
        en: "{path} must be a text of at most {max} characters: letters, digits, spaces, - _ . : , / @ and currency symbols",
        es: "{path} debe ser un texto de como máximo {max} caracteres: letras, dígitos, espacios, - _ . : , / @ y símbolos de moneda",
        pt: "{path} deve ser um texto de no máximo {max} caracteres: letras, dígitos, espaços, - _ . : , / @ e símbolos de moeda";
    /// More than five metadata entries.
    TooManyMetadataEntries = "ERR_TOO_MANY_METADATA_ENTRIES" [Report]
        en: "{path} has {count} entries; at most {max} are allowed",
        es: "{path} tiene {count} entradas; se permiten como máximo {max}",
        pt: "{path} tem {count} entradas; são permitidas no máximo {max}";
    /// The document type is not accepted for the country.
    UnsupportedDocumentType = "ERR_UNSUPPORTED_DOCUMENT_TYPE" [Report, DocumentError]
        en: "{path} is not accepted for {country}; accepted: {allowed}",
        es: "{path} no se acepta para {country}; se aceptan: {allowed}",
        pt: "{path} não é aceito para {country}; são aceitos: {allowed}";
    /// The document number breaks its format.
    InvalidDocumentNumber = "ERR_INVALID_DOCUMENT_NUMBER" [Report]
        en: "{path} must match {format} for document type {document_type}",
        es: "{path} debe cumplir {format} para el tipo de documento {document_type}",
        pt: "{path} deve seguir {format} para o tipo de documento {document_type}";
    /// The country is not one the API serves.
    InvalidCountry = "ERR_INVALID_COUNTRY" [Report, DocumentError]
        en: "{path} must be one of the served countries: {allowed}",
        es: "{path} debe ser uno de los países atendidos: {allowed}",
        pt: "{path} deve ser um dos países atendidos: {allowed}";
    /// The currency is not an ISO 4217 code.
    InvalidCurrency = "ERR_INVALID_CURRENCY" [Report, SigningError]
        en: "{path} must be an ISO 4217 code: three upper-case letters",
        es: "{path} debe ser un código ISO 4217: tres letras mayúsculas",
        pt: "{path} deve ser um código ISO 4217: três letras maiúsculas";
    /// The phone calling code is not 1-4 digits.
    InvalidPhoneCountry = "ERR_INVALID_PHONE_COUNTRY" [Report]
        en: "{path} must be a calling code of 1 to 4 digits, without '+'",
        es: "{path} debe ser un código de país de 1 a 4 dígitos, sin '+'",
        pt: "{path} deve ser um código de país (DDI) de 1 a 4 dígitos, sem '+'";
    /// The phone number breaks its digit rules.
    InvalidPhoneNumber = "ERR_INVALID_PHONE_NUMBER" [Report]
        en: "{path} must be {digits} digits",
        es: "{path} debe tener {digits} dígitos",
        pt: "{path} deve ter {digits} dígitos";
    /// The account type is not accepted for the country.
    UnsupportedAccountType = "ERR_UNSUPPORTED_ACCOUNT_TYPE" [Report]
        en: "{path} is not accepted for {country}; accepted: {allowed}",
        es: "{path} no se acepta para {country}; se aceptan: {allowed}",
        pt: "{path} não é aceito para {country}; são aceitos: {allowed}";
    /// A field is present where the spec does not allow it.
    FieldNotAllowed = "ERR_FIELD_NOT_ALLOWED" [Report, SigningError]
        en: "{path} is only allowed when {allowed_when}",
        es: "{path} solo se permite cuando {allowed_when}",
        pt: "{path} só é permitido quando {allowed_when}";
    /// A signature does not match its signed text and key: payinVerification in a
    /// pay-in body (DESIGN.md 9 row 18) or notification, X-Signature of a virtual-account
    /// request (the provider's code, spec 7.1).
    InvalidSignature = "ERR_INVALID_SIGNATURE" [Report, VerificationError]
        en: "{path} does not match the {scheme} of {signed} and the key",
        es: "{path} no coincide con el {scheme} de {signed} y la clave",
        pt: "{path} não confere com o {scheme} de {signed} e a chave";
    /// A field the spec does not name (kept, but the service may refuse or drop it).
    UnknownField = "WARN_UNKNOWN_FIELD" [Report]
        en: "{path} is not a field of this request",
        es: "{path} no es un campo de esta solicitud",
        pt: "{path} não é um campo desta requisição";
    /// A JSON whole number in a free-text field where the spec says string; its JSON
    /// text is taken as the value (DESIGN.md 9 row 28).
    NumberForString = "WARN_NUMBER_FOR_STRING" [Report]
        en: "{path} is a JSON number where the spec says string; its JSON text is used as the value (send a string to keep leading zeros)",
        es: "{path} es un número JSON donde la especificación indica texto; se usa su texto JSON como valor (envíe un texto para conservar los ceros a la izquierda)",
        pt: "{path} é um número JSON onde a especificação pede texto; o texto JSON dele é usado como valor (envie um texto para manter os zeros à esquerda)";
    /// payinAmount is a JSON number, or a string without exactly two decimals
    /// (DESIGN.md 9 row 10): the service hashes the amount as text, so it must carry the
    /// canonical two-decimal text the signature covers.
    AmountFormat = "WARN_AMOUNT_FORMAT" [Report]
        en: "{path} should be a string with exactly two decimals, such as \"29.90\": the service hashes the amount as written, and a JSON number loses its trailing zeros on the way",
        es: "{path} debería ser un texto con exactamente dos decimales, como \"29.90\": el servicio calcula el hash sobre el monto tal como está escrito, y un número JSON pierde sus ceros finales en el camino",
        pt: "{path} deveria ser um texto com exatamente duas casas decimais, como \"29.90\": o serviço calcula o hash sobre o valor como está escrito, e um número JSON perde os zeros finais no caminho";
    /// payinExpirationTime is below the spec's suggested minimum (2.6).
    ExpirationBelowSuggested = "WARN_EXPIRATION_BELOW_SUGGESTED" [Report]
        en: "{path} is below the suggested minimum of {minimum} minutes",
        es: "{path} está por debajo del mínimo sugerido de {minimum} minutos",
        pt: "{path} está abaixo do mínimo sugerido de {minimum} minutos";
    /// A Mexico amount whose cents are not a 50-cent step (2.6).
    AmountStep = "WARN_AMOUNT_STEP" [Report]
        en: "{path}: cents should go in steps of {step}; some cashiers round up",
        es: "{path}: los centavos deberían ir en pasos de {step}; algunas cajas redondean hacia arriba",
        pt: "{path}: os centavos deveriam ser múltiplos de {step}; alguns caixas arredondam para cima";
    /// payinVoucherTheme is not of the form `THEME_PE_<NAME>`: the standard voucher is used (2.7).
    UnsupportedVoucherTheme = "WARN_UNSUPPORTED_VOUCHER_THEME" [Report]
        en: "{path} is not of the form {format}; the standard voucher will be used",
        es: "{path} no tiene la forma {format}; se usará el voucher estándar",
        pt: "{path} não tem a forma {format}; será usado o voucher padrão";
    /// payinMethod is not among the values the spec names for the country (2.5).
    UnknownMethod = "WARN_UNKNOWN_METHOD" [Report]
        en: "{path} is not among the methods named for {country}: {known}",
        es: "{path} no está entre los métodos indicados para {country}: {known}",
        pt: "{path} não está entre os métodos indicados para {country}: {known}";
    /// The document type is not among the values the spec names for the country (2.5).
    UnknownDocumentType = "WARN_UNKNOWN_DOCUMENT_TYPE" [Report]
        en: "{path} is not among the document types named for {country}: {known}",
        es: "{path} no está entre los tipos de documento indicados para {country}: {known}",
        pt: "{path} não está entre os tipos de documento indicados para {country}: {known}";
    /// The pay-in currency belongs to no country of the spec (DESIGN.md 9 row 11).
    UnsupportedCurrency = "WARN_UNSUPPORTED_CURRENCY" [Report]
        en: "{path} belongs to no pay-in country of the spec ({known}); only generic rules were applied",
        es: "{path} no corresponde a ningún país de pay-in de la especificación ({known}); solo se aplicaron reglas genéricas",
        pt: "{path} não pertence a nenhum país de pay-in da especificação ({known}); só foram aplicadas regras genéricas";
    /// A country field disagrees with the country of the currency.
    CountryMismatch = "WARN_COUNTRY_MISMATCH" [Report]
        en: "{path} does not match the country of the currency ({country})",
        es: "{path} no coincide con el país de la moneda ({country})",
        pt: "{path} não corresponde ao país da moeda ({country})";
    /// The currency is not the one of the account country (DESIGN.md 9 row 16).
    CurrencyMismatch = "WARN_CURRENCY_MISMATCH" [Report]
        en: "{path} is not the currency of {country} ({expected})",
        es: "{path} no es la moneda de {country} ({expected})",
        pt: "{path} não é a moeda de {country} ({expected})";
    /// The phone calling code is not the one of the account country.
    PhoneCountryMismatch = "WARN_PHONE_COUNTRY_MISMATCH" [Report]
        en: "{path} is not the calling code of {country} ({expected})",
        es: "{path} no es el código telefónico de {country} ({expected})",
        pt: "{path} não é o código de país (DDI) de {country} ({expected})";
    /// The spec does not say which account type Chile uses (DESIGN.md 9 row 3).
    AccountTypeUnconfirmed = "WARN_ACCOUNT_TYPE_UNCONFIRMED" [Report]
        en: "{path}: the spec does not say which account type {country} uses",
        es: "{path}: la especificación no indica qué tipo de cuenta usa {country}",
        pt: "{path}: a especificação não diz qual tipo de conta {country} usa";
    /// Metadata present but empty: the spec says omit it (DESIGN.md 9 row 5).
    EmptyMetadata = "WARN_EMPTY_METADATA" [Report]
        en: "{path} is empty; omit it when there is no metadata",
        es: "{path} está vacío; omítalo cuando no haya metadatos",
        pt: "{path} está vazio; omita-o quando não houver metadados";
    /// Two subscription metadata entries share a key (DESIGN.md 9 row 5).
    DuplicateMetadataKey = "WARN_DUPLICATE_METADATA_KEY" [Report]
        en: "{path} repeats a key used by an earlier entry",
        es: "{path} repite una clave de una entrada anterior",
        pt: "{path} repete uma chave usada por uma entrada anterior";
    /// A processor code other than the one the spec names (DESIGN.md 9 row 13).
    UnknownProcessorCode = "WARN_UNKNOWN_PROCESSOR_CODE" [Report]
        en: "{path} is not a processor code the provider names ({known})",
        es: "{path} no es un código de procesador que el proveedor indique ({known})",
        pt: "{path} não é um código de processador indicado pelo provedor ({known})";
    /// URLMonnet has a path other than the API's online-payments paths (DESIGN.md 9 row 21).
    UnexpectedUrlPath = "WARN_UNEXPECTED_URL_PATH" [Report]
        en: "{path} does not use an online-payments path of the API ({expected})",
        es: "{path} no usa una ruta de pagos en línea de la API ({expected})",
        pt: "{path} não usa um caminho de pagamentos online da API ({expected})";
    /// An on-file processor code without a subscription object (DESIGN.md 9 row 25).
    MissingSubscription = "WARN_MISSING_SUBSCRIPTION" [Report]
        en: "{path} is absent: with an on-file processor ({processors}) the charge type is then unknown",
        es: "{path} está ausente: con un procesador on-file ({processors}) el tipo de cobro queda desconocido",
        pt: "{path} está ausente: com um processador on-file ({processors}) o tipo de cobrança fica desconhecido";
    /// A field that has no effect in this request (e.g. periodicity for ON_DEMAND).
    FieldIgnored = "WARN_FIELD_IGNORED" [Report]
        en: "{path} has no effect unless {applies_when}",
        es: "{path} no tiene efecto salvo cuando {applies_when}",
        pt: "{path} não tem efeito, exceto quando {applies_when}";
    /// payinDateTime is not a YYYY-MM-DD date as in the samples.
    DateFormat = "WARN_DATE_FORMAT" [Report]
        en: "{path} is not a date of the form YYYY-MM-DD as in the samples",
        es: "{path} no es una fecha de la forma AAAA-MM-DD como en los ejemplos",
        pt: "{path} não é uma data no formato AAAA-MM-DD como nos exemplos";
    /// A document number fails the check-digit rule of its type: a typo is likely. An
    /// error under `strict`.
    CheckDigit = "WARN_CHECK_DIGIT" [Report]
        en: "{path} fails the check-digit rule of {document_type}; look for a typo",
        es: "{path} no cumple la regla del dígito verificador de {document_type}; revise si hay un error de tipeo",
        pt: "{path} não confere com a regra do dígito verificador de {document_type}; verifique se há erro de digitação";
    /// A document number does not have the length, characters or parts (date, prefix)
    /// of its type, beyond what the spec itself requires.
    DocumentFormat = "WARN_DOCUMENT_FORMAT" [Report]
        en: "{path} does not have the form of a valid {document_type} ({problem})",
        es: "{path} no tiene la forma de un {document_type} válido ({problem})",
        pt: "{path} não tem a forma de um {document_type} válido ({problem})";
    /// More issues were found than a report lists (`report::MAX_ISSUES`, DESIGN.md
    /// section 8); `count` says how many were left out. A warning, so it never makes a
    /// report invalid by itself: a report with any error found lists an error.
    TooManyIssues = "WARN_TOO_MANY_ISSUES" [Report]
        en: "{count} more issues were found and are not listed (past a list's own limit, or past {max} issues in all)",
        es: "se encontraron {count} problemas más que no se listan (pasado el límite de una lista, o pasados {max} problemas en total)",
        pt: "foram encontrados mais {count} problemas, que não estão listados (além do limite de uma lista, ou além de {max} problemas no total)";
    /// A value of an answer or notification is not what the provider documents (a
    /// whole number, a decimal, a date, a data URI, markup within its limits).
    InvalidValue = "ERR_INVALID_VALUE" [ParseError]
        en: "{path} must be {expected}",
        es: "{path} debe ser {expected}",
        pt: "{path} deve ser {expected}";
    /// A request handed to a `prepare_*` function is invalid: nothing to send; the
    /// report's errors say why. The `code` of every binding's ValidationError
    /// (DESIGN.md section 7).
    InvalidRequest = "ERR_INVALID_REQUEST" [ValidationError]
        en: "the request is invalid: {errors}",
        es: "la solicitud no es válida: {errors}",
        pt: "a requisição é inválida: {errors}";
    /// A secret key is empty (spec 5: every signature needs its key).
    EmptySecret = "ERR_EMPTY_SECRET" [SigningError]
        en: "the secret key is empty",
        es: "la clave secreta está vacía",
        pt: "a chave secreta está vazia";
    /// A secret key has leading or trailing whitespace: usually a pasted newline, which
    /// would change every signature (DESIGN.md section 4).
    SecretWhitespace = "ERR_SECRET_WHITESPACE" [SigningError]
        en: "the secret key has leading or trailing whitespace (a pasted newline?); remove it",
        es: "la clave secreta tiene espacios al inicio o al final (¿un salto de línea pegado?); quítelos",
        pt: "a chave secreta tem espaços no início ou no fim (uma quebra de linha colada?); remova-os";
    /// A timestamp is negative.
    NegativeTimestamp = "ERR_NEGATIVE_TIMESTAMP" [SigningError]
        en: "the timestamp is negative",
        es: "la marca de tiempo es negativa",
        pt: "o timestamp é negativo";
    /// A timestamp is so large it must be milliseconds; X-Timestamp is in seconds (spec 5.1).
    TimestampInMilliseconds = "ERR_TIMESTAMP_IN_MILLISECONDS" [SigningError]
        en: "the timestamp {value} looks like milliseconds; X-Timestamp is in seconds (divide by 1000)",
        es: "la marca de tiempo {value} parece estar en milisegundos; X-Timestamp va en segundos (divida por 1000)",
        pt: "o timestamp {value} parece estar em milissegundos; o X-Timestamp é em segundos (divida por 1000)";
    /// A required argument is empty (the path names the argument).
    EmptyArgument = "ERR_EMPTY_ARGUMENT" [SigningError]
        en: "{path} must not be empty",
        es: "{path} no debe estar vacío",
        pt: "{path} não pode estar vazio";
    /// An argument that names one of a fixed set of choices (a signature variant, a
    /// deposit mode) names none of them.
    InvalidArgument = "ERR_INVALID_ARGUMENT" [SigningError]
        en: "{path} must be one of: {allowed}",
        es: "{path} debe ser uno de: {allowed}",
        pt: "{path} deve ser um dos seguintes: {allowed}";
    /// Text to be signed or used as a key is not valid Unicode (a lone UTF-16
    /// surrogate): it has no UTF-8 form to hash as given.
    NotUnicode = "ERR_NOT_UNICODE" [SigningError]
        en: "{path} must be valid Unicode text (it is not valid UTF-8: a lone surrogate?)",
        es: "{path} debe ser texto Unicode válido (no es UTF-8 válido: ¿un sustituto aislado?)",
        pt: "{path} deve ser um texto Unicode válido (não é UTF-8 válido: um surrogate isolado?)";
    /// A date argument is not a calendar date `YYYY-MM-DD` (payinDateTime, spec 2.4).
    InvalidDate = "ERR_INVALID_DATE" [SigningError]
        en: "{path} must be a date of the form YYYY-MM-DD",
        es: "{path} debe ser una fecha de la forma AAAA-MM-DD",
        pt: "{path} deve ser uma data no formato AAAA-MM-DD";
    /// A date argument is not before the date it must precede: a status query's start
    /// date, which the provider wants before the current day (PROVIDER_FACTS.md "Beyond
    /// the spec").
    DateNotBefore = "ERR_DATE_NOT_BEFORE" [SigningError]
        en: "{path} must be a date before {date}",
        es: "{path} debe ser una fecha anterior a {date}",
        pt: "{path} deve ser uma data anterior a {date}";
    /// A date argument is before the date it must not precede: a status query's end
    /// date before its start date.
    DateTooEarly = "ERR_DATE_TOO_EARLY" [SigningError]
        en: "{path} must not be a date before {date}",
        es: "{path} no debe ser una fecha anterior a {date}",
        pt: "{path} não pode ser uma data anterior a {date}";
    /// A header of a virtual-account request is absent or empty (the provider's code,
    /// spec 7.1).
    MissingHeader = "ERR_MISSING_HEADER" [VerificationError]
        en: "the {path} header is missing or empty",
        es: "falta el encabezado {path} o está vacío",
        pt: "o cabeçalho {path} está ausente ou vazio";
    /// A header's value is malformed: a timestamp that is not whole seconds, an unknown
    /// deposit mode.
    InvalidHeader = "ERR_INVALID_HEADER" [VerificationError]
        en: "the {path} header is malformed",
        es: "el encabezado {path} está mal formado",
        pt: "o cabeçalho {path} está malformado";
    /// X-Timestamp is outside the window around the receiver's clock, either way (the
    /// provider's code, spec 5.1 and 8); `ahead_seconds` or `behind_seconds` says how far.
    TimestampOutOfRange = "ERR_TIMESTAMP_OUT_OF_RANGE" [VerificationError]
        en: "{path} is outside the window of {window_seconds} s either way",
        es: "{path} está fuera de la ventana de {window_seconds} s en ambos sentidos",
        pt: "{path} está fora da janela de {window_seconds} s para mais ou para menos";
    /// A notification came from an address outside the merchant's allow-list of the
    /// provider's addresses (the unsigned kinds' only defence, PROVIDER_FACTS.md).
    PeerNotAllowed = "ERR_PEER_NOT_ALLOWED" [VerificationError]
        en: "the {path} address is not on the allow-list",
        es: "la dirección {path} no está en la lista de permitidas",
        pt: "o endereço {path} não está na lista de permitidos";
    /// A notification came with no address to judge against the allow-list given (the
    /// client reset the connection before the server read it, or the server listens on
    /// a Unix socket): refused like a peer outside it (DESIGN.md 9 row 39).
    PeerUnknown = "ERR_PEER_UNKNOWN" [VerificationError]
        en: "the {path} address is unknown (the connection closed first, or a Unix socket), so the allow-list cannot admit it",
        es: "la dirección {path} es desconocida (la conexión se cerró antes, o es un socket Unix), así que la lista de permitidas no puede admitirla",
        pt: "o endereço {path} é desconhecido (a conexão fechou antes, ou é um socket Unix), então a lista de permitidos não pode admiti-lo";
    /// An unsigned notification (subscription webhook, deposit notification) came with
    /// nothing that vouches for it: no allow-list admitted its peer and the caller did
    /// not say it trusts unsigned notifications (DESIGN.md 9 row 39).
    UnsignedNotTrusted = "ERR_UNSIGNED_NOT_TRUSTED" [VerificationError]
        en: "a {path} carries no signature: it is acted on only from the provider's addresses; give them as the allow-list",
        es: "un {path} no lleva firma: solo se atiende desde las direcciones del proveedor; indíquelas como lista de permitidas",
        pt: "um {path} não traz assinatura: só é atendido a partir dos endereços do provedor; informe-os como lista de permitidos";
    /// A pay-in notification names another merchant than the one whose endpoint
    /// receives it: the hash joins the merchant id and the operation number with no
    /// separator, so a signed text with digits moved between the two still verifies.
    OtherMerchant = "ERR_OTHER_MERCHANT" [VerificationError]
        en: "{path} names another merchant than this endpoint's",
        es: "{path} nombra a otro comercio que el de este endpoint",
        pt: "{path} nomeia outro comerciante que não o deste endpoint";
    /// A notification's payinVerification is empty or absent: it cannot be
    /// authenticated, and is never taken as a pass (spec 2.8).
    MissingSignature = "ERR_MISSING_SIGNATURE" [VerificationError]
        en: "{path} is empty or absent: the notification cannot be authenticated",
        es: "{path} está vacío o ausente: la notificación no puede autenticarse",
        pt: "{path} está vazio ou ausente: a notificação não pode ser autenticada";
    /// A part of a document number with a meaning (a date, a prefix, a state or type
    /// code) is not valid.
    InvalidComponent = "ERR_INVALID_COMPONENT" [DocumentError]
        en: "{path} has a part that is not valid for {document_type} (a date, prefix or code)",
        es: "{path} tiene una parte que no es válida para {document_type} (una fecha, un prefijo o un código)",
        pt: "{path} tem uma parte que não é válida para {document_type} (uma data, um prefixo ou um código)";
    /// The check digit (or digits) of a document or account number does not match.
    InvalidChecksum = "ERR_INVALID_CHECKSUM" [DocumentError]
        en: "{path} fails the check-digit rule of {document_type}",
        es: "{path} no cumple la regla del dígito verificador de {document_type}",
        pt: "{path} não confere com a regra do dígito verificador de {document_type}";
    /// The system clock, read by a binding or the CLI for a default `now` or today's
    /// date, is before 1970: pass the value explicitly.
    ClockBeforeEpoch = "ERR_CLOCK_BEFORE_EPOCH" [SigningError]
        en: "the system clock is before 1970; pass the time explicitly",
        es: "el reloj del sistema marca una fecha anterior a 1970; indique la hora explícitamente",
        pt: "o relógio do sistema marca uma data anterior a 1970; informe o horário explicitamente";
    /// A bug in cobro (a panic caught at a binding's boundary): the message says so and
    /// carries none of the inputs.
    Internal = "ERR_INTERNAL" [CobroError]
        en: "internal error in cobro (a bug; please report it)",
        es: "error interno de cobro (un defecto; por favor, repórtelo)",
        pt: "erro interno do cobro (um bug; por favor, reporte-o)";
    /// The local stand-in for the provider (crates/cobro-mock, started by `cobro mock` or
    /// from Python or Node) cannot start: its address cannot be listened on (in use, not
    /// permitted), or its config cannot be read or is not valid; `reason` says which.
    /// Raised by the mock, which does IO; the core never raises it.
    MockNotStarted = "ERR_MOCK_NOT_STARTED" [CobroError]
        en: "the mock cannot start: {reason}",
        es: "el simulador no puede iniciarse: {reason}",
        pt: "o simulador não pode iniciar: {reason}";
}

impl Code {
    /// The position of the code in [`Code::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The severity of the code's report issues, or None for a code raised only as an
    /// error class.
    pub fn severity(self) -> Option<Severity> {
        if !self.classes().contains(&CodeClass::Report) {
            None
        } else if self.is_warning() {
            Some(Severity::Warning)
        } else {
            Some(Severity::Error)
        }
    }

    /// What the code means, in one paragraph (the variant's documentation).
    pub fn meaning(self) -> String {
        let mut out = String::new();
        for line in self.doc_lines() {
            let line = line.trim();
            if !out.is_empty() && !line.is_empty() {
                out.push(' ');
            }
            out.push_str(line);
        }
        out
    }

    /// The params the code's template names, in the order they appear (`{path}` is not
    /// a param). Any code may also carry the optional params of
    /// [`OPTIONAL_PARAMS`].
    pub fn params(self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        let mut rest = self.template(Locale::En);
        while let Some((_, after)) = rest.split_once('{') {
            let Some((name, tail)) = after.split_once('}') else {
                break;
            };
            if name != "path" && !out.contains(&name) {
                out.push(name);
            }
            rest = tail;
        }
        out
    }
}

/// A code equals its name, so `err.code() == "ERR_EMPTY_SECRET"` reads as written.
impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Code {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests;
