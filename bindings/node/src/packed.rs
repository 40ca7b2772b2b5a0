//! The validation report on its way to JS, in the packed form `body.js` `report` reads
//! into the plain object of DESIGN.md section 3.
//!
//! A JS string of code units: Latin-1 (one byte per unit, which Node copies as it is)
//! when every character is below U+0100, as in English, Spanish and Portuguese text, else
//! UTF-16.
//! Numbers are written seven bits per unit, low bits first, a unit with 0x80 set meaning
//! more follow (so every number unit is below 256); a string is its length in units,
//! then its units. Lengths make any content safe (a path holds whatever key a body has)
//! and spare JS a search for separators. Codes, severities and param names go as
//! positions in tables JS holds, so JS reuses the same strings for every report (a
//! param name is also a property key, which V8 would otherwise look up in its string
//! table on every report): codes and severities in the fixed tables `fast.rs` exports
//! once ([`CODES`], [`SEVERITIES`]), param names in [`param_names`], which gives a name
//! its position the first time a report holds it. The layout: `valid` (0 or 1), the
//! number of errors, the number of warnings, then for each error and then each warning:
//! code, severity, path, message, the number of params, and each param's name and value
//! in the core's order.
//!
//! Building the report's objects in JS from this text costs less than setting each
//! property through napi or than `JSON.parse` of the report's JSON: each property set
//! through napi is a call across the boundary, and the text needs no JSON grammar
//! (benches/node measures the three).

use std::cell::RefCell;
use std::sync::{Mutex, MutexGuard, PoisonError};

use cobro::{Code, Report, Severity};
use napi_derive::napi;

/// Every code, in the order of their positions in the packed text.
pub const CODES: &[Code] = Code::ALL;

/// Every severity, in the order of their positions in the packed text.
pub const SEVERITIES: [Severity; 2] = [Severity::Error, Severity::Warning];

/// Every param name met so far, in the order met: a name's position never changes and is
/// never reused, so every thread and every Node environment of the process agree on it.
static PARAM_NAMES: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

/// The table of param names (a panic elsewhere cannot leave it half written: a push is
/// the only change).
fn param_table() -> MutexGuard<'static, Vec<&'static str>> {
    PARAM_NAMES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The position of `name` in the table, given one if it has none yet.
fn param_position(table: &mut Vec<&'static str>, name: &'static str) -> usize {
    table.iter().position(|n| *n == name).unwrap_or_else(|| {
        table.push(name);
        table.len() - 1
    })
}

thread_local! {
    /// This thread's copy of [`PARAM_NAMES`] as it last saw it: positions never change,
    /// so a name found here has its position without taking the lock, which every
    /// report with params would otherwise take.
    static SEEN_PARAM_NAMES: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

/// The position of `name` in the table, from this thread's copy when it holds the name,
/// else from the table itself (giving the name a position if it has none), refreshing
/// the copy.
fn param_position_seen(name: &'static str) -> usize {
    SEEN_PARAM_NAMES
        .try_with(|seen| {
            let Ok(mut seen) = seen.try_borrow_mut() else {
                return param_position(&mut param_table(), name);
            };
            if let Some(at) = seen.iter().position(|n| *n == name) {
                return at;
            }
            let mut table = param_table();
            let at = param_position(&mut table, name);
            seen.clone_from(&table);
            at
        })
        .unwrap_or_else(|_| param_position(&mut param_table(), name))
}

/// Every param name given a position so far, in order: the table `body.js` reads param
/// names from, asked for again when a report holds a position past its end. Internal to
/// the package (not typed, removed from its exports by `cobro.js`).
#[napi(skip_typescript)]
pub fn param_names() -> Vec<&'static str> {
    param_table().clone()
}

/// A packed report in the narrowest encoding that holds it: Latin-1 (one byte per
/// unit; Node copies it as it is) when every character is below U+0100, else UTF-16.
pub enum Packed<'b> {
    /// Every unit is a character below U+0100.
    Latin1(&'b [u8]),
    /// UTF-16 code units.
    Utf16(&'b [u16]),
}

/// Buffers reused from one report to the next.
pub struct Packer {
    latin1: Vec<u8>,
    utf16: Vec<u16>,
    /// One issue's rendered path, then its message.
    text: Text,
}

/// Buffers for the texts of one issue at a time.
struct Text {
    path: String,
    message: String,
}

impl Packer {
    /// A packer with empty buffers (no allocation).
    pub const fn new() -> Packer {
        Packer {
            latin1: Vec::new(),
            utf16: Vec::new(),
            text: Text {
                path: String::new(),
                message: String::new(),
            },
        }
    }

    /// The packed form of `r`, in the packer's buffers.
    pub fn pack(&mut self, r: &Report) -> Packed<'_> {
        self.latin1.clear();
        if write(&mut self.latin1, &mut self.text, r).is_ok() {
            return Packed::Latin1(&self.latin1);
        }
        self.utf16.clear();
        // UTF-16 holds every character, so this write cannot stop early.
        let _ = write(&mut self.utf16, &mut self.text, r);
        Packed::Utf16(&self.utf16)
    }
}

/// The packed form of `r` in UTF-16, as a new buffer.
pub fn pack_utf16(r: &Report) -> Vec<u16> {
    let mut out = Vec::with_capacity(8 + 128 * (r.errors.len() + r.warnings.len()));
    let mut text = Text {
        path: String::new(),
        message: String::new(),
    };
    let _ = write(&mut out, &mut text, r);
    out
}

/// A character that Latin-1 cannot hold.
struct Wide;

/// A code unit of the packed text.
trait Unit: From<u8> + Sized {
    /// Appends the length of `s` in units and its units.
    fn text(out: &mut Vec<Self>, s: &str) -> Result<(), Wide>;
}

impl Unit for u8 {
    fn text(out: &mut Vec<u8>, s: &str) -> Result<(), Wide> {
        if s.is_ascii() {
            number(out, s.len());
            out.extend_from_slice(s.as_bytes());
            return Ok(());
        }
        let mut count = 0;
        for c in s.chars() {
            u8::try_from(c).map_err(|_| Wide)?;
            count += 1;
        }
        number(out, count);
        out.extend(s.chars().filter_map(|c| u8::try_from(c).ok()));
        Ok(())
    }
}

impl Unit for u16 {
    fn text(out: &mut Vec<u16>, s: &str) -> Result<(), Wide> {
        if s.is_ascii() {
            number(out, s.len());
            out.extend(s.bytes().map(u16::from));
        } else {
            number(out, s.encode_utf16().count());
            out.extend(s.encode_utf16());
        }
        Ok(())
    }
}

/// Appends the packed form of `r` to `out` (see the module's documentation); `text`
/// holds one issue's path and message at a time (the path is rendered once, for both).
fn write<U: Unit>(out: &mut Vec<U>, text: &mut Text, r: &Report) -> Result<(), Wide> {
    number(out, usize::from(r.valid));
    number(out, r.errors.len());
    number(out, r.warnings.len());
    for issue in r.errors.iter().chain(&r.warnings) {
        number(out, issue.code.index());
        number(out, usize::from(issue.severity == Severity::Warning));
        let Text { path, message } = text;
        path.clear();
        issue.path.write_to(path);
        U::text(out, path)?;
        message.clear();
        issue.write_message_at(message, path);
        U::text(out, message)?;
        number(out, issue.params.len());
        for (name, value) in &issue.params {
            number(out, param_position_seen(name));
            U::text(out, value)?;
        }
    }
    Ok(())
}

/// Appends `n`, seven bits per unit, low bits first; 0x80 marks a unit followed by more.
fn number<U: From<u8>>(out: &mut Vec<U>, mut n: usize) {
    while n >= 0x80 {
        out.push(U::from(0x80 | (n & 0x7f) as u8));
        n >>= 7;
    }
    out.push(U::from(n as u8));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader of the packed form written like `body.js` `report`, for the tests.
    struct Reader(Vec<u16>, usize);

    impl Reader {
        fn of(packed: Packed<'_>) -> Reader {
            match packed {
                Packed::Latin1(units) => Reader(units.iter().map(|&u| u16::from(u)).collect(), 0),
                Packed::Utf16(units) => Reader(units.to_vec(), 0),
            }
        }

        fn number(&mut self) -> usize {
            let (mut n, mut shift) = (0usize, 0);
            loop {
                let unit = usize::from(self.0[self.1]);
                self.1 += 1;
                n |= (unit & 0x7f) << shift;
                shift += 7;
                if unit & 0x80 == 0 {
                    return n;
                }
            }
        }

        fn text(&mut self) -> String {
            let len = self.number();
            let s = String::from_utf16(&self.0[self.1..self.1 + len]).unwrap();
            self.1 += len;
            s
        }

        /// Reads a whole report and checks it against `r`.
        fn check(mut self, r: &Report) {
            assert_eq!(self.number(), usize::from(r.valid));
            assert_eq!((self.number(), self.number()), (r.errors.len(), r.warnings.len()));
            for issue in r.errors.iter().chain(&r.warnings) {
                assert_eq!(CODES[self.number()], issue.code);
                assert_eq!(SEVERITIES[self.number()], issue.severity);
                assert_eq!(self.text(), issue.path);
                assert_eq!(self.text(), issue.message());
                assert_eq!(self.number(), issue.params.len());
                for (name, value) in &issue.params {
                    assert_eq!(param_names()[self.number()], *name);
                    assert_eq!(self.text(), *value);
                }
            }
            assert_eq!(self.1, self.0.len());
        }
    }

    #[test]
    fn numbers_round_trip_and_stay_below_256() {
        for n in [0, 1, 0x7f, 0x80, 0x3fff, 0x4000, 1 << 20, usize::MAX >> 1, usize::MAX] {
            let mut out = Vec::<u16>::new();
            number(&mut out, n);
            assert!(out.iter().all(|&u| u < 256));
            assert_eq!(Reader(out, 0).number(), n);
        }
    }

    #[test]
    fn param_names_keep_their_positions() {
        let mut table = param_table();
        let first = param_position(&mut table, "a_name_for_this_test");
        assert_eq!(param_position(&mut table, "a_name_for_this_test"), first);
        let second = param_position(&mut table, "another_name_for_this_test");
        assert_eq!(second, first + 1);
        assert_eq!(table[first], "a_name_for_this_test");
    }

    #[test]
    fn each_thread_sees_the_table_positions() {
        let name = "a_name_for_the_thread_copy_test";
        let here = param_position_seen(name);
        assert_eq!(param_position_seen(name), here);
        let there = std::thread::spawn(move || {
            let other = param_position_seen("another_name_for_the_thread_copy_test");
            (param_position_seen(name), other)
        })
        .join()
        .unwrap();
        assert_eq!(there.0, here);
        assert_eq!(param_position_seen("another_name_for_the_thread_copy_test"), there.1);
        assert_eq!(param_names()[here], name);
    }

    fn report(body: &str, locale: cobro::Locale) -> Report {
        let options = cobro::ValidateOptions {
            locale,
            ..Default::default()
        };
        cobro::validate(cobro::Kind::Payin, body.as_bytes(), &options)
    }

    #[test]
    fn reports_round_trip_in_the_narrowest_encoding() {
        let mut packer = Packer::new();
        // Spanish or Portuguese messages and keys with a NUL and U+00E9: Latin-1.
        for locale in [cobro::Locale::Es, cobro::Locale::Pt] {
            let r = report(r#"{"payinAmount":"","a\u0000b":1,"\u00e9":2}"#, locale);
            assert!(
                r.warnings.iter().any(|i| i.path.to_string().contains('\0')),
                "{}",
                r.to_json()
            );
            assert!(r.errors.iter().any(|i| !i.message().is_ascii()), "{}", r.to_json());
            let packed = packer.pack(&r);
            assert!(matches!(packed, Packed::Latin1(_)));
            Reader::of(packed).check(&r);
            Reader(pack_utf16(&r), 0).check(&r);
        }
        // A key outside Latin-1 (and outside the BMP): UTF-16, the same packer reused.
        for locale in cobro::Locale::ALL {
            let r = report(r#"{"\u0100":1,"\ud83d\ude00":2}"#, locale);
            let packed = packer.pack(&r);
            assert!(matches!(packed, Packed::Utf16(_)));
            Reader::of(packed).check(&r);
            Reader(pack_utf16(&r), 0).check(&r);
        }
        // A clean report.
        let r = Report {
            valid: true,
            ..Default::default()
        };
        Reader::of(packer.pack(&r)).check(&r);
    }

    /// Param names for the property test (the core's are `&'static str` too).
    const NAMES: [&str; 4] = ["allowed", "when", "max", "a_name_only_this_test_uses"];

    fn any_issue() -> impl proptest::strategy::Strategy<Value = cobro::Issue> {
        use proptest::prelude::*;
        let text = || prop_oneof![".{0,40}", "[a-z.\\[\\]0-9]{0,300}", "[\\x00-\\xff]{0,20}"];
        (
            0..CODES.len(),
            0..SEVERITIES.len(),
            text(),
            proptest::collection::vec((0..NAMES.len(), text()), 0..4),
            0..cobro::Locale::ALL.len(),
        )
            .prop_map(|(code, severity, path, params, locale)| cobro::Issue {
                path: path.into(),
                code: CODES[code],
                severity: SEVERITIES[severity],
                params: params.into_iter().map(|(n, v)| (NAMES[n], v.into())).collect(),
                locale: cobro::Locale::ALL[locale],
            })
    }

    proptest::proptest! {
        /// Any report (any text in paths and params, any code, long lengths) reads back
        /// whole from both encodings, with the same packer reused.
        #[test]
        fn any_report_round_trips(
            valid: bool,
            errors in proptest::collection::vec(any_issue(), 0..4),
            warnings in proptest::collection::vec(any_issue(), 0..4),
        ) {
            let r = Report { valid, errors, warnings };
            let mut packer = Packer::new();
            for _ in 0..2 {
                let latin1 = matches!(packer.pack(&r), Packed::Latin1(_));
                let fits = |s: &str| s.chars().all(|c| u32::from(c) < 0x100);
                let all_fit = r.errors.iter().chain(&r.warnings).all(|i| {
                    fits(&i.path.to_string()) && fits(&i.message()) && i.params.iter().all(|(_, v)| fits(v))
                });
                proptest::prop_assert_eq!(latin1, all_fit);
                Reader::of(packer.pack(&r)).check(&r);
            }
            Reader(pack_utf16(&r), 0).check(&r);
        }
    }
}
