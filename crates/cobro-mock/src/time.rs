//! The mock's clock, and the provider's two ways of writing a time.

use std::time::{SystemTime, UNIX_EPOCH};

use cobro::CivilDate;

/// Unix seconds now (0 for a clock before 1970).
pub fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

fn parts(unix: u64) -> (CivilDate, u64, u64, u64) {
    let day = unix % 86_400;
    (CivilDate::from_unix_seconds(unix), day / 3600, day / 60 % 60, day % 60)
}

/// ISO 8601 UTC, `2025-11-10T15:14:22Z` (spec 2.2 `timestamp`, 7.1).
pub fn iso(unix: u64) -> String {
    let (date, h, m, s) = parts(unix);
    format!("{date}T{h:02}:{m:02}:{s:02}Z")
}

/// `YYYY-MM-DD HH:MM:SS` (spec 2.8 `expiration`).
pub fn voucher(unix: u64) -> String {
    let (date, h, m, s) = parts(unix);
    format!("{date} {h:02}:{m:02}:{s:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(iso(1_762_787_662), "2025-11-10T15:14:22Z");
        assert_eq!(voucher(0), "1970-01-01 00:00:00");
    }
}
