//! The memory file on disk: read, and save atomically without losing another
//! process's additions.

use super::{Memory, MemoryError, MergeReport};
use sha2::{Digest, Sha256};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A memory file, as archie loaded it.
///
/// [`MemoryFile::save`] writes a [`Memory`] back: under an advisory lock on
/// `PATH.lock`, merging on top of the file's current content if another process saved
/// it since it was loaded, to a temporary file in the same folder that is fsynced and
/// renamed over `PATH`. The previous content is kept as `PATH.bak`.
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
        let permissions = fs::metadata(&self.path).ok().map(|m| m.permissions());
        if let Some(bytes) = on_disk.as_deref() {
            write_atomic(&self.backup_path(), bytes, permissions.clone())?;
        }
        write_atomic(&self.path, text.as_bytes(), permissions)?;
        state.disk = Some(hash(text.as_bytes()));
        state.canonical = ours;
        report.written = true;
        Ok(report)
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

/// Writes `bytes` to a temporary file beside `path`, fsyncs it and renames it over
/// `path`, so readers see the old content or the new, never half of it.
fn write_atomic(
    path: &Path,
    bytes: &[u8],
    permissions: Option<fs::Permissions>,
) -> Result<(), MemoryError> {
    let io_err = |source| MemoryError::Io {
        action: "write",
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".archie-")
        .suffix(".tmp")
        .tempfile_in(&dir)
        .map_err(io_err)?;
    tmp.write_all(bytes).map_err(io_err)?;
    // A temporary file is private (0600); the memory file is shared like any other file.
    let permissions = match permissions {
        Some(p) => p,
        None => default_permissions(&dir).map_err(io_err)?,
    };
    tmp.as_file().set_permissions(permissions).map_err(io_err)?;
    tmp.as_file().sync_all().map_err(io_err)?;
    tmp.persist(path).map_err(|e| io_err(e.error))?;
    #[cfg(unix)]
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The permissions a new file gets: 0644 on Unix (the umask is not applied by
/// `set_permissions`, so stay conservative), whatever the folder has elsewhere.
fn default_permissions(dir: &Path) -> io::Result<fs::Permissions> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = dir;
        Ok(fs::Permissions::from_mode(0o644))
    }
    #[cfg(not(unix))]
    {
        fs::metadata(dir).map(|m| {
            let mut p = m.permissions();
            p.set_readonly(false);
            p
        })
    }
}
