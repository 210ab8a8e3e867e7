//! Fuzz target `memory_file`: see `fuzz/checks.rs` for what it checks.
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::memory_file(data));
