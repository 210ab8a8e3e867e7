//! Pearson's chi-square goodness-of-fit test, and the share of new participants each
//! condition should get under UpGrade's weighted draw.

/// The expected share of each condition (in order) for UpGrade's draw: `r` uniform in
/// [0, 100), conditions walked by order adding weights, the first whose running sum
/// reaches `r` wins, and if none does, the **first** condition. So weights that sum to
/// less than 100 give the leftover to the first condition, and beyond 100 the last ones
/// are cut short.
pub fn draw_shares(weights: &[f64]) -> Vec<f64> {
    let mut shares = vec![0.0; weights.len()];
    let mut before = 0.0f64;
    for (i, w) in weights.iter().enumerate() {
        let after = (before + w.max(0.0)).min(100.0);
        shares[i] = (after - before).max(0.0) / 100.0;
        before = after;
    }
    if let Some(first) = shares.first_mut() {
        *first += (100.0 - before).max(0.0) / 100.0;
    }
    shares
}

/// The outcome of a goodness-of-fit test.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChiSquare {
    pub statistic: f64,
    /// Degrees of freedom: cells with a positive expectation, less one.
    pub df: u32,
    /// The chance of a statistic at least this large if the counts follow the shares.
    pub p_value: f64,
}

/// Tests `observed` counts against `shares` (which sum to 1). Cells expected to be empty
/// must be empty (any count there gives p = 0). `None` with fewer than two possible cells
/// or no observations.
pub fn chi_square(observed: &[u64], shares: &[f64]) -> Option<ChiSquare> {
    let n: u64 = observed.iter().sum();
    if n == 0 || observed.len() != shares.len() {
        return None;
    }
    let mut statistic = 0.0;
    let mut cells = 0u32;
    let mut impossible = false;
    for (&o, &share) in observed.iter().zip(shares) {
        let expected = share * n as f64;
        if expected > 0.0 {
            cells += 1;
            let d = o as f64 - expected;
            statistic += d * d / expected;
        } else if o > 0 {
            impossible = true;
        }
    }
    if cells < 2 {
        return None;
    }
    let df = cells - 1;
    let p_value = if impossible {
        0.0
    } else {
        chi_square_sf(statistic, df)
    };
    Some(ChiSquare {
        statistic,
        df,
        p_value,
    })
}

/// P(X ≥ x) for X chi-square with `df` degrees of freedom: Q(df/2, x/2).
pub fn chi_square_sf(x: f64, df: u32) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    gamma_q(f64::from(df) / 2.0, x / 2.0)
}

/// The regularized upper incomplete gamma function Q(a, x) (Numerical Recipes §6.2: the
/// series below a + 1, the continued fraction above).
pub fn gamma_q(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    if x < a + 1.0 {
        1.0 - gamma_p_series(a, x)
    } else {
        gamma_q_fraction(a, x)
    }
}

const EPS: f64 = 1e-14;
const ITERATIONS: usize = 500;

fn gamma_p_series(a: f64, x: f64) -> f64 {
    let mut sum = 1.0 / a;
    let mut term = sum;
    let mut ap = a;
    for _ in 0..ITERATIONS {
        ap += 1.0;
        term *= x / ap;
        sum += term;
        if term.abs() < sum.abs() * EPS {
            break;
        }
    }
    (sum.ln() - x + a * x.ln() - ln_gamma(a))
        .exp()
        .clamp(0.0, 1.0)
}

fn gamma_q_fraction(a: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let mut b = x + 1.0 - a;
    let mut c = 1.0 / TINY;
    let mut d = 1.0 / b;
    let mut h = d;
    for i in 1..ITERATIONS {
        let an = -(i as f64) * (i as f64 - a);
        b += 2.0;
        d = an * d + b;
        if d.abs() < TINY {
            d = TINY;
        }
        c = b + an / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let delta = d * c;
        h *= delta;
        if (delta - 1.0).abs() < EPS {
            break;
        }
    }
    ((-x + a * x.ln() - ln_gamma(a)).exp() * h).clamp(0.0, 1.0)
}

/// ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9).
pub fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x)Γ(1−x) = π / sin(πx).
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = C[0];
    let t = x + G + 0.5;
    for (i, c) in C.iter().enumerate().skip(1) {
        a += c / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() < tol
    }

    #[test]
    fn ln_gamma_matches_factorials() {
        assert!(close(ln_gamma(1.0), 0.0, 1e-12));
        assert!(close(ln_gamma(5.0), 24f64.ln(), 1e-12));
        assert!(close(
            ln_gamma(0.5),
            std::f64::consts::PI.sqrt().ln(),
            1e-12
        ));
        assert!(close(ln_gamma(100.0), 359.134_205_369_575_4, 1e-9));
    }

    #[test]
    fn chi_square_tail_matches_tables() {
        // Critical values at 5 % and 1 %.
        assert!(close(chi_square_sf(3.841_458_820_694_124, 1), 0.05, 1e-9));
        assert!(close(chi_square_sf(5.991_464_547_107_979, 2), 0.05, 1e-9));
        assert!(close(chi_square_sf(6.634_896_601_021_213, 1), 0.01, 1e-9));
        assert!(close(chi_square_sf(23.209_251_158_954_356, 10), 0.01, 1e-9));
        // The UX sketch: χ² 0.48 with 1 df.
        assert!(close(chi_square_sf(0.484, 1), 0.4866, 1e-3));
        assert!(close(chi_square_sf(0.0, 3), 1.0, 1e-12));
        // Large statistics underflow towards 0, never below.
        let tiny = chi_square_sf(500.0, 1);
        assert!((0.0..1e-100).contains(&tiny));
    }

    #[test]
    fn shares_follow_upgrades_draw() {
        assert_eq!(draw_shares(&[30.0, 70.0]), [0.3, 0.7]);
        // Leftover mass goes to the first condition: 10/20 gives 80 %/20 %.
        let s = draw_shares(&[10.0, 20.0]);
        assert!(close(s[0], 0.8, 1e-12) && close(s[1], 0.2, 1e-12));
        // Beyond 100 the last are cut.
        let s = draw_shares(&[80.0, 80.0]);
        assert!(close(s[0], 0.8, 1e-12) && close(s[1], 0.2, 1e-12));
    }

    #[test]
    fn the_test_tells_fair_from_skewed_counts() {
        let fair = chi_square(&[489, 511], &[0.5, 0.5]).unwrap();
        assert_eq!(fair.df, 1);
        assert!(close(fair.statistic, 0.484, 1e-9));
        assert!(fair.p_value > 0.4);
        let skewed = chi_square(&[700, 300], &[0.5, 0.5]).unwrap();
        assert!(skewed.p_value < 1e-20);
        assert!(chi_square(&[10], &[1.0]).is_none());
        assert!(chi_square(&[0, 0], &[0.5, 0.5]).is_none());
        assert_eq!(
            chi_square(&[5, 5, 1], &[0.5, 0.5, 0.0]).unwrap().p_value,
            0.0
        );
    }
}
