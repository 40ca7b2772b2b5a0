//! Hostile bodies of the full size limit (DESIGN.md section 8): every check over a list
//! is linear or n log n, a report stops growing at its cap, and instruction markup costs
//! bounded work. Each test builds the hostile body, asserts a generous time bound (debug
//! builds are slow) and that doubling the input does not much more than double the work.
//! `cargo test --release --test hostile_input -- --nocapture` prints the figures.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

use std::time::{Duration, Instant};

use cobro::parse::{DEFAULT_HTTP_STATUS, DocumentKind, parse_document};
use cobro::{Code, Kind, Report, ValidateOptions, validate};

/// The time any hostile body may take. The work is bounded; the bound is generous in a
/// debug build, which is slow and shares the machine with other tests, where the
/// doubling check of [`assert_linear`] is what catches quadratic work.
const BOUND: Duration = if cfg!(debug_assertions) {
    Duration::from_secs(10)
} else {
    Duration::from_secs(1)
};

/// The body size limit every hostile body stays under.
const LIMIT: usize = 1 << 20;

/// The fastest of three runs of `f` (the machine is shared: the minimum is the work).
fn fastest<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best: Option<(Duration, T)> = None;
    for _ in 0..3 {
        let start = Instant::now();
        let out = f();
        let took = start.elapsed();
        if best.as_ref().is_none_or(|(b, _)| took < *b) {
            best = Some((took, out));
        }
    }
    best.unwrap()
}

/// `run` over the body `make` builds for `n` and for `2n` elements: the larger run
/// completes in `bound`, and takes less than three times the smaller one plus a little
/// slack (linear work doubles, quadratic work quadruples).
fn assert_linear<T>(what: &str, n: usize, bound: Duration, make: impl Fn(usize) -> Vec<u8>, run: impl Fn(&[u8]) -> T) {
    let (small_body, large_body) = (make(n), make(2 * n));
    let (small, _) = fastest(|| run(&small_body));
    let (large, _) = fastest(|| run(&large_body));
    println!("{what}: n={n} {small:?}, 2n={} {large:?}", 2 * n);
    assert!(large < bound, "{what}: {large:?} for {} elements", 2 * n);
    assert!(
        large < small * 3 + Duration::from_millis(50),
        "{what}: {small:?} for {n} elements but {large:?} for {}",
        2 * n
    );
}

/// A three-character key for element `i` (up to 92^3 distinct keys): the shortest keys
/// fit the most into the size limit.
fn short_key(i: usize) -> String {
    let symbols: Vec<char> = (b' '..=b'~')
        .filter(|b| *b != b'"' && *b != b'\\')
        .map(char::from)
        .collect();
    let n = symbols.len();
    [i / (n * n) % n, i / n % n, i % n]
        .iter()
        .map(|&d| symbols[d])
        .collect()
}

fn va_answer(keys: usize) -> Vec<u8> {
    let mut body = String::from(
        r#"{"id":"a","traceId":"t","timestamp":"2025-01-01T00:00:00Z","status":"ACTIVE","account":{"number":"1"},"metadata":{"#,
    );
    for i in 0..keys {
        if i > 0 {
            body.push(',');
        }
        body.push_str(&format!(r#""{}":"""#, short_key(i)));
    }
    body.push_str("}}");
    body.into_bytes()
}

#[test]
fn virtual_account_answer_metadata_keys_are_checked_in_n_log_n() {
    let body = va_answer(115_000);
    assert!(body.len() < LIMIT, "{}", body.len());
    let (took, parsed) = fastest(|| parse_document(DocumentKind::VirtualAccountResponse, DEFAULT_HTTP_STATUS, &body));
    println!("va answer, 115000 metadata keys ({} bytes): {took:?}", body.len());
    assert!(parsed.is_ok());
    assert!(took < BOUND, "{took:?}");
    assert_linear("va answer metadata", 50_000, BOUND, va_answer, |body| {
        parse_document(DocumentKind::VirtualAccountResponse, DEFAULT_HTTP_STATUS, body).unwrap()
    });
    let mut repeated = va_answer(60_000);
    repeated.truncate(repeated.len() - 2);
    repeated.extend_from_slice(format!(r#","{}":"x"}}}}"#, short_key(0)).as_bytes());
    let e = parse_document(DocumentKind::VirtualAccountResponse, DEFAULT_HTTP_STATUS, &repeated).unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (Code::DuplicateField, format!("metadata.{}", short_key(0)).as_str())
    );
}

/// `example` (a file of `examples/`) with `extra` inserted before its closing brace.
fn example_with(example: &str, extra: &str) -> Vec<u8> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/");
    let text = std::fs::read_to_string(format!("{path}{example}")).unwrap();
    let end = text.rfind('}').unwrap();
    format!("{},{extra}}}", &text[..end]).into_bytes()
}

fn subscription_with_empty_entries(n: usize) -> Vec<u8> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/subscription-recurrent.json"
    ))
    .unwrap();
    let start = text.find("\"metadata\"").unwrap();
    let entries = vec!["{}"; n].join(",");
    format!("{}\"metadata\":[{entries}]}}", &text[..start]).into_bytes()
}

fn va_body_with_keys(n: usize) -> Vec<u8> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/virtual-account-pe.json"
    ))
    .unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut v = v.as_object().unwrap().clone();
    v.remove("metadata");
    let mut body = serde_json::to_string(&v).unwrap();
    body.pop();
    body.push_str(",\"metadata\":{");
    for i in 0..n {
        if i > 0 {
            body.push(',');
        }
        body.push_str(&format!(r#""{}":"1""#, short_key(i)));
    }
    body.push_str("}}");
    body.into_bytes()
}

fn payin_with_unknown_keys(n: usize) -> Vec<u8> {
    let extra: Vec<String> = (0..n).map(|i| format!(r#""{}":0"#, short_key(i))).collect();
    example_with("payin-pe-banktransfer.json", &extra.join(","))
}

/// The report's size and issue count, with its JSON text checked to hold them.
fn measure(report: &Report) -> (usize, usize) {
    let issues = report.errors.len() + report.warnings.len();
    (issues, report.to_json().len())
}

fn last_issue(report: &Report) -> &cobro::Issue {
    report.issues().last().unwrap()
}

#[test]
fn reports_of_hostile_bodies_are_bounded() {
    let options = ValidateOptions::default();
    let cases: [(&str, Kind, Vec<u8>); 3] = [
        (
            "subscription, 300000 {} metadata entries",
            Kind::Subscription,
            subscription_with_empty_entries(300_000),
        ),
        (
            "virtual account, 95000 metadata keys",
            Kind::VirtualAccount,
            va_body_with_keys(95_000),
        ),
        (
            "pay-in, 120000 unknown keys",
            Kind::Payin,
            payin_with_unknown_keys(120_000),
        ),
    ];
    for (what, kind, body) in cases {
        assert!(body.len() < LIMIT, "{what}: {}", body.len());
        let (took, report) = fastest(|| validate(kind, &body, &options));
        let (issues, bytes) = measure(&report);
        println!(
            "{what} ({} bytes): {took:?}, {issues} issues, {bytes} bytes of report JSON",
            body.len()
        );
        assert!(issues <= cobro::report::MAX_ISSUES + 1, "{what}: {issues} issues");
        assert!(bytes < 64 * 1024, "{what}: {bytes} bytes");
        assert!(took < BOUND, "{what}: {took:?}");
        let last = last_issue(&report);
        assert_eq!(last.code, Code::TooManyIssues, "{what}");
        let count: usize = last.params[0].1.parse().unwrap();
        assert!(count > 1000, "{what}: {count}");
    }
    assert_linear("pay-in unknown keys", 50_000, BOUND, payin_with_unknown_keys, |body| {
        validate(Kind::Payin, body, &options)
    });
    assert_linear(
        "subscription {} entries",
        100_000,
        BOUND,
        subscription_with_empty_entries,
        |body| validate(Kind::Subscription, body, &options),
    );
}

#[test]
fn omitted_warnings_leave_a_valid_report_valid_unless_strict() {
    let body = payin_with_unknown_keys(500);
    let report = validate(Kind::Payin, &body, &ValidateOptions::default());
    assert!(report.valid, "{:?}", report.errors);
    assert_eq!(last_issue(&report).code, Code::TooManyIssues);
    let strict = validate(
        Kind::Payin,
        &body,
        &ValidateOptions {
            strict: true,
            ..ValidateOptions::default()
        },
    );
    assert!(!strict.valid);
    assert!(strict.errors.len() <= cobro::report::MAX_ISSUES + 1);
    assert_eq!(last_issue(&strict).code, Code::TooManyIssues);
}

fn payin_answer(values: impl Iterator<Item = String>) -> Vec<u8> {
    let instructions: Vec<String> = values
        .enumerate()
        .map(|(i, v)| format!(r#"{{"order":{},"value":"{v}"}}"#, i % 10))
        .collect();
    let config = format!(
        r#"{{"bankList":[{{"bankCode":"B","paymentMethodInstructions":[{{"method":"BankTransfer","instructions":[{}]}}]}}]}}"#,
        instructions.join(",")
    );
    let body = serde_json::json!({
        "payinErrorCode": "0000",
        "payinErrorMessage": "ok",
        "payinTrxOperation": "T",
        "experienceVoucher": {
            "paymentCode": "1", "status": "PENDIENTE_PAGO", "expiration": "2030-01-31 23:59:59",
            "merchant": "M", "amount": "1.00", "currencyCode": "PEN", "currencyISO": "S/",
            "operationNumber": "O", "voucherConfig": config
        }
    });
    serde_json::to_vec(&body).unwrap()
}

/// The QR answer of the shared vectors with one device holding `n` instructions of
/// one character each (the hostile body's shape: four bytes an instruction).
fn qr_answer(n: usize) -> Vec<u8> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/vectors/responses/payin-response-qr.json"
    ))
    .unwrap();
    let file: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut body = file["cases"][0]["body"].clone();
    body["experienceVoucher"]["generalInstructions"] =
        serde_json::json!([{"method": "QR", "devices": [{"code": "MOBILE", "instructions": ["a"]}]}]);
    let text = serde_json::to_string(&body).unwrap();
    let one = r#"["a"]"#;
    let at = text.find(one).unwrap();
    let many = format!("[{}]", vec![r#""a""#; n].join(","));
    format!("{}{many}{}", &text[..at], &text[at + one.len()..]).into_bytes()
}

#[test]
fn instruction_markup_costs_bounded_work() {
    let same = qr_answer(250_000);
    assert!(same.len() < LIMIT, "{}", same.len());
    let (took, parsed) = fastest(|| parse_document(DocumentKind::PayinResponse, DEFAULT_HTTP_STATUS, &same));
    println!(
        "pay-in QR answer, 250000 one-character instructions ({} bytes): {took:?}",
        same.len()
    );
    assert!(parsed.is_ok(), "{parsed:?}");
    assert!(took < BOUND, "{took:?}");
    assert_linear("pay-in QR instructions", 100_000, BOUND, qr_answer, |body| {
        parse_document(DocumentKind::PayinResponse, DEFAULT_HTTP_STATUS, body).unwrap()
    });
    let nested = payin_answer((0..780).map(|i| format!("{i}{}", "<div>".repeat(256))));
    assert!(nested.len() < LIMIT, "{}", nested.len());
    let (took, parsed) = fastest(|| parse_document(DocumentKind::PayinResponse, DEFAULT_HTTP_STATUS, &nested));
    println!(
        "pay-in answer, 780 distinct values of 256 nested tags ({} bytes): {took:?}",
        nested.len()
    );
    assert_eq!(parsed.unwrap_err().code, Code::InvalidValue);
    assert!(took < BOUND, "{took:?}");
    let distinct = payin_answer((0..20_000).map(|i| format!("<b>{i}</b>")));
    assert!(distinct.len() < LIMIT, "{}", distinct.len());
    let (took, parsed) = fastest(|| parse_document(DocumentKind::PayinResponse, DEFAULT_HTTP_STATUS, &distinct));
    println!(
        "pay-in answer, 20000 distinct instructions ({} bytes): {took:?}",
        distinct.len()
    );
    assert!(took < BOUND, "{took:?}");
    let e = parsed.unwrap_err();
    assert_eq!(e.code, Code::InvalidValue);
    assert!(
        e.path.starts_with("experienceVoucher.voucherConfig.bankList[0]"),
        "{}",
        e.path
    );
}
