//! Wall-clock times as people and protocols read them, from Unix milliseconds (UTC).

/// A Unix-ms time as a civil date and time of day, UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Utc {
    pub year: i64,
    pub month: i64,
    pub day: i64,
    pub hour: i64,
    pub minute: i64,
    pub second: i64,
}

impl Utc {
    pub fn from_ms(ms: i64) -> Self {
        let secs = ms.div_euclid(1000);
        let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        Utc {
            year: yoe + era * 400 + i64::from(month <= 2),
            month,
            day,
            hour: rest / 3600,
            minute: rest % 3600 / 60,
            second: rest % 60,
        }
    }

    /// `2026-11-25T16:20:00Z` (ISO 8601).
    pub fn iso(self) -> String {
        format!("{}T{}Z", self.date(), self.time())
    }

    /// `2026-11-25 16:20:00 UTC`.
    pub fn readable(self) -> String {
        format!("{} {} UTC", self.date(), self.time())
    }

    fn date(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    fn time(self) -> String {
        format!("{:02}:{:02}:{:02}", self.hour, self.minute, self.second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(Utc::from_ms(0).iso(), "1970-01-01T00:00:00Z");
        assert_eq!(Utc::from_ms(951_782_400_000).iso(), "2000-02-29T00:00:00Z");
        assert_eq!(
            Utc::from_ms(1_795_311_695_000).readable(),
            "2026-11-22 01:41:35 UTC"
        );
        assert_eq!(Utc::from_ms(-1000).iso(), "1969-12-31T23:59:59Z");
    }
}
