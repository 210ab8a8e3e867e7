//! The memory file on disk: read, and save atomically without losing another
//! process's additions.

use super::{Memory, MemoryError, MergeReport};
use crate::files;
use sha2::{Digest, Sha256};
use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A memory file, as archie loaded it.
///
/// [`MemoryFile::save`] writes a [`Memory`] back: under an advisory lock on
/// `PATH.lock`, merging on top of the file's current content if another process saved
/// it since it was loaded, with [`files::write_atomic`] (a temporary file in the same
/// folder, fsynced, renamed over `PATH`). The previous content is kept as `PATH.bak`.
#[derive(Debug)]
pub struct MemoryFile {
    path: PathBuf,
    state: Mutex<Loaded>,
}

#[derive(Debug, Clone)]
struct Loaded {
    /// Hash of the file's bytes when it was read (None: there was no file).
    disk: Option<[u8; 32]>,
    /// The canonical text of the memory as loaded (or last saved), to tell whether the
    /// caller changed anything.
    canonical: String,
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
    /// one is [`MemoryError::Corrupt`] (and is never overwritten).
    pub fn open(path: impl Into<PathBuf>) -> Result<(MemoryFile, Memory), MemoryError> {
        let path = path.into();
        let (bytes, memory) = match read_bytes(&path)? {
            None => (None, Memory::new()),
            Some(bytes) => {
                let memory = parse(&path, &bytes)?;
                (Some(bytes), memory)
            }
        };
        let file = MemoryFile {
            state: Mutex::new(Loaded {
                disk: bytes.as_deref().map(hash),
                canonical: memory.to_json(),
            }),
            path,
        };
        Ok((file, memory))
    }

    /// Reads a memory file that must exist (for `archie memory import FILE`).
    pub fn read(path: &Path) -> Result<Option<Memory>, MemoryError> {
        match read_bytes(path)? {
            None => Ok(None),
            Some(bytes) => parse(path, &bytes).map(Some),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// `PATH.bak`: the previous good content, kept by every save that replaces it.
    pub fn backup_path(&self) -> PathBuf {
        sidecar(&self.path, "bak")
    }

    /// `PATH.lock`: the advisory lock every save takes.
    pub fn lock_path(&self) -> PathBuf {
        sidecar(&self.path, "lock")
    }

    /// Saves `memory`. Nothing is written when it has not changed since it was loaded
    /// (or last saved). When another process saved the file meanwhile, its content is
    /// read and ours merged on top of it, so neither loses the other's additions.
    pub fn save(&self, memory: &Memory) -> Result<SaveReport, MemoryError> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let ours = memory.to_json();
        let mut report = SaveReport {
            path: self.path.clone(),
            written: false,
            merged_with_disk: false,
            from_disk: MergeReport::default(),
            entities: memory.entities().len(),
            relationships: memory.relationships().len(),
        };
        if ours == state.canonical {
            return Ok(report);
        }
        let _lock = self.lock()?;
        // Left by a save that was killed midway; best effort.
        files::remove_stale_temp_files(&files::folder_of(&self.path));
        let on_disk = read_bytes(&self.path)?;
        let disk_hash = on_disk.as_deref().map(hash);
        let text = match on_disk.as_deref() {
            None => ours.clone(),
            Some(bytes) => {
                // Disk first, then ours. Nothing is ever removed from a memory, so this
                // keeps whatever another process (or our own earlier merge) added.
                // A file that became corrupt meanwhile stops the save here.
                let mut merged = parse(&self.path, bytes)?;
                if disk_hash != state.disk {
                    let mut probe = memory.clone();
                    report.from_disk = probe.merge(merged.clone());
                    report.merged_with_disk = true;
                }
                merged.merge(memory.clone());
                report.entities = merged.entities().len();
                report.relationships = merged.relationships().len();
                merged.to_json()
            }
        };
        // A key pasted into a conversation must not reach the repository either.
        let text = crate::secrets::redact_text(&text);
        if on_disk.as_deref() == Some(text.as_bytes()) {
            state.disk = disk_hash;
            state.canonical = ours;
            return Ok(report);
        }
        self.write(on_disk.as_deref(), &text)?;
        state.disk = Some(hash(text.as_bytes()));
        state.canonical = ours;
        report.written = true;
        Ok(report)
    }

    /// Writes `text` over the file, keeping what it held (`on_disk`) as the backup.
    fn write(&self, on_disk: Option<&[u8]>, text: &str) -> Result<(), MemoryError> {
        if let Some(bytes) = on_disk {
            let backup = self.backup_path();
            // The backup holds what the file held: it gets the file's permissions, so a
            // private memory file does not leave a readable copy beside it.
            if let Ok(meta) = fs::metadata(&self.path) {
                give_permissions(&backup, meta.permissions()).map_err(write_err(&backup))?;
            }
            files::write_atomic(&backup, bytes).map_err(write_err(&backup))?;
        }
        files::write_atomic(&self.path, text.as_bytes()).map_err(write_err(&self.path))
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
        files::remove_stale_temp_files(&files::folder_of(&self.path));
        let on_disk = read_bytes(&self.path)?;
        let mut memory = match on_disk.as_deref() {
            Some(bytes) => parse(&self.path, bytes)?,
            None => Memory::new(),
        };
        let disk_hash = on_disk.as_deref().map(hash);
        let before = memory.to_json();
        let result = change(&mut memory);
        let ours = memory.to_json();
        let mut report = SaveReport {
            path: self.path.clone(),
            written: false,
            merged_with_disk: disk_hash != state.disk,
            from_disk: MergeReport::default(),
            entities: memory.entities().len(),
            relationships: memory.relationships().len(),
        };
        if ours != before {
            let text = crate::secrets::redact_text(&ours);
            self.write(on_disk.as_deref(), &text)?;
            state.disk = Some(hash(text.as_bytes()));
            report.written = true;
        } else {
            state.disk = disk_hash;
        }
        state.canonical = ours;
        Ok((result, memory, report))
    }

    fn lock(&self) -> Result<File, MemoryError> {
        let path = self.lock_path();
        let io_err = |source| MemoryError::Io {
            action: "lock",
            path: path.clone(),
            source,
        };
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(io_err)?;
        file.lock().map_err(io_err)?;
        // Released when the file is closed (dropped) at the end of the save.
        Ok(file)
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

fn read_bytes(path: &Path) -> Result<Option<Vec<u8>>, MemoryError> {
    match fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(MemoryError::Io {
            action: "read",
            path: path.to_path_buf(),
            source,
        }),
    }
}

fn parse(path: &Path, bytes: &[u8]) -> Result<Memory, MemoryError> {
    Memory::from_json(bytes).map_err(|err| {
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
