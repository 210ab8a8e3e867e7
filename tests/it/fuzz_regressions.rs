//! Inputs the fuzzers found (`fuzz/regressions/TARGET/*`), replayed through the same
//! checks as the fuzz targets (`fuzz/checks.rs`), so CI runs them without cargo-fuzz.
//! Also replays the seed corpus (`fuzz/seeds/TARGET/*`), so the checks themselves stay
//! compiled and sound.

#[path = "../../fuzz/checks.rs"]
mod checks;

use std::path::Path;

/// Every file in `fuzz/FOLDER/TARGET/`, checked by TARGET's check; returns how many.
fn replay(folder: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(folder);
    let mut replayed = 0;
    for target in checks::TARGETS {
        let dir = root.join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        files.sort();
        for file in files.iter().filter(|f| f.is_file()) {
            let data = std::fs::read(file).expect("read an input");
            let outcome = std::panic::catch_unwind(|| checks::check(target, &data));
            assert!(
                outcome.is_ok(),
                "{target} fails on {} (replay: cargo fuzz run {target} {})",
                file.display(),
                file.display()
            );
            replayed += 1;
        }
    }
    replayed
}

#[test]
fn inputs_the_fuzzers_found_stay_fixed() {
    replay("regressions");
}

#[test]
fn the_seed_inputs_pass_every_check() {
    assert!(replay("seeds") >= checks::TARGETS.len());
}
