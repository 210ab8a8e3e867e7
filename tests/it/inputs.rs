//! Files the user hands archie besides documents and the memory (`--answers FILE`): only
//! regular files are read, never more than a bound, and bad input exits with 2.

use crate::support::TestEnv;

#[test]
fn an_answers_file_that_is_not_utf8_is_bad_input() {
    let env = TestEnv::new();
    env.write("answers.txt", b"yes\n\xff\xfe\n");
    let ran = env.code(&["--answers", "answers.txt", "echo", "hi"], 2);
    assert!(
        ran.stderr
            .contains("answers file answers.txt is not UTF-8 text"),
        "{}",
        ran.stderr
    );
}

#[cfg(unix)]
#[test]
fn an_answers_file_that_is_a_device_or_a_pipe_is_refused_at_once() {
    let env = TestEnv::new();
    let ran = env.code(&["--answers", "/dev/zero", "echo", "hi"], 2);
    assert!(
        ran.stderr.contains("cannot read answers file /dev/zero"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr.contains("a device, not a regular file"),
        "{}",
        ran.stderr
    );
    let fifo = env.path().join("answers.fifo");
    crate::support::other_side::mkfifo(&fifo);
    let ran = env.code(&["--answers", "answers.fifo", "echo", "hi"], 2);
    assert!(ran.stderr.contains("a named pipe"), "{}", ran.stderr);
    let ran = env.code(&["--answers", "missing.txt", "echo", "hi"], 2);
    assert!(ran.stderr.contains("missing.txt"), "{}", ran.stderr);
}

#[test]
fn an_answers_file_over_16_mib_is_refused_and_one_of_16_mib_is_read() {
    let env = TestEnv::new();
    // Exactly the limit: read (one answer per line; echo takes the first).
    let mut at_limit = b"hi there\n".repeat((16 << 20) / 9);
    at_limit.resize(16 << 20, b'\n');
    env.write("answers.txt", &at_limit);
    let ran = env.ok(&["--answers", "answers.txt", "echo"]);
    assert!(ran.stdout.contains("hi there"), "{}", ran.stdout);
    // One byte more: refused before it is read whole, saying the size and the limit.
    at_limit.push(b'\n');
    env.write("answers.txt", &at_limit);
    let ran = env.code(&["--answers", "answers.txt", "echo"], 2);
    assert!(
        ran.stderr.contains("cannot read answers file answers.txt"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr
            .contains("it is 16777217 bytes, over the limit of 16777216 bytes"),
        "{}",
        ran.stderr
    );
}
