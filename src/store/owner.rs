//! One owner per run: the process that runs or continues a run holds a lock on
//! `run-RUN.lock` in the state directory ([`Store::claim`]). The operating system
//! releases it when that process ends, however it ends (exit, Ctrl-C, SIGKILL, a
//! reboot), so:
//!
//! - a second `archie resume RUN` while the first still runs is refused
//!   ([`StoreError::Owned`], exit code 2), and so is a resume of a run whose first
//!   process is alive;
//! - a run recorded as `pending` or `running` whose lock nobody holds was left by a
//!   process that died: it reads back as [`Status::Abandoned`], `resume --last` picks it
//!   and `runs prune` can delete it.
//!
//! A lock file is removed by its owner when it lets go, and by whoever finds it unheld
//! afterwards; removing it while holding the lock, and checking after locking that the
//! file is still the one at that path, keeps two processes from both owning a run.

use super::{Status, Store, StoreError};
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How often, and how far apart, a claim retries a lock that is held (a process that
/// checks whether a run is abandoned holds it for a moment).
const CLAIM_TRIES: u32 = 5;
const CLAIM_PAUSE: Duration = Duration::from_millis(10);

/// This process owns a run until the lock is dropped.
#[derive(Debug)]
pub struct RunLock {
    path: PathBuf,
    /// Holds the lock; `None` where the file system cannot lock (the run is then not
    /// protected, as before locks existed).
    file: Option<File>,
}

impl Drop for RunLock {
    fn drop(&mut self) {
        if self.file.is_some() {
            // Removed while still locked: a process that opened it meanwhile finds, once
            // it has the lock, that the file is no longer at the path, and tries again.
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Whether some process holds the lock of a run.
enum Held {
    Yes,
    No,
    /// The file system cannot say.
    Unknown,
}

impl Store {
    /// The lock file of `run`.
    pub fn lock_path(&self, run: &str) -> PathBuf {
        self.dir().join(format!("run-{run}.lock"))
    }

    fn dir(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new("."))
    }

    /// Makes this process the owner of `run` for as long as the returned lock lives.
    /// [`StoreError::Owned`] if another live process owns it.
    pub fn claim(&self, run: &str) -> Result<RunLock, StoreError> {
        let path = self.lock_path(run);
        let io_err = |source| StoreError::Lock {
            path: path.clone(),
            source,
        };
        for attempt in 1..=CLAIM_TRIES {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(io_err)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) if attempt < CLAIM_TRIES => {
                    std::thread::sleep(CLAIM_PAUSE);
                    continue;
                }
                Err(fs::TryLockError::WouldBlock) => {
                    let mut text = String::new();
                    let _ = file.read_to_string(&mut text);
                    return Err(StoreError::Owned {
                        id: run.to_string(),
                        pid: text.trim().parse().ok(),
                    });
                }
                Err(fs::TryLockError::Error(_)) => {
                    return Ok(RunLock { path, file: None });
                }
            }
            if !same_file(&file, &path) {
                // Its owner removed it between our open and our lock: take the new one.
                continue;
            }
            let _ = file.set_len(0);
            let _ = write!(file, "{}", std::process::id());
            return Ok(RunLock {
                path,
                file: Some(file),
            });
        }
        Err(StoreError::Owned {
            id: run.to_string(),
            pid: None,
        })
    }

    /// Whether a live process owns `run`. A lock file nobody holds is removed.
    fn held(&self, run: &str) -> Held {
        let path = self.lock_path(run);
        let Ok(file) = OpenOptions::new().read(true).write(true).open(&path) else {
            return Held::No;
        };
        match file.try_lock() {
            Ok(()) => {
                if same_file(&file, &path) {
                    let _ = fs::remove_file(&path);
                }
                Held::No
            }
            Err(fs::TryLockError::WouldBlock) => Held::Yes,
            Err(fs::TryLockError::Error(_)) => Held::Unknown,
        }
    }

    /// The status to show: a `pending` or `running` run that nobody owns was left by a
    /// process that died, and is [`Status::Abandoned`].
    pub(super) fn settle(&self, run: &str, status: Status) -> Status {
        match status {
            Status::Pending | Status::Running if matches!(self.held(run), Held::No) => {
                Status::Abandoned
            }
            other => other,
        }
    }

    /// Whether a run can be taken over now: nobody owns it.
    pub(super) fn unowned(&self, run: &str) -> bool {
        matches!(self.held(run), Held::No)
    }
}

/// Whether `file` is (still) the file at `path`.
fn same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        path.exists()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::NewRun;

    fn store_with_run() -> (tempfile::TempDir, Store, String) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let run = store
            .create_run(NewRun {
                command: "echo".into(),
                args: vec!["archie".into(), "echo".into()],
                memory_file: "context.json".into(),
                flow: "echo".into(),
            })
            .unwrap();
        (dir, store, run.to_string())
    }

    #[test]
    fn a_run_has_one_owner_at_a_time() {
        let (_dir, store, run) = store_with_run();
        let owner = store.claim(&run).unwrap();
        let err = store.claim(&run).unwrap_err();
        assert!(
            matches!(&err, StoreError::Owned { id, pid: Some(p) } if *id == run && *p == std::process::id()),
            "{err:?}"
        );
        assert!(err.to_string().contains("another archie process"), "{err}");
        assert_eq!(store.settle(&run, Status::Running), Status::Running);
        drop(owner);
        assert!(
            !store.lock_path(&run).exists(),
            "the owner removes its lock file"
        );
        assert_eq!(store.settle(&run, Status::Running), Status::Abandoned);
        let again = store.claim(&run).unwrap();
        drop(again);
    }

    #[test]
    fn a_lock_file_left_by_a_dead_owner_is_not_a_claim() {
        let (_dir, store, run) = store_with_run();
        let path = store.lock_path(&run);
        fs::write(&path, "999999").unwrap();
        assert_eq!(store.settle(&run, Status::Pending), Status::Abandoned);
        assert!(!path.exists(), "a lock file nobody holds is cleaned up");
        let owner = store.claim(&run).unwrap();
        assert_eq!(store.settle(&run, Status::Pending), Status::Pending);
        // Finished runs keep their status, owned or not.
        assert_eq!(store.settle(&run, Status::Completed), Status::Completed);
        drop(owner);
    }
}
