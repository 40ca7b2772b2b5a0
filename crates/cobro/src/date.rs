//! A calendar date (`YYYY-MM-DD`) for payinDateTime (spec 2.4). Today's date is an input
//! of the core (DESIGN.md section 5); the core never reads a clock.

use std::fmt;

/// A proleptic Gregorian calendar date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CivilDate {
    year: u16,
    month: u8,
    day: u8,
}

impl CivilDate {
    /// The date, when `month`/`day` exist in `year` (years 1-9999).
    pub fn new(year: u16, month: u8, day: u8) -> Option<CivilDate> {
        let leap = (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400);
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        ((1..=9999).contains(&year) && (1..=days).contains(&day)).then_some(CivilDate { year, month, day })
    }

    /// Parses exactly `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Option<CivilDate> {
        let b = text.as_bytes();
        if b.len() != 10 || b.get(4) != Some(&b'-') || b.get(7) != Some(&b'-') {
            return None;
        }
        let num = |r: std::ops::Range<usize>| -> Option<u16> {
            let s = text.get(r)?;
            if s.bytes().all(|c| c.is_ascii_digit()) {
                s.parse().ok()
            } else {
                None
            }
        };
        CivilDate::new(
            num(0..4)?,
            u8::try_from(num(5..7)?).ok()?,
            u8::try_from(num(8..10)?).ok()?,
        )
    }

    /// The date of a Unix time in seconds at `offset_minutes` from UTC (negative west
    /// of Greenwich): west of it, the first hours after the epoch are 1969-12-31.
    pub fn from_unix_seconds_at(seconds: u64, offset_minutes: i32) -> CivilDate {
        let shifted = i128::from(seconds) + i128::from(offset_minutes) * 60;
        CivilDate::from_days(i64::try_from(shifted.div_euclid(86_400)).unwrap_or(0))
    }

    /// The UTC date of a Unix time in seconds.
    pub fn from_unix_seconds(seconds: u64) -> CivilDate {
        CivilDate::from_unix_seconds_at(seconds, 0)
    }

    /// The date `days` days after 1970-01-01 (before it when negative).
    fn from_days(days: i64) -> CivilDate {
        // Howard Hinnant's days-from-civil inverse; the eras are floored, so days
        // before the epoch count back from it.
        let z = days.saturating_add(719_468);
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        CivilDate {
            year: u16::try_from(year).unwrap_or(9999),
            month: u8::try_from(month).unwrap_or(1),
            day: u8::try_from(day).unwrap_or(1),
        }
    }
}

impl fmt::Display for CivilDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_render() {
        assert_eq!(CivilDate::parse("2024-02-29").unwrap().to_string(), "2024-02-29");
        for bad in [
            "2023-02-29",
            "2024-13-01",
            "2024-1-01",
            "YYYY-MM-DD",
            "2024-01-001",
            "+024-01-01",
        ] {
            assert_eq!(CivilDate::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn from_unix() {
        assert_eq!(CivilDate::from_unix_seconds(0).to_string(), "1970-01-01");
        assert_eq!(CivilDate::from_unix_seconds(1_700_000_000).to_string(), "2023-11-14");
        assert_eq!(CivilDate::from_unix_seconds(951_782_400).to_string(), "2000-02-29");
        assert_eq!(
            CivilDate::from_unix_seconds_at(951_782_400, -300).to_string(),
            "2000-02-28"
        );
        // West of Greenwich, the first hours after the epoch are still 1969 there.
        assert_eq!(CivilDate::from_unix_seconds_at(100, -300).to_string(), "1969-12-31");
        assert_eq!(CivilDate::from_unix_seconds_at(0, -360).to_string(), "1969-12-31");
        assert_eq!(CivilDate::from_unix_seconds_at(18_000, -300).to_string(), "1970-01-01");
        assert_eq!(CivilDate::from_unix_seconds_at(17_999, -300).to_string(), "1969-12-31");
        assert_eq!(CivilDate::from_unix_seconds_at(0, 840).to_string(), "1970-01-01");
        assert_eq!(
            CivilDate::from_unix_seconds_at(u64::MAX, i32::MIN).to_string(),
            CivilDate::from_unix_seconds_at(u64::MAX, i32::MIN).to_string()
        );
        // The clock's largest value (UnixSeconds stays below 10^11) is a date of the
        // table.
        assert_eq!(
            CivilDate::from_unix_seconds_at(99_999_999_999, -300).to_string(),
            "5138-11-16"
        );
    }
}
