//! Sizes for people: `--max-file-size 2M`, "over 1 MiB".

/// Parses a size: plain bytes (`1048576`) or a number with a binary unit: `K`/`KB`/`KiB`
/// (1024), `M`/`MB`/`MiB`, `G`/`GB`/`GiB`, case-insensitive, fractions allowed (`1.5M`).
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let unit = unit.trim().to_ascii_lowercase();
    let multiplier: u64 = match unit.as_str() {
        "" | "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        _ => {
            return Err(format!(
                "`{s}` is not a size: use bytes or a unit, e.g. 512K, 2M, 1G"
            ));
        }
    };
    let bad = || format!("`{s}` is not a size: use bytes or a unit, e.g. 512K, 2M, 1G");
    if let Ok(n) = number.parse::<u64>() {
        return n.checked_mul(multiplier).ok_or_else(bad);
    }
    let n: f64 = number.parse().map_err(|_| bad())?;
    let bytes = (n * multiplier as f64).round();
    if !bytes.is_finite() || bytes < 0.0 || bytes > u64::MAX as f64 {
        return Err(bad());
    }
    Ok(bytes as u64)
}

/// A byte count for people: `900 B`, `512 KiB`, `1 MiB`, `1.5 MiB`, `2 GiB`.
pub fn format_size(bytes: u64) -> String {
    const UNITS: [(&str, u64); 3] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    for (unit, size) in UNITS {
        if bytes >= size {
            let tenths = (bytes as f64 / size as f64 * 10.0).round() / 10.0;
            return if tenths.fract() == 0.0 {
                format!("{tenths:.0} {unit}")
            } else {
                format!("{tenths:.1} {unit}")
            };
        }
    }
    format!("{bytes} B")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_in_human_forms() {
        assert_eq!(parse_size("1048576"), Ok(1_048_576));
        assert_eq!(parse_size("512K"), Ok(512 * 1024));
        assert_eq!(parse_size("512kb"), Ok(512 * 1024));
        assert_eq!(parse_size("2M"), Ok(2 * 1024 * 1024));
        assert_eq!(parse_size("2 MiB"), Ok(2 * 1024 * 1024));
        assert_eq!(parse_size("1.5m"), Ok(1_572_864));
        assert_eq!(parse_size("1G"), Ok(1 << 30));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("12Q").is_err());
        assert!(parse_size("").is_err());
        assert!(parse_size("99999999999999999999G").is_err());
    }

    #[test]
    fn sizes_format_for_people() {
        assert_eq!(format_size(900), "900 B");
        assert_eq!(format_size(512 * 1024), "512 KiB");
        assert_eq!(format_size(1 << 20), "1 MiB");
        assert_eq!(format_size(1_572_864), "1.5 MiB");
        assert_eq!(format_size(3 << 30), "3 GiB");
    }
}
