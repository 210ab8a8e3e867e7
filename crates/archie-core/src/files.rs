//! Reading and writing files the way archie does everywhere.
//!
//! - [`write_atomic`]: readers see the old content or the new, never half of it; a crash
//!   right after leaves the new content on disk; a temporary file left by a killed save
//!   is removed by a later one ([`remove_stale_temp_files`]).
//! - [`read_regular`] and [`open_regular`]: only regular files are read (a named pipe
//!   would block for ever, `/dev/zero` never ends), and never more than a limit.
//!
//! A leaf: it imports nothing of the crate.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// Prefix and suffix of the temporary files [`write_atomic`] creates beside its target.
pub const TEMP_PREFIX: &str = ".archie-";
pub const TEMP_SUFFIX: &str = ".tmp";

/// A temporary file that nobody holds locked and that is older than this was left by a
/// process that died mid-save. (Its writer locks it the moment it is created, so the
/// grace is only for that moment.)
const STALE_UNLOCKED: Duration = Duration::from_secs(1);

/// Where locks cannot be taken (some network file systems), a temporary file older than
/// this is taken as left behind.
const STALE_AFTER: Duration = Duration::from_secs(10 * 60);

/// Writes `bytes` to `path` so that readers see the old content or the new, never half of
/// it, and a crash right after leaves the new content on disk: a temporary file in the
/// same folder, fsynced, renamed over `path`, then the folder fsynced. Temporary files
/// that killed saves left in that folder are removed first.
///
/// A new file gets the mode any new file gets (`0666` less the umask: `0644` under the
/// usual `022`); a file being replaced keeps its permissions. When `path` is a symbolic
/// link, the file it points to is replaced and the link is kept.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = resolve_links(path)?;
    let dir = folder_of(&target);
    fs::create_dir_all(&dir)?;
    remove_stale_temp_files(&dir);
    let existing = fs::metadata(&target).ok().map(|m| m.permissions());
    let mut builder = tempfile::Builder::new();
    builder.prefix(TEMP_PREFIX).suffix(TEMP_SUFFIX);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // The mode given at creation is filtered by the umask, like any new file's.
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(&dir)?;
    // Held until the file is closed: a cleanup never takes a save in progress for a
    // leftover (see `remove_stale_temp_files`).
    #[cfg(unix)]
    tmp.as_file().lock()?;
    tmp.write_all(bytes)?;
    if let Some(permissions) = existing {
        tmp.as_file().set_permissions(permissions)?;
    }
    tmp.as_file().sync_all()?;
    pause_before_rename();
    tmp.persist(&target).map_err(|e| e.error)?;
    #[cfg(unix)]
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Test hook (debug builds only): `ARCHIE_TEST_PAUSE_BEFORE_RENAME=MS` waits that long
/// between writing a temporary file and renaming it, so a test can kill archie there;
/// `ARCHIE_TEST_PAUSE_BEFORE_RENAME=PATH` (not a number) waits there until the file PATH
/// exists (at most a minute), so a test can hold a save in the middle, under its lock,
/// and release it when it has started what must overlap it.
fn pause_before_rename() {
    #[cfg(debug_assertions)]
    if let Some(value) =
        crate::env_vars::env_knob(crate::env_vars::EnvVars::ARCHIE_TEST_PAUSE_BEFORE_RENAME)
    {
        match value.parse::<u64>() {
            Ok(ms) => std::thread::sleep(Duration::from_millis(ms)),
            Err(_) => {
                let release = Path::new(&value);
                let until = std::time::Instant::now() + Duration::from_secs(60);
                while !release.exists() && std::time::Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(10));
                }
            }
        }
    }
}

/// A name for a new temporary file in `dir`, one that [`remove_stale_temp_files`] knows.
pub fn temp_name(dir: &Path) -> PathBuf {
    dir.join(format!(
        "{TEMP_PREFIX}{}-{:016x}{TEMP_SUFFIX}",
        std::process::id(),
        fastrand::u64(..)
    ))
}

/// Removes temporary files that [`write_atomic`] left in `dir` when its process was killed
/// mid-save: those nobody holds locked (a save in progress holds its file locked), or,
/// where locks are not supported, those older than ten minutes. Returns how many were
/// removed. Best effort: errors are ignored.
pub fn remove_stale_temp_files(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let now = SystemTime::now();
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(TEMP_PREFIX) && name.ends_with(TEMP_SUFFIX)) {
            continue;
        }
        let path = entry.path();
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        if !meta.is_file() {
            continue;
        }
        let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
        let age = now.duration_since(modified).unwrap_or_default();
        let stale = match File::options().read(true).open(&path).map(|f| f.try_lock()) {
            // Only unix saves hold their temporary file locked.
            Ok(Ok(())) if cfg!(unix) => age > STALE_UNLOCKED,
            Ok(Ok(())) => age > STALE_AFTER,
            Ok(Err(fs::TryLockError::WouldBlock)) => false,
            Ok(Err(fs::TryLockError::Error(_))) | Err(_) => age > STALE_AFTER,
        };
        if stale && fs::remove_file(&path).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// The folder a file is in (`.` for a bare file name).
pub fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// `path` with symbolic links followed to the file they name (which may not exist yet).
pub fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&current)?;
                current = if link.is_absolute() {
                    link
                } else {
                    folder_of(&current).join(link)
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other(format!(
        "{}: too many levels of symbolic links",
        path.display()
    )))
}

/// Why a bounded read did not give the file's bytes.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{0}")]
    Io(#[from] io::Error),
    /// A folder, a named pipe, a device or a socket.
    #[error("it is {what}, not a regular file")]
    NotAFile { what: &'static str },
    /// Larger than the limit (`size` is at least `limit + 1` for a file that grew while
    /// it was read).
    #[error("it is {size} bytes, over the limit of {limit} bytes")]
    TooLarge { size: u64, limit: u64 },
}

/// A regular file opened for reading, and its size when it was opened.
#[derive(Debug)]
pub struct Regular {
    file: File,
    len: u64,
}

/// Opens `path` (following links) for reading if it is a regular file. Never blocks: a
/// named pipe is opened without waiting for a writer, then refused like a folder, a
/// device or a socket.
pub fn open_regular(path: &Path) -> Result<Regular, ReadError> {
    let mut options = File::options();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    #[cfg(not(unix))]
    {
        // No non-blocking open here: look first.
        let meta = fs::metadata(path)?;
        if !meta.is_file() {
            return Err(ReadError::NotAFile {
                what: what_it_is(&meta.file_type()),
            });
        }
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile {
            what: what_it_is(&meta.file_type()),
        });
    }
    Ok(Regular {
        file,
        len: meta.len(),
    })
}

/// What a file that is not a regular one is, for messages.
fn what_it_is(kind: &fs::FileType) -> &'static str {
    if kind.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

impl Regular {
    /// The size when the file was opened.
    pub fn len(&self) -> u64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Reads up to `max` bytes from the start (less only at the end of the file).
    pub fn read_head(&mut self, max: usize) -> io::Result<Vec<u8>> {
        let mut head = Vec::with_capacity(max.min(self.len as usize));
        (&mut self.file).take(max as u64).read_to_end(&mut head)?;
        Ok(head)
    }

    /// Reads the rest of the file after `head` (what [`Regular::read_head`] gave, or
    /// nothing), refusing to hold more than `limit` bytes in all.
    pub fn read_rest(mut self, mut head: Vec<u8>, limit: u64) -> Result<Vec<u8>, ReadError> {
        if self.len > limit {
            return Err(ReadError::TooLarge {
                size: self.len,
                limit,
            });
        }
        // The size as opened; one byte more tells a file that grew meanwhile.
        let want = usize::try_from(self.len)
            .unwrap_or(usize::MAX)
            .saturating_add(1);
        head.reserve(want.saturating_sub(head.len()));
        let room = (limit + 1).saturating_sub(head.len() as u64);
        (&mut self.file).take(room).read_to_end(&mut head)?;
        if head.len() as u64 > limit {
            return Err(ReadError::TooLarge {
                size: head.len() as u64,
                limit,
            });
        }
        Ok(head)
    }
}

/// The bytes of the regular file at `path`, if it holds at most `limit` bytes.
pub fn read_regular(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    open_regular(path)?.read_rest(Vec::new(), limit)
}

/// `path` with `.` and `..` resolved without asking the file system (a `..` above the
/// start is kept).
pub fn lexical(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push(part);
                }
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new file replaces the old one whole (a rename), never the old one rewritten in
    /// place: a reader that opened the old file still reads all of the old content, and
    /// the path names a different file. `fs::write` (truncate, then write) fails this.
    #[cfg(unix)]
    #[test]
    fn writes_replace_whole_files() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.md");
        write_atomic(&path, b"one").unwrap();
        let mut reader = File::open(&path).unwrap();
        let before = fs::metadata(&path).unwrap().ino();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        let mut old = String::new();
        reader.read_to_string(&mut old).unwrap();
        assert_eq!(old, "one", "the reader's file was not rewritten in place");
        assert_ne!(fs::metadata(&path).unwrap().ino(), before, "a new file");
        let leftovers: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_mode_and_a_link_keeps_pointing() {
        use std::os::unix::fs::{PermissionsExt, symlink};
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.json");
        fs::write(&real, "old").unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o600)).unwrap();
        let link = dir.path().join("link.json");
        symlink("real.json", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        let mode = fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }

    #[test]
    fn a_bounded_read_reads_regular_files_within_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        fs::write(&path, "hello").unwrap();
        assert_eq!(read_regular(&path, 5).unwrap(), b"hello");
        assert!(matches!(
            read_regular(&path, 4),
            Err(ReadError::TooLarge { size: 5, limit: 4 })
        ));
        assert!(matches!(
            read_regular(dir.path(), 100),
            Err(ReadError::NotAFile { what: "a folder" })
        ));
        let missing = read_regular(&dir.path().join("none"), 100).unwrap_err();
        assert!(matches!(missing, ReadError::Io(e) if e.kind() == io::ErrorKind::NotFound));
        // Sniff the head, then the rest: the head is not read twice.
        let mut file = open_regular(&path).unwrap();
        let head = file.read_head(2).unwrap();
        assert_eq!(head, b"he");
        assert_eq!(file.read_rest(head, 5).unwrap(), b"hello");
    }

    #[cfg(unix)]
    #[test]
    fn a_pipe_or_a_device_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.unwrap().success());
        assert!(matches!(
            read_regular(&fifo, 100),
            Err(ReadError::NotAFile {
                what: "a named pipe"
            })
        ));
        let zero = dir.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        assert!(matches!(
            read_regular(&zero, 100),
            Err(ReadError::NotAFile { what: "a device" })
        ));
    }

    #[test]
    fn a_temporary_file_in_use_is_never_taken_for_a_leftover() {
        let dir = tempfile::tempdir().unwrap();
        let busy = dir.path().join(".archie-busy.tmp");
        let file = File::create(&busy).unwrap();
        file.set_modified(SystemTime::now() - Duration::from_secs(3600))
            .unwrap();
        #[cfg(unix)]
        {
            file.lock().unwrap();
            assert_eq!(remove_stale_temp_files(dir.path()), 0);
            assert!(busy.exists(), "its writer still holds it");
            file.unlock().unwrap();
        }
        assert_eq!(remove_stale_temp_files(dir.path()), 1);
        assert!(!busy.exists());
    }

    #[test]
    fn only_stale_temporary_files_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let fresh = dir.path().join(".archie-fresh.tmp");
        let stale = dir.path().join(".archie-stale.tmp");
        let other = dir.path().join("notes.tmp");
        for p in [&fresh, &stale, &other] {
            fs::write(p, "x").unwrap();
        }
        let old = SystemTime::now() - Duration::from_secs(3600);
        File::options()
            .write(true)
            .open(&stale)
            .unwrap()
            .set_modified(old)
            .unwrap();
        File::options()
            .write(true)
            .open(&other)
            .unwrap()
            .set_modified(old)
            .unwrap();
        assert_eq!(remove_stale_temp_files(dir.path()), 1);
        assert!(fresh.exists() && other.exists() && !stale.exists());
    }
}
