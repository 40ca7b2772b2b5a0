//! The mock is HTTP and state only (DESIGN.md section 1): every provider code and status
//! it answers with comes from the core. This test reads every source file of the mock
//! and fails when one of the core's catalogue codes (pay-in creation and confirmation
//! codes, subscription codes, virtual-account codes) appears in a string literal, or a
//! string literal is one of the provider's statuses: such a literal is a rule of the
//! provider written a second time, which belongs in `cobro::provider`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};

use cobro::payin::catalog::{PAYIN_CREATION_CODES, PAYIN_STATES, PAYMENT_CONFIRMATION_CODES};
use cobro::subscription::response::{SUBSCRIPTION_ERROR_CODES, SubscriptionStatus};
use cobro::virtual_account::catalog::VIRTUAL_ACCOUNT_ERROR_CODES;
use cobro::virtual_account::response::VirtualAccountStatus;

/// Every code of the core's catalogues: found anywhere in a literal, as a word.
fn codes() -> Vec<&'static str> {
    let mut codes: Vec<&'static str> = PAYIN_CREATION_CODES
        .iter()
        .chain(PAYMENT_CONFIRMATION_CODES)
        .map(|c| c.code)
        .collect();
    codes.extend(SUBSCRIPTION_ERROR_CODES.iter().map(|c| c.info.code));
    codes.extend(VIRTUAL_ACCOUNT_ERROR_CODES.iter().map(|c| c.info.code));
    codes
}

/// The provider's statuses: found when a literal is one of them (a status word also
/// reads well inside a sentence of the mock's own messages).
fn statuses() -> Vec<&'static str> {
    let mut statuses = SubscriptionStatus::NAMED.to_vec();
    statuses.extend(VirtualAccountStatus::NAMED);
    statuses.extend(PAYIN_STATES.iter().map(|s| s.name));
    statuses
}

/// The string literals of Rust source `text`, with their line numbers: normal, byte and
/// raw strings, their contents as written (escapes left as they are); comments and char
/// literals are skipped.
fn literals(text: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = text.chars().collect();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = Vec::new();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        let before = if i == 0 { ' ' } else { chars[i - 1] };
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                if at(i) == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if at(i) == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else if i >= chars.len() {
                    break;
                } else {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
            }
        } else if c == 'r'
            && (!ident(before) || (before == 'b' && !ident(if i < 2 { ' ' } else { chars[i - 2] })))
            && matches!(at(i + 1), '#' | '"')
        {
            let mut hashes = 0;
            while at(i + 1 + hashes) == '#' {
                hashes += 1;
            }
            if at(i + 1 + hashes) != '"' {
                i += 1;
                continue;
            }
            let start = i + 2 + hashes;
            let mut end = start;
            while end < chars.len() && !(chars[end] == '"' && (0..hashes).all(|h| at(end + 1 + h) == '#')) {
                end += 1;
            }
            let content: String = chars[start..end.min(chars.len())].iter().collect();
            found.push((line, content.clone()));
            line += content.matches('\n').count();
            i = end + 1 + hashes;
        } else if c == '"' {
            let start = i + 1;
            let mut end = start;
            while end < chars.len() && chars[end] != '"' {
                end += if chars[end] == '\\' { 2 } else { 1 };
            }
            let content: String = chars[start..end.min(chars.len())].iter().collect();
            found.push((line, content.clone()));
            line += content.matches('\n').count();
            i = end + 1;
        } else if c == '\'' {
            // A char literal ('x', '\'', '\u{0}'), or a lifetime ('a), which has no end.
            if at(i + 1) == '\\' {
                let mut end = i + 2;
                while end < chars.len() && chars[end] != '\'' {
                    end += 1;
                }
                i = end + 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    found
}

/// The words of a literal a code could be: split at every character but letters, digits
/// and `_` (`B422`, `ERR_UNAUTHORIZED`); a code of digits only must stand apart, between
/// spaces or punctuation but not inside an address (`receiver:9000/h` holds no 9000).
fn words(content: &str) -> impl Iterator<Item = &str> {
    let tight = content.split(|c: char| !(c.is_alphanumeric() || c == '_'));
    let apart = content
        .split(|c: char| c.is_whitespace() || "\"',;=()[]{}".contains(c))
        .map(|w| w.trim_matches(|c: char| ".:!?".contains(c)));
    tight
        .filter(|w| !w.bytes().all(|b| b.is_ascii_digit()))
        .chain(apart.filter(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit())))
}

/// What a literal of `file` at `line` with `content` writes again of the provider.
fn offences(file: &str, line: usize, content: &str, codes: &[&str], statuses: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = words(content)
        .filter(|word| codes.contains(word))
        .map(|word| format!("{file}:{line}: the code {word} in \"{content}\""))
        .collect();
    if statuses.contains(&content) {
        out.push(format!("{file}:{line}: the status \"{content}\""));
    }
    out
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_mock_writes_no_provider_code() {
    let (codes, statuses) = (codes(), statuses());
    assert!(codes.len() > 40 && codes.contains(&"0099") && codes.contains(&"B422"));
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    assert!(files.len() > 10, "{files:?}");
    let mut found = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.strip_prefix(&src).unwrap().display().to_string();
        for (line, content) in literals(&text) {
            found.extend(offences(&name, line, &content, &codes, &statuses));
        }
    }
    assert!(
        found.is_empty(),
        "provider codes and statuses belong to the core (cobro::provider):\n{}",
        found.join("\n")
    );
}

#[test]
fn a_literal_code_is_found_and_comments_are_not() {
    let text = r###"
// "0009" in a comment
/// "B422" in a doc comment
/* "0044" in /* a nested */ block */
let c = '"'; let l: &'static str = "fine";
let a = refusal("0099", "");
let b = format!("{} B500 failed, then (0010).", x);
let u = "http://receiver:9000/h";
let r = r#"raw "E401""#;
let s = "PENDING";
let t = "not PENDING here";
"###;
    let (codes, statuses) = (codes(), statuses());
    let found: Vec<String> = literals(text)
        .iter()
        .flat_map(|(line, content)| offences("t.rs", *line, content, &codes, &statuses))
        .collect();
    assert_eq!(found.len(), 5, "{found:#?}");
    assert!(found[0].starts_with("t.rs:6: the code 0099"), "{found:#?}");
    assert!(found[1].starts_with("t.rs:7: the code B500"), "{found:#?}");
    assert!(found[2].starts_with("t.rs:7: the code 0010"), "{found:#?}");
    assert!(found[3].starts_with("t.rs:9: the code E401"), "{found:#?}");
    assert!(found[4].starts_with("t.rs:10: the status"), "{found:#?}");
}
