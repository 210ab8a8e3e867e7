//! Inputs the fuzzers found (`fuzz/regressions/TARGET/*`), replayed through the same
//! checks as the fuzz targets (`fuzz/checks.rs`), so CI runs them without cargo-fuzz.
//! Also replays the seed corpus (`fuzz/seeds/TARGET/*`), so the checks themselves stay
//! compiled and sound.

#[path = "../../fuzz/checks.rs"]
mod checks;

use std::path::Path;

/// Every file in `fuzz/FOLDER/TARGET/`, checked by TARGET's check; returns how many were
/// replayed, and asserts that this is every file under `fuzz/FOLDER/` (a folder for a
/// target the checks do not know would otherwise never be replayed).
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
    assert_eq!(
        replayed,
        files_under(&root),
        "every file under {} is replayed (is a target missing from fuzz/checks.rs TARGETS?)",
        root.display()
    );
    replayed
}

/// How many files `dir` holds, at any depth.
fn files_under(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .map(|e| {
            let path = e.path();
            if path.is_dir() {
                files_under(&path)
            } else {
                usize::from(path.is_file())
            }
        })
        .sum()
}

/// Each target's folder under `fuzz/FOLDER/` holds at least one input.
fn every_target_has_inputs(folder: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(folder);
    for target in checks::TARGETS {
        assert!(
            files_under(&root.join(target)) > 0,
            "fuzz/{folder}/{target} has no input"
        );
    }
}

#[test]
fn inputs_the_fuzzers_found_stay_fixed() {
    // fuzz/regressions/redact holds two inputs today; more may come, none may vanish
    // unnoticed.
    assert!(replay("regressions") >= 2);
}

#[test]
fn the_seed_inputs_pass_every_check() {
    every_target_has_inputs("seeds");
    assert!(replay("seeds") >= checks::TARGETS.len());
}
