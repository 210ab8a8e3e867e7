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
