//! The advisory lock two archie processes on one machine take before they change the same
//! experiment of the same server: held from the re-read right before a write through
//! the write and its verification, so one process's read-modify-write never interleaves
//! with another's. UpGrade has no optimistic locking, and other clients cannot be locked
//! out: for them, the verification after each write is what protects.
//!
//! One file per (server, experiment) in a folder shared by every archie of the user
//! ([`lock_dir`]), named so that people can read it:
//! `EXPERIMENT-ID@http_127.0.0.1_3030_api.lock`.
//! The operating system lets go of it when the process ends, however it ends.

use super::error::UpgradeError;
use crate::env_vars::EnvVars;
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long a write waits for another archie's lock when nothing says otherwise.
pub const DEFAULT_LOCK_WAIT: Duration = Duration::from_secs(30);

/// The folder of the lock files, the user's own: `ARCHIE_UPGRADE_LOCK_DIR`, else
/// `$XDG_RUNTIME_DIR/archie/upgrade-locks`, else `$HOME/.cache/archie/upgrade-locks`,
/// else the temporary folder's `archie-upgrade-locks`.
pub fn lock_dir(env: crate::config::EnvLookup<'_>) -> PathBuf {
    let var = |name: &str| {
        env(name)
            .map(|d| d.trim().to_string())
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var(EnvVars::ARCHIE_UPGRADE_LOCK_DIR) {
        return dir;
    }
    if let Some(dir) = var(EnvVars::XDG_RUNTIME_DIR) {
        return dir.join("archie").join("upgrade-locks");
    }
    if let Some(home) = var(EnvVars::HOME) {
        return home.join(".cache").join("archie").join("upgrade-locks");
    }
    std::env::temp_dir().join("archie-upgrade-locks")
}

/// The lock file of experiment `id` on the server at `url`, in `dir`.
pub fn lock_path(dir: &Path, url: &str, id: &str) -> PathBuf {
    let safe = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || matches!(c, '-' | '.') {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    };
    dir.join(format!("{}@{}.lock", safe(id), safe(url)))
}

/// A held lock; let go when dropped.
#[derive(Debug)]
pub struct ExperimentLock {
    file: File,
}

impl Drop for ExperimentLock {
    fn drop(&mut self) {
        let _ = self.file.unlock();
    }
}

/// Takes the lock at `path`, waiting at most `wait` for another process to let go of it
/// (polling, without blocking the runtime), then fails with [`UpgradeError::Busy`].
pub async fn lock(path: &Path, wait: Duration) -> Result<ExperimentLock, UpgradeError> {
    let io = |e: std::io::Error| UpgradeError::Config {
        message: format!(
            "cannot take the lock {} that keeps two archie processes from changing one \
             experiment at once: {e} (ARCHIE_UPGRADE_LOCK_DIR chooses its folder)",
            path.display()
        ),
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(io)?;
    let start = Instant::now();
    let mut pause = Duration::from_millis(5);
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(ExperimentLock { file }),
            Err(std::fs::TryLockError::WouldBlock) => {}
            Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
        }
        let waited = start.elapsed();
        if waited >= wait {
            return Err(UpgradeError::Busy {
                lock: path.display().to_string(),
                secs: waited.as_secs_f64(),
            });
        }
        tokio::time::sleep(pause.min(wait - waited)).await;
        pause = (pause * 2).min(Duration::from_millis(100));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_folder_is_the_users() {
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                vars.iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        let dir = |vars| lock_dir(&env(vars));
        assert_eq!(
            dir(&[
                (EnvVars::ARCHIE_UPGRADE_LOCK_DIR, "/l"),
                (EnvVars::HOME, "/h")
            ]),
            PathBuf::from("/l")
        );
        assert_eq!(
            dir(&[
                (EnvVars::XDG_RUNTIME_DIR, "/run/user/1"),
                (EnvVars::HOME, "/h")
            ]),
            PathBuf::from("/run/user/1/archie/upgrade-locks")
        );
        assert_eq!(
            dir(&[(EnvVars::HOME, "/h")]),
            PathBuf::from("/h/.cache/archie/upgrade-locks")
        );
    }

    #[tokio::test]
    async fn a_second_holder_waits_then_gets_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = lock_path(dir.path(), "http://127.0.0.1:3030/api", "abc-1");
        assert!(path.ends_with("abc-1@http___127.0.0.1_3030_api.lock"));
        let held = lock(&path, Duration::ZERO).await.unwrap();
        let err = lock(&path, Duration::from_millis(50)).await.unwrap_err();
        assert!(err.to_string().contains("another archie process"), "{err}");
        drop(held);
        lock(&path, Duration::ZERO).await.unwrap();
    }
}
