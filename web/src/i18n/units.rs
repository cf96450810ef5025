//! Numbers with their units, as the page writes them in every language:
//! binary byte units, metric counts and seconds (the units are the same in
//! the four languages; the words around them are in the catalogue).

/// Bytes in binary units: "850 KiB", "540 MiB", "3.0 GiB".
pub fn bytes_text(bytes: u64) -> String {
    const KIB: f64 = 1024.0;
    let b = bytes as f64;
    if b >= KIB * KIB * KIB {
        format!("{:.1} GiB", b / (KIB * KIB * KIB))
    } else if b >= KIB * KIB {
        format!("{:.0} MiB", b / (KIB * KIB))
    } else {
        format!("{:.0} KiB", (b / KIB).max(1.0))
    }
}

/// A count with a metric prefix: "950", "230 k", "44.1 M".
pub fn count_text(n: u64) -> String {
    let x = n as f64;
    if x >= 1e6 {
        format!("{:.1} M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.0} k", x / 1e3)
    } else {
        n.to_string()
    }
}

/// Seconds with two significant digits: "0.041", "2.5", "45".
pub fn seconds_text(s: f64) -> String {
    if s >= 10.0 {
        format!("{s:.0}")
    } else if s >= 1.0 {
        format!("{s:.1}")
    } else if s >= 0.1 {
        format!("{s:.2}")
    } else {
        format!("{s:.3}")
    }
}

/// A fraction with three significant digits: "0.333", "0.00132"; below
/// 0.001, where the zeros would bury the digits, in the e-notation the Noam
/// view writes its rates in: "5.01e-5".
pub fn fraction_text(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        format!("{x}")
    } else if x.abs() >= 1e-3 {
        let decimals = (2 - x.abs().log10().floor() as i32).max(0) as usize;
        format!("{x:.decimals$}")
    } else {
        format!("{x:.2e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_read_as_people_write_them() {
        assert_eq!(bytes_text(3 << 30), "3.0 GiB");
        assert_eq!(bytes_text(540 << 20), "540 MiB");
        assert_eq!(bytes_text(100), "1 KiB");
        assert_eq!(count_text(44_123_456), "44.1 M");
        assert_eq!(count_text(230_400), "230 k");
        assert_eq!(count_text(950), "950");
        assert_eq!(seconds_text(45.2), "45");
        assert_eq!(seconds_text(2.46), "2.5");
        assert_eq!(seconds_text(0.0412), "0.041");
    }

    #[test]
    fn small_fractions_keep_three_digits_and_lose_their_zeros() {
        assert_eq!(fraction_text(1.0 / 3.0), "0.333");
        assert_eq!(fraction_text(0.1 / 76.0), "0.00132");
        assert_eq!(fraction_text(0.1 / 1998.0), "5.01e-5");
        assert_eq!(fraction_text(0.1 / 2000.0), "5.00e-5");
        assert_eq!(fraction_text(0.000_999_9), "1.00e-3");
        assert_eq!(fraction_text(0.0), "0");
    }
}
