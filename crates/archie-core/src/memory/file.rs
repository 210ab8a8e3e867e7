//! The memory file on disk: read (bounded, in one pass), and save atomically without
//! losing another process's additions.

use super::parse::{self, Problems};
use super::{Memory, MemoryError, MergeReport};
use crate::env_vars::EnvVars;
use crate::files::{self, ReadError};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The largest memory file archie reads unless told otherwise: 256 MiB, about half a
/// million entities. A larger file is refused with a message saying how to raise it.
pub const DEFAULT_MAX_SIZE: u64 = 256 * 1024 * 1024;

/// The environment variable that raises (or lowers) [`DEFAULT_MAX_SIZE`]: a size such as
/// `1G` or `512M`.
pub const MAX_SIZE_ENV: &str = EnvVars::ARCHIE_MAX_MEMORY_SIZE;

/// The memory-file size limit: [`MAX_SIZE_ENV`] if set to a size, else the default.
pub fn max_size() -> u64 {
    std::env::var(MAX_SIZE_ENV)
        .ok()
        .and_then(|v| crate::docs::parse_size(&v).ok())
        .unwrap_or(DEFAULT_MAX_SIZE)
}

/// How long a save waits for another process to finish its own save before it gives
/// up with [`MemoryError::Busy`]. A save holds the lock for the time of a read, a merge
/// and a write: well under a second for a usual file, seconds for a very large one.
pub const DEFAULT_LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// A memory file, as archie loaded it.
///
/// [`MemoryFile::save`] writes a [`Memory`] back: under an advisory lock on
/// `PATH.lock`, merging on top of the file's current content if another process saved
/// it since it was loaded, with [`files::write_atomic`] (a temporary file in the same
/// folder, fsynced, renamed over `PATH`). The previous content is kept as `PATH.bak`.
#[derive(Debug)]
pub struct MemoryFile {
    path: PathBuf,
    limit: u64,
    /// How long a save waits for another process's lock (see [`MemoryFile::lock_wait`]).
    lock_wait: std::time::Duration,
    problems: Problems,
    state: Mutex<Loaded>,
}

#[derive(Clone)]
struct Loaded {
    /// What the file held when it was read or last written.
    disk: Disk,
    /// The content the caller's memory derives from: what was read, or what the caller
    /// handed to the last save (`None`: an empty memory). A save that finds the file
    /// changed by another process applies only the caller's changes since then to it
    /// (see [`Memory::rebase`]).
    base: Option<Vec<u8>>,
    /// [`Memory::stamp`] of the memory as loaded or last saved, and its unknown keys
    /// (a public field, changed without a stamp), to tell whether the caller changed it.
    stamp: u64,
    extra: Map<String, Value>,
}

/// What the file held, to tell at save time whether another process wrote it since.
#[derive(Debug, Clone, Copy)]
enum Disk {
    /// There was no file.
    Missing,
    /// The file held the base's bytes (kept rather than hashed, so a command that never
    /// saves pays nothing for them).
    Base,
    /// The hash of what the last save wrote: the base itself, or (after a merge with
    /// another process's save) more than the base, which the next save merges again.
    Wrote { hash: [u8; 32], base: bool },
    /// A save failed midway: take the file as changed.
    Unknown,
}

impl std::fmt::Debug for Loaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Loaded")
            .field("disk", &self.disk)
            .field("base", &self.base.as_ref().map(Vec::len))
            .field("stamp", &self.stamp)
            .finish_non_exhaustive()
    }
}

impl Loaded {
    /// Whether `now` (None: no file) is what the file held.
    fn holds(&self, now: Option<&[u8]>) -> bool {
        match (self.disk, now) {
            (Disk::Missing, None) => true,
            (Disk::Base, Some(now)) => self.base.as_deref() == Some(now),
            (Disk::Wrote { hash: sum, base }, Some(now)) => base && sum == hash(now),
            _ => false,
        }
    }
}

/// What [`MemoryFile::save`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveReport {
    pub path: PathBuf,
    /// False when nothing changed, so the file was not touched.
    pub written: bool,
    /// True when another process had saved the file meanwhile and its content was
    /// merged with ours before writing.
    pub merged_with_disk: bool,
    /// What the other process's content brought in that we did not have.
    pub from_disk: MergeReport,
    /// Counts in the file after the save.
    pub entities: usize,
    pub relationships: usize,
}

impl MemoryFile {
    /// Reads the memory file at `path`. A missing file is an empty memory; a corrupt
    /// one is [`MemoryError::Corrupt`] (and is never overwritten); one larger than
    /// [`max_size`] is [`MemoryError::TooLarge`]; anything but a regular file is
    /// [`MemoryError::NotAFile`].
    pub fn open(path: impl Into<PathBuf>) -> Result<(MemoryFile, Memory), MemoryError> {
        Self::open_with_limit(path, max_size())
    }

    /// [`MemoryFile::open`] with a size limit of `limit` bytes.
    pub fn open_with_limit(
        path: impl Into<PathBuf>,
        limit: u64,
    ) -> Result<(MemoryFile, Memory), MemoryError> {
        let path = path.into();
        let mut problems = Problems::default();
        let (disk, base, memory) = match read_bytes(&path, limit)? {
            None => (Disk::Missing, None, Memory::new()),
            Some(bytes) => {
                let memory = parse(&path, &bytes, Some(&mut problems))?;
                (Disk::Base, Some(bytes), memory)
            }
        };
        let file = MemoryFile {
            state: Mutex::new(Loaded {
                disk,
                base,
                stamp: memory.stamp(),
                extra: memory.extra.clone(),
            }),
            path,
            limit,
            lock_wait: DEFAULT_LOCK_WAIT,
            problems,
        };
        Ok((file, memory))
    }

    /// Reads a memory file that must exist (for `archie memory import FILE`), with what
    /// the read found that a save would lose (see [`MemoryFile::problems`]).
    pub fn read(path: &Path) -> Result<Option<(Memory, Vec<String>)>, MemoryError> {
        match read_bytes(path, max_size())? {
            None => Ok(None),
            Some(bytes) => {
                let mut problems = Problems::default();
                let memory = parse(path, &bytes, Some(&mut problems))?;
                Ok(Some((memory, problems.messages())))
            }
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What reading the file found that the next save would lose or flatten without a
    /// word (an entity without a name, a property named twice), one sentence each; for
    /// the caller to show as warnings.
    pub fn problems(&self) -> Vec<String> {
        self.problems.messages()
    }

    /// `PATH.bak`: the previous good content, kept by every save that replaces it.
    pub fn backup_path(&self) -> PathBuf {
        sidecar(&self.path, "bak")
    }

    /// `PATH.lock`: the advisory lock every save takes.
    pub fn lock_path(&self) -> PathBuf {
        sidecar(&self.path, "lock")
    }

    /// Saves `memory`. Nothing is written (nor serialised) when it has not changed since
    /// it was loaded or last saved. When another process saved the file meanwhile, its
    /// content is read and ours merged on top of it, so neither loses the other's
    /// additions.
    pub fn save(&self, memory: &Memory) -> Result<SaveReport, MemoryError> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let mut report = SaveReport {
            path: self.path.clone(),
            written: false,
            merged_with_disk: false,
            from_disk: MergeReport::default(),
            entities: memory.entities().len(),
            relationships: memory.relationships().len(),
        };
        if memory.stamp() == state.stamp && memory.extra == state.extra {
            return Ok(report);
        }
        let _lock = self.lock()?;
        let on_disk = read_bytes(&self.path, self.limit)?;
        let unchanged = state.holds(on_disk.as_deref());
        let on_disk_existed = on_disk.is_some();
        // Only a merge can come out as what the file already holds.
        let disk_hash = on_disk.as_deref().filter(|_| !unchanged).map(hash);
        // From here until the write succeeds, what the file holds is not known.
        let known = !matches!(state.disk, Disk::Unknown);
        state.disk = Disk::Unknown;
        // The old base is needed only to merge; freed as soon as it is not.
        let old_base = state.base.take();
        let json = match on_disk {
            Some(bytes) if !unchanged => {
                // Another process saved meanwhile: what this process changed since its
                // base, applied to what is on disk. A file that became corrupt meanwhile
                // stops the save here.
                let theirs = parse(&self.path, &bytes, None)?;
                drop(bytes);
                report.from_disk = theirs.news_for(memory);
                report.merged_with_disk = true;
                let merged = match old_base {
                    Some(base) if known => {
                        let base = parse(&self.path, &base, None)?;
                        Memory::rebase(theirs, &base, memory)
                    }
                    None if known => Memory::rebase(theirs, &Memory::new(), memory),
                    // What this process's memory derives from is not known (a save
                    // failed midway): ours on top of theirs, which loses nothing of ours.
                    _ => {
                        let mut theirs = theirs;
                        theirs.overlay(memory);
                        theirs
                    }
                };
                report.entities = merged.entities().len();
                report.relationships = merged.relationships().len();
                self.sized(merged.to_json_bytes(), &merged)
            }
            other => {
                drop((other, old_base));
                self.sized(memory.to_json_bytes(), memory)
            }
        };
        // A key pasted into a conversation must not reach the repository either.
        // serde_json writes UTF-8.
        let json = String::from_utf8(json)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        let text = crate::secrets::redact_text(&json);
        drop(json);
        let new_hash = hash(text.as_bytes());
        let merged = report.merged_with_disk;
        let written = disk_hash != Some(new_hash);
        if written {
            if on_disk_existed {
                self.keep_backup()?;
            }
            files::write_atomic(&self.path, text.as_bytes()).map_err(write_err(&self.path))?;
        }
        state.disk = Disk::Wrote {
            hash: new_hash,
            base: !merged,
        };
        // The next save's base: what the caller's memory is now. Unmerged, that is what
        // was written (so no second copy is made); merged, it is the caller's memory.
        state.base = Some(if merged {
            drop(text);
            memory.to_json_bytes()
        } else {
            text.into_bytes()
        });
        state.stamp = memory.stamp();
        state.extra = memory.extra.clone();
        report.written = written;
        Ok(report)
    }

    /// The bytes to write for `memory`, given as pretty JSON in `pretty`: those, unless
    /// they would be over the size limit this file is read with; then the same JSON
    /// without indentation, so that a file archie writes is one archie reads.
    fn sized(&self, pretty: Vec<u8>, memory: &Memory) -> Vec<u8> {
        if (pretty.len() as u64) <= self.limit {
            return pretty;
        }
        drop(pretty);
        memory.to_json_compact()
    }

    /// Changes the memory as it is on disk now, under the lock: reads the file, lets
    /// `change` edit it, and writes it back if anything changed. Unlike
    /// [`MemoryFile::save`] (which merges, so nothing ever leaves), this can remove
    /// things; and since the read and the write both happen under the lock, another
    /// process's writes are never lost. Returns what `change` returned, and the memory
    /// as written.
    pub fn update<R>(
        &self,
        change: impl FnOnce(&mut Memory) -> R,
    ) -> Result<(R, Memory, SaveReport), MemoryError> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let _lock = self.lock()?;
        let on_disk = read_bytes(&self.path, self.limit)?;
        let mut memory = match on_disk.as_deref() {
            Some(bytes) => parse(&self.path, bytes, None)?,
            None => Memory::new(),
        };
        let merged_with_disk = !state.holds(on_disk.as_deref());
        let (stamp, extra) = (memory.stamp(), memory.extra.clone());
        let result = change(&mut memory);
        let mut report = SaveReport {
            path: self.path.clone(),
            written: false,
            merged_with_disk,
            from_disk: MergeReport::default(),
            entities: memory.entities().len(),
            relationships: memory.relationships().len(),
        };
        if memory.stamp() != stamp || memory.extra != extra {
            let json = self.sized(memory.to_json_bytes(), &memory);
            let json = String::from_utf8(json)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
            let text = crate::secrets::redact_text(&json);
            if on_disk.as_deref() != Some(text.as_bytes()) {
                state.disk = Disk::Unknown;
                if on_disk.is_some() {
                    self.keep_backup()?;
                }
                files::write_atomic(&self.path, text.as_bytes()).map_err(write_err(&self.path))?;
                report.written = true;
            }
            state.disk = Disk::Wrote {
                hash: hash(text.as_bytes()),
                base: true,
            };
            state.base = Some(json.into_bytes());
        } else {
            state.disk = if on_disk.is_some() {
                Disk::Base
            } else {
                Disk::Missing
            };
            state.base = on_disk;
        }
        state.stamp = memory.stamp();
        state.extra = memory.extra.clone();
        Ok((result, memory, report))
    }

    /// Makes the file about to be replaced `PATH.bak`: a second name for it (a hard
    /// link, renamed over the old backup), so no copy is written; a copy where links
    /// cannot be made. The backup has the file's permissions, so a private memory file
    /// does not leave a readable copy beside it.
    fn keep_backup(&self) -> Result<(), MemoryError> {
        let backup = self.backup_path();
        let current = files::resolve_links(&self.path).map_err(write_err(&self.path))?;
        let tmp = files::temp_name(&files::folder_of(&backup));
        let linked = fs::hard_link(&current, &tmp).and_then(|()| fs::rename(&tmp, &backup));
        if linked.is_ok() {
            return Ok(());
        }
        let _ = fs::remove_file(&tmp);
        let bytes = fs::read(&current).map_err(|source| MemoryError::Io {
            action: "read",
            path: current.clone(),
            source,
        })?;
        if let Ok(meta) = fs::metadata(&current) {
            give_permissions(&backup, meta.permissions()).map_err(write_err(&backup))?;
        }
        files::write_atomic(&backup, &bytes).map_err(write_err(&backup))
    }

    /// Sets how long a save or update waits for the lock another process holds
    /// (default [`DEFAULT_LOCK_WAIT`]).
    pub fn lock_wait(mut self, wait: std::time::Duration) -> Self {
        self.lock_wait = wait;
        self
    }

    /// Takes the advisory lock, waiting at most [`MemoryFile::lock_wait`] for another
    /// process to release it. The lock file exists only while a save holds it: the holder
    /// removes it before letting go ([`Held`]), so a lock taken on a file that was
    /// removed meanwhile (or replaced) is let go and taken again on the file at the path.
    fn lock(&self) -> Result<Held, MemoryError> {
        let path = self.lock_path();
        let io_err = |source| MemoryError::Io {
            action: "lock",
            path: path.clone(),
            source,
        };
        let open = || {
            OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .map_err(io_err)
        };
        let mut file = open()?;
        let start = std::time::Instant::now();
        let mut pause = std::time::Duration::from_millis(5);
        loop {
            match file.try_lock() {
                // Released when the guard is dropped at the end of the save.
                Ok(()) if is_at(&file, &path) => {
                    return Ok(Held {
                        file,
                        path: path.clone(),
                    });
                }
                // The holder we waited for removed it: take the one at the path now.
                Ok(()) => {
                    file = open()?;
                    continue;
                }
                Err(std::fs::TryLockError::WouldBlock) => {}
                Err(std::fs::TryLockError::Error(e)) => return Err(io_err(e)),
            }
            let waited = start.elapsed();
            if waited >= self.lock_wait {
                return Err(MemoryError::Busy {
                    path: self.path.clone(),
                    lock: path,
                    waited,
                });
            }
            std::thread::sleep(pause.min(self.lock_wait - waited));
            pause = (pause * 2).min(std::time::Duration::from_millis(200));
        }
    }
}

/// The lock on `PATH.lock`, held until dropped; the file is removed first, so no
/// `context.json.lock` stays beside the memory.
struct Held {
    file: File,
    path: PathBuf,
}

impl Drop for Held {
    fn drop(&mut self) {
        // Still locked here: a process waiting on this file sees it gone once it gets
        // the lock, and takes a new one (see `MemoryFile::lock`).
        let _ = std::fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

/// Whether `file` is (still) the file at `path`.
fn is_at(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

fn sidecar(path: &Path, ext: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(ext);
    PathBuf::from(name)
}

fn hash(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

/// The file's bytes (`None`: there is no file), if it is a regular file within `limit`.
fn read_bytes(path: &Path, limit: u64) -> Result<Option<Vec<u8>>, MemoryError> {
    match files::read_regular(path, limit) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(ReadError::Io(err)) if err.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(ReadError::Io(source)) => Err(MemoryError::Io {
            action: "read",
            path: path.to_path_buf(),
            source,
        }),
        Err(ReadError::NotAFile { what }) => Err(MemoryError::NotAFile {
            path: path.to_path_buf(),
            what,
        }),
        Err(ReadError::TooLarge { size, limit }) => Err(MemoryError::TooLarge {
            path: path.to_path_buf(),
            size,
            limit,
        }),
    }
}

fn parse(
    path: &Path,
    bytes: &[u8],
    problems: Option<&mut Problems>,
) -> Result<Memory, MemoryError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        let backup = sidecar(path, "bak");
        return Err(MemoryError::Empty {
            path: path.to_path_buf(),
            backup: backup.exists().then_some(backup),
        });
    }
    parse::from_slice(bytes, problems).map_err(|err| {
        let (line, column) = (err.line(), err.column());
        let full = err.to_string();
        let suffix = format!(" at line {line} column {column}");
        let message = full.strip_suffix(&suffix).unwrap_or(&full).to_string();
        let backup = sidecar(path, "bak");
        MemoryError::Corrupt {
            path: path.to_path_buf(),
            line,
            column,
            message,
            not_json: !err.is_data(),
            backup: backup.exists().then_some(backup),
        }
    })
}

/// A failed write of `path`, as a [`MemoryError::Io`].
fn write_err(path: &Path) -> impl Fn(io::Error) -> MemoryError + '_ {
    move |source| MemoryError::Io {
        action: "write",
        path: path.to_path_buf(),
        source,
    }
}

/// Creates `path` (empty) if it does not exist and sets its permissions, before any
/// content goes in: [`files::write_atomic`] keeps the permissions of the file it replaces.
fn give_permissions(path: &Path, permissions: fs::Permissions) -> io::Result<()> {
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)?;
    file.set_permissions(permissions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::Entity;

    fn grown(memory: &Memory, name: &str) -> Memory {
        let mut memory = memory.clone();
        memory.upsert_entity(Entity::new(name, "service"));
        memory
    }

    #[cfg(unix)]
    #[test]
    fn a_private_memory_file_keeps_a_private_backup() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("context.json");
        fs::write(&path, "{\"entities\": []}\n").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        let (file, memory) = MemoryFile::open(&path).unwrap();
        assert!(file.save(&grown(&memory, "checkout")).unwrap().written);
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(&file.backup_path()), 0o600);
        assert_eq!(
            fs::read_to_string(file.backup_path()).unwrap(),
            "{\"entities\": []}\n"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_memory_file_stays_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.json");
        let link = dir.path().join("context.json");
        fs::write(&real, "{}\n").unwrap();
        std::os::unix::fs::symlink("real.json", &link).unwrap();
        let (file, memory) = MemoryFile::open(&link).unwrap();
        file.save(&grown(&memory, "checkout")).unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert!(fs::read_to_string(&real).unwrap().contains("checkout"));
    }

    #[test]
    fn a_save_waits_a_bounded_time_for_a_held_lock() {
        let dir = tempfile::tempdir().unwrap();
        let (file, memory) = MemoryFile::open(dir.path().join("context.json")).unwrap();
        let file = file.lock_wait(std::time::Duration::from_millis(60));
        let held = File::create(file.lock_path()).unwrap();
        held.lock().unwrap();
        let err = file.save(&grown(&memory, "checkout")).unwrap_err();
        assert!(matches!(err, MemoryError::Busy { .. }), "{err}");
        assert!(err.to_string().contains("gave up after waiting"), "{err}");
        assert!(!file.path().exists(), "nothing written");
        drop(held);
        assert!(file.save(&grown(&memory, "checkout")).unwrap().written);
    }

    #[test]
    fn a_file_too_large_to_write_pretty_is_written_so_that_it_reads_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("context.json");
        let mut memory = Memory::new();
        for i in 0..200 {
            memory.upsert_entity(Entity::new(format!("service {i}"), "service").tag("core"));
        }
        let pretty = memory.to_json_bytes().len() as u64;
        let compact = memory.to_json_compact().len() as u64;
        assert!(compact < pretty);
        let limit = (compact + pretty) / 2;
        let (file, empty) = MemoryFile::open_with_limit(&path, limit).unwrap();
        let mut grown = empty;
        grown.merge(memory.clone());
        file.save(&grown).unwrap();
        let (_, back) = MemoryFile::open_with_limit(&path, limit).unwrap();
        assert_eq!(back, memory);
    }

    #[test]
    fn another_process_s_change_survives_our_stale_copy() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("context.json");
        let mut start = Memory::new();
        start.upsert_entity(
            Entity::new("PaymentService", "service")
                .property("observations", serde_json::json!(["owned by team red"])),
        );
        fs::write(&path, start.to_json()).unwrap();
        let (ours_file, ours) = MemoryFile::open(&path).unwrap();
        // Another process adds an observation and saves.
        let (theirs_file, _) = MemoryFile::open(&path).unwrap();
        theirs_file
            .update(|m| {
                let e = m.entity_mut("PaymentService").unwrap();
                let list = e.properties.get_mut("observations").unwrap();
                list.as_array_mut().unwrap().push("on-call: alice".into());
            })
            .unwrap();
        // We learned something else, twice (two saves of one run).
        let ours = grown(&ours, "Ledger");
        assert!(ours_file.save(&ours).unwrap().merged_with_disk);
        let ours = grown(&ours, "Fraud");
        ours_file.save(&ours).unwrap();
        let (_, back) = MemoryFile::open(&path).unwrap();
        let observations = &back.entity("PaymentService").unwrap().properties["observations"];
        assert_eq!(
            observations,
            &serde_json::json!(["owned by team red", "on-call: alice"])
        );
        assert!(back.entity("Ledger").is_some() && back.entity("Fraud").is_some());
    }

    #[test]
    fn a_save_removes_stale_temporary_files() {
        let dir = tempfile::tempdir().unwrap();
        let stale = dir.path().join(".archie-left-behind.tmp");
        fs::write(&stale, "half a save").unwrap();
        File::options()
            .write(true)
            .open(&stale)
            .unwrap()
            .set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(3600))
            .unwrap();
        let (file, memory) = MemoryFile::open(dir.path().join("context.json")).unwrap();
        file.save(&grown(&memory, "checkout")).unwrap();
        assert!(!stale.exists());
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(names.is_empty(), "{names:?}");
    }
}
