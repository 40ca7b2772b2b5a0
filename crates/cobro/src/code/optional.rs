//! The optional params: clauses any code's message may carry (DESIGN.md section 3).

use crate::locale::Locale;

/// A param any code may carry, which adds a clause to the code's message in each
/// locale. Part of the catalogue ([`crate::catalogue_json`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionalParam {
    /// The param's name.
    pub name: &'static str,
    /// The clause in English.
    pub en: &'static str,
    /// The clause in Spanish.
    pub es: &'static str,
    /// The clause in Portuguese (Brazil).
    pub pt: &'static str,
}

impl OptionalParam {
    /// The clause in `locale`.
    pub fn template(&self, locale: Locale) -> &'static str {
        match locale {
            Locale::En => self.en,
            Locale::Es => self.es,
            Locale::Pt => self.pt,
        }
    }
}

/// Optional params that add a clause to any code's message, in this order.
pub const OPTIONAL_PARAMS: [OptionalParam; 13] = [
    // ERR_INVALID_TYPE names the type found when it is known (a report always knows).
    OptionalParam {
        name: "found",
        en: ", not {found}",
        es: ", no {found}",
        pt: ", não {found}",
    },
    // ERR_TIMESTAMP_OUT_OF_RANGE says which way and how far.
    OptionalParam {
        name: "ahead_seconds",
        en: ": it is {ahead_seconds} s in the future",
        es: ": está {ahead_seconds} s en el futuro",
        pt: ": está {ahead_seconds} s no futuro",
    },
    OptionalParam {
        name: "behind_seconds",
        en: ": it is {behind_seconds} s in the past",
        es: ": está {behind_seconds} s en el pasado",
        pt: ": está {behind_seconds} s no passado",
    },
    OptionalParam {
        name: "when",
        en: " (when {when})",
        es: " (cuando {when})",
        pt: " (quando {when})",
    },
    OptionalParam {
        name: "case_of",
        en: "; it differs from {case_of} only in letter case, and values are case-sensitive",
        es: "; solo difiere de {case_of} en mayúsculas y minúsculas, que se distinguen",
        pt: "; só difere de {case_of} em maiúsculas e minúsculas, que são diferenciadas",
    },
    OptionalParam {
        name: "blank_allowed",
        en: "; send \"\" when there is no value",
        es: "; envíe \"\" cuando no haya valor",
        pt: "; envie \"\" quando não houver valor",
    },
    OptionalParam {
        name: "check_character",
        en: "; the check character {check_character} is not accepted",
        es: "; no se acepta el carácter verificador {check_character}",
        pt: "; o caractere verificador {check_character} não é aceito",
    },
    // DESIGN.md 9 row 33: an RFC or CURP starting with a word the authority never issues.
    OptionalParam {
        name: "never_issued",
        en: "; the authority never issues these first four letters (it replaces one with {never_issued}): check the number as issued",
        es: "; la autoridad nunca emite estas cuatro primeras letras (reemplaza una por {never_issued}): verifique el número tal como fue emitido",
        pt: "; o órgão emissor nunca emite estas quatro primeiras letras (substitui uma por {never_issued}): confira o número tal como foi emitido",
    },
    // DESIGN.md 9 row 33: a DNI written with RENIEC's check character.
    OptionalParam {
        name: "sent_form",
        en: "; the provider takes {sent_form}, without the check character",
        es: "; el proveedor recibe {sent_form}, sin el carácter verificador",
        pt: "; o provedor recebe {sent_form}, sem o caractere verificador",
    },
    // DESIGN.md 9 row 22: an unknown key that differs from a field's name only in case
    // (`ProcessorCode`) names the field.
    OptionalParam {
        name: "field_case_of",
        en: "; it differs from the field {field_case_of} only in letter case, and keys are case-sensitive",
        es: "; solo difiere del campo {field_case_of} en mayúsculas y minúsculas, y las claves las distinguen",
        pt: "; só difere do campo {field_case_of} em maiúsculas e minúsculas, e as chaves as diferenciam",
    },
    // DESIGN.md 9 row 22: a missing field whose key is present in another letter case;
    // `found` names that key.
    OptionalParam {
        name: "keys_case_sensitive",
        en: "; keys are case-sensitive",
        es: "; las claves distinguen mayúsculas de minúsculas",
        pt: "; as chaves diferenciam maiúsculas de minúsculas",
    },
    // Spec 2.4, DESIGN.md 9 row 7: payinDiscountCoupon cannot be empty in PE, MX and CO,
    // so a shop without a coupon needs a value to send; "0" is the default the spec
    // gives the product fields beside it.
    OptionalParam {
        name: "default_value",
        en: "; when there is none, send a default such as \"{default_value}\"",
        es: "; si no hay, envíe un valor por defecto como \"{default_value}\"",
        pt: "; se não houver, envie um valor padrão como \"{default_value}\"",
    },
    // Spec 2.4 and 9, DESIGN.md 9 row 21: URLMonnet is the address of the
    // online-payments operation; the path is the part cobro knows.
    OptionalParam {
        name: "operation_path",
        en: "; send the https address of the online-payments operation: the target environment's pay-in base URL followed by {operation_path}",
        es: "; envíe la dirección https de la operación de pagos en línea: la URL base de pay-in del entorno de destino seguida de {operation_path}",
        pt: "; envie o endereço https da operação de pagamentos online: a URL base de pay-in do ambiente de destino seguida de {operation_path}",
    },
];
