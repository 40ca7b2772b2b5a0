//! `cobro listen --save DIR`: each body written as received, safely on a machine others
//! share. The folder is listen's own: created with mode 0700, or, when it exists,
//! accepted only if it is not a symbolic link, belongs to the user running listen, and
//! no one else may write in it (Unix). It is opened once and every file is created
//! relative to it, never through a symbolic link and never over an existing file.
//! Refused notifications go to its `refused/` sub-folder, held to the same rules. A run
//! writes at most [`MAX_SAVED_BYTES`]; past that it stops saving and says so once.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

/// The most bytes of bodies one run of `cobro listen` saves; past it, it stops saving
/// (and goes on answering, printing and forwarding).
pub const MAX_SAVED_BYTES: u64 = 64 << 20;

/// The sub-folder refused notifications are saved in.
pub const REFUSED: &str = "refused";

/// The folder `cobro listen --save` writes in, opened and checked.
pub struct SaveFolder {
    path: PathBuf,
    accepted: sys::Dir,
    refused: sys::Dir,
    cap: u64,
    written: Mutex<u64>,
    stopped: AtomicBool,
}

impl fmt::Debug for SaveFolder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SaveFolder")
            .field("path", &self.path)
            .field("cap", &self.cap)
            .finish_non_exhaustive()
    }
}

/// What became of a body given to [`SaveFolder::save`].
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Written, at this path.
    Saved(PathBuf),
    /// Not written, and why.
    Failed(String),
    /// Not written: this body would pass the cap, so saving stops now. The line to
    /// print, once.
    Stopping(String),
    /// Not written: saving stopped earlier.
    Stopped,
}

impl SaveFolder {
    /// Creates `path` (mode 0700, and its missing parents) or checks the folder there,
    /// and its `refused/` sub-folder; at most [`MAX_SAVED_BYTES`] written. The error
    /// says why the folder is refused, for the flag's message.
    pub fn open(path: &Path) -> Result<SaveFolder, String> {
        SaveFolder::open_with_cap(path, MAX_SAVED_BYTES)
    }

    /// [`SaveFolder::open`] with another cap than [`MAX_SAVED_BYTES`]: for tests.
    #[doc(hidden)]
    pub fn open_with_cap(path: &Path, cap: u64) -> Result<SaveFolder, String> {
        let accepted = sys::Dir::open(path)?;
        let refused = accepted
            .sub(REFUSED)
            .map_err(|why| format!("its {REFUSED} sub-folder: {why}"))?;
        Ok(SaveFolder {
            path: path.to_path_buf(),
            accepted,
            refused,
            cap,
            written: Mutex::new(0),
            stopped: AtomicBool::new(false),
        })
    }

    /// The folder as given.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `bytes` as a new file `name` (in `refused/` when `refused`), unless that
    /// would pass the cap.
    pub(crate) fn save(&self, name: &str, refused: bool, bytes: &[u8]) -> Outcome {
        if self.stopped.load(Ordering::Relaxed) {
            return Outcome::Stopped;
        }
        let len = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
        {
            let mut written = self.written.lock().unwrap_or_else(PoisonError::into_inner);
            if written.saturating_add(len) > self.cap {
                return if self.stopped.swap(true, Ordering::Relaxed) {
                    Outcome::Stopped
                } else {
                    Outcome::Stopping(format!(
                        "saving stopped: this run has saved {} bytes and a run saves at most {} MiB; notifications are still answered, printed and forwarded",
                        *written,
                        self.cap >> 20
                    ))
                };
            }
            *written += len;
        }
        let (dir, shown) = if refused {
            (&self.refused, self.path.join(REFUSED).join(name))
        } else {
            (&self.accepted, self.path.join(name))
        };
        match dir.write_new(name, bytes) {
            Ok(()) => Outcome::Saved(shown),
            Err(e) => {
                let mut written = self.written.lock().unwrap_or_else(PoisonError::into_inner);
                *written = written.saturating_sub(len);
                Outcome::Failed(if e.kind() == io::ErrorKind::AlreadyExists {
                    format!(
                        "{}: a file of that name is already there (give each run a new or empty folder)",
                        shown.display()
                    )
                } else {
                    format!("{}: {e}", shown.display())
                })
            }
        }
    }
}

/// The part file a body is written to before it takes its name, so that a reader never
/// finds half a body under the name.
fn part_name(name: &str) -> String {
    format!(".{name}.part")
}

#[cfg(unix)]
mod sys {
    use std::fs::File;
    use std::io::{self, Write};
    use std::os::fd::OwnedFd;
    use std::os::unix::fs::DirBuilderExt;
    use std::path::Path;

    use rustix::fs::{AtFlags, Mode, OFlags};

    use super::part_name;

    /// A folder opened once: files are created relative to it, so that no rename or
    /// symbolic link swapped in for the path later moves them elsewhere.
    #[derive(Debug)]
    pub(super) struct Dir(OwnedFd);

    const OPEN_DIR: OFlags = OFlags::RDONLY
        .union(OFlags::DIRECTORY)
        .union(OFlags::NOFOLLOW)
        .union(OFlags::CLOEXEC);
    const CREATE_NEW: OFlags = OFlags::WRONLY
        .union(OFlags::CREATE)
        .union(OFlags::EXCL)
        .union(OFlags::NOFOLLOW)
        .union(OFlags::CLOEXEC);

    impl Dir {
        pub(super) fn open(path: &Path) -> Result<Dir, String> {
            if is_link(path) {
                return Err(symlink());
            }
            std::fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(path)
                .map_err(|e| format!("cannot create the folder: {e}"))?;
            let fd = rustix::fs::open(path, OPEN_DIR, Mode::empty()).map_err(|e| {
                if is_link(path) {
                    symlink()
                } else {
                    format!("cannot open the folder: {}", io::Error::from(e))
                }
            })?;
            checked(fd)
        }

        pub(super) fn sub(&self, name: &str) -> Result<Dir, String> {
            match rustix::fs::mkdirat(&self.0, name, Mode::RWXU) {
                Ok(()) | Err(rustix::io::Errno::EXIST) => {}
                Err(e) => return Err(format!("cannot create it: {}", io::Error::from(e))),
            }
            let fd = rustix::fs::openat(&self.0, name, OPEN_DIR, Mode::empty()).map_err(|e| {
                if matches!(e, rustix::io::Errno::LOOP | rustix::io::Errno::NOTDIR) {
                    symlink()
                } else {
                    format!("cannot open it: {}", io::Error::from(e))
                }
            })?;
            checked(fd)
        }

        /// Writes `bytes` as the new file `name`, mode 0600: never through a symbolic
        /// link, never over an existing file.
        pub(super) fn write_new(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
            let part = part_name(name);
            let fd = rustix::fs::openat(&self.0, part.as_str(), CREATE_NEW, Mode::RUSR | Mode::WUSR)?;
            let mut file = File::from(fd);
            let written = file.write_all(bytes);
            drop(file);
            let named = written.and_then(|()| {
                match rustix::fs::linkat(&self.0, part.as_str(), &self.0, name, AtFlags::empty()) {
                    Ok(()) => Ok(()),
                    Err(rustix::io::Errno::EXIST) => Err(io::Error::from(rustix::io::Errno::EXIST)),
                    // A file system without hard links: the body is written under its
                    // name directly, still as a new file.
                    Err(_) => {
                        let fd = rustix::fs::openat(&self.0, name, CREATE_NEW, Mode::RUSR | Mode::WUSR)?;
                        File::from(fd).write_all(bytes)
                    }
                }
            });
            let _ = rustix::fs::unlinkat(&self.0, part.as_str(), AtFlags::empty());
            named
        }
    }

    fn is_link(path: &Path) -> bool {
        std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
    }

    fn symlink() -> String {
        "it is a symbolic link (or not a folder): name the folder itself".to_string()
    }

    /// `fd` as a [`Dir`] when the folder belongs to this user and no one else may
    /// write in it.
    fn checked(fd: OwnedFd) -> Result<Dir, String> {
        let stat = rustix::fs::fstat(&fd).map_err(|e| format!("cannot read the folder: {}", io::Error::from(e)))?;
        if stat.st_uid != rustix::process::geteuid().as_raw() {
            return Err("it belongs to another user: name a folder of your own".to_string());
        }
        // A u16 on some Unixes.
        #[allow(clippy::useless_conversion)]
        let mode = u32::from(stat.st_mode) & 0o777;
        if mode & 0o022 != 0 {
            return Err(format!(
                "others may write in it (mode {mode:o}): name a folder only you can write in (chmod go-w)"
            ));
        }
        Ok(Dir(fd))
    }
}

#[cfg(not(unix))]
mod sys {
    use std::fs::OpenOptions;
    use std::io::{self, Write};
    use std::path::{Path, PathBuf};

    use super::part_name;

    /// A folder, by its path: no permission bits to check here, and files are created
    /// new, never over an existing one.
    #[derive(Debug)]
    pub(super) struct Dir(PathBuf);

    impl Dir {
        pub(super) fn open(path: &Path) -> Result<Dir, String> {
            if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
                return Err("it is a symbolic link: name the folder itself".to_string());
            }
            std::fs::create_dir_all(path).map_err(|e| format!("cannot create the folder: {e}"))?;
            Ok(Dir(path.to_path_buf()))
        }

        pub(super) fn sub(&self, name: &str) -> Result<Dir, String> {
            Dir::open(&self.0.join(name))
        }

        pub(super) fn write_new(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
            let part = self.0.join(part_name(name));
            let written = OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&part)
                .and_then(|mut f| f.write_all(bytes));
            let named = written.and_then(|()| std::fs::hard_link(&part, self.0.join(name)));
            let _ = std::fs::remove_file(&part);
            named
        }
    }
}

#[cfg(all(test, unix))]
#[allow(clippy::unwrap_used)] // tests may unwrap
mod tests {
    use std::os::unix::fs::{PermissionsExt, symlink};

    use super::*;

    /// A new, empty scratch folder of this test process.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cobro-save-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
        dir
    }

    fn mode(path: &Path) -> u32 {
        std::fs::symlink_metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn the_folder_is_created_only_for_this_user_and_refused_apart() {
        let root = scratch("create");
        let dir = root.join("a/b");
        let folder = SaveFolder::open(&dir).unwrap();
        assert_eq!((mode(&dir), mode(&dir.join(REFUSED))), (0o700, 0o700));
        assert_eq!(
            folder.save("0001-x.json", false, b"{}"),
            Outcome::Saved(dir.join("0001-x.json"))
        );
        assert_eq!(
            folder.save("0002-x.json", true, b"[]"),
            Outcome::Saved(dir.join(REFUSED).join("0002-x.json"))
        );
        assert_eq!(std::fs::read(dir.join("refused/0002-x.json")).unwrap(), b"[]");
        assert_eq!(mode(&dir.join("0001-x.json")), 0o600);
        // Never over an existing file, and no part file left behind.
        let again = folder.save("0001-x.json", false, b"other");
        assert!(
            matches!(&again, Outcome::Failed(why) if why.contains("already there")),
            "{again:?}"
        );
        assert_eq!(std::fs::read(dir.join("0001-x.json")).unwrap(), b"{}");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
        // An existing folder of this user's, 0700, is taken.
        drop(folder);
        assert!(SaveFolder::open(&dir).is_ok());
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_folder_others_may_write_in_or_a_symbolic_link_is_refused() {
        let root = scratch("refuse");
        let open = root.join("open");
        std::fs::create_dir(&open).unwrap();
        for m in [0o777, 0o720, 0o702, 0o1777] {
            std::fs::set_permissions(&open, std::fs::Permissions::from_mode(m)).unwrap();
            let why = SaveFolder::open(&open).unwrap_err();
            assert!(why.contains("others may write in it"), "{m:o}: {why}");
        }
        // Its refused/ sub-folder is held to the same rules.
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o700)).unwrap();
        std::fs::create_dir(open.join(REFUSED)).unwrap();
        std::fs::set_permissions(open.join(REFUSED), std::fs::Permissions::from_mode(0o777)).unwrap();
        let why = SaveFolder::open(&open).unwrap_err();
        assert!(why.starts_with("its refused sub-folder: others may write"), "{why}");

        // The folder itself a symbolic link, to a folder of this user's: refused, and
        // nothing is written where it points.
        let target = root.join("target");
        std::fs::create_dir(&target).unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o700)).unwrap();
        let link = root.join("link");
        symlink(&target, &link).unwrap();
        let why = SaveFolder::open(&link).unwrap_err();
        assert!(why.contains("symbolic link"), "{why}");
        let dangling = root.join("dangling");
        symlink(root.join("nowhere"), &dangling).unwrap();
        assert!(SaveFolder::open(&dangling).unwrap_err().contains("symbolic link"));
        assert!(!root.join("nowhere").exists());
        // refused/ a symbolic link: refused too.
        let inner = root.join("inner");
        std::fs::create_dir(&inner).unwrap();
        std::fs::set_permissions(&inner, std::fs::Permissions::from_mode(0o700)).unwrap();
        symlink(&target, inner.join(REFUSED)).unwrap();
        assert!(SaveFolder::open(&inner).unwrap_err().contains("symbolic link"));
        assert_eq!(std::fs::read_dir(&target).unwrap().count(), 0);

        // Another user's folder (only root can make one here).
        let theirs = root.join("theirs");
        std::fs::create_dir(&theirs).unwrap();
        std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o700)).unwrap();
        if std::os::unix::fs::chown(&theirs, Some(65_534), None).is_ok() {
            assert!(SaveFolder::open(&theirs).unwrap_err().contains("another user"));
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_symbolic_link_at_a_files_name_is_never_followed() {
        let root = scratch("planted");
        let dir = root.join("saved");
        let folder = SaveFolder::open(&dir).unwrap();
        let outside = root.join("outside.txt");
        std::fs::write(&outside, b"keep me").unwrap();
        symlink(&outside, dir.join("0001-x.json")).unwrap();
        symlink(&outside, dir.join(".0002-x.json.part")).unwrap();
        symlink(
            root.join("created-through-a-link"),
            dir.join(REFUSED).join("0003-x.json"),
        )
        .unwrap();
        for (name, refused) in [("0001-x.json", false), ("0002-x.json", false), ("0003-x.json", true)] {
            let saved = folder.save(name, refused, b"{\"forged\":true}");
            assert!(
                matches!(&saved, Outcome::Failed(why) if why.contains("already there")),
                "{saved:?}"
            );
        }
        assert_eq!(std::fs::read(&outside).unwrap(), b"keep me");
        assert!(!root.join("created-through-a-link").exists());
        // The planted links stay as they were (not removed, not replaced).
        for link in ["0001-x.json", ".0002-x.json.part", "refused/0003-x.json"] {
            assert!(
                std::fs::symlink_metadata(dir.join(link))
                    .unwrap()
                    .file_type()
                    .is_symlink(),
                "{link}"
            );
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_run_saves_at_most_its_cap_then_says_once_that_saving_stopped() {
        let root = scratch("cap");
        let folder = SaveFolder::open_with_cap(&root.join("saved"), 10).unwrap();
        assert!(matches!(folder.save("0001-x.json", false, b"1234"), Outcome::Saved(_)));
        assert!(matches!(folder.save("0002-x.json", true, b"123456"), Outcome::Saved(_)));
        let stopping = folder.save("0003-x.json", false, b"1");
        assert!(
            matches!(&stopping, Outcome::Stopping(line) if line.starts_with("saving stopped: this run has saved 10 bytes")),
            "{stopping:?}"
        );
        assert_eq!(folder.save("0004-x.json", false, b""), Outcome::Stopped);
        assert!(!root.join("saved/0003-x.json").exists());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
