//! What must hold before the window opens, each said in one line when it
//! does not: a display to open it on, a data folder Parlour may write, no
//! other Parlour writing the same folder, and a graphics adapter. A missing
//! one is the person's to fix, not a crash: `error:` on stderr, exit 2.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

/// The lock on the data folder, held while the window is open.
#[derive(Debug)]
pub struct InstanceLock {
    /// The locked file; the lock goes when it closes.
    _file: File,
}

/// The name of the lock file in the data folder.
pub const LOCK_FILE: &str = "parlour.lock";

/// A display to open the window on: `DISPLAY` for X11, or, in a build with
/// Wayland, `WAYLAND_DISPLAY`. (Other systems always have one.)
pub fn check_display(var: impl Fn(&str) -> Option<String>) -> Result<(), String> {
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return Ok(());
    }
    let set = |name: &str| var(name).is_some_and(|v| !v.trim().is_empty());
    let wayland = cfg!(feature = "wayland");
    if set("DISPLAY") || (wayland && set("WAYLAND_DISPLAY")) {
        return Ok(());
    }
    Err(if wayland {
        "no display: neither DISPLAY nor WAYLAND_DISPLAY is set. Start Parlour \
         from a desktop session, or under a kiosk compositor such as cage (see \
         docs/kiosk.md); the commands replay, selfplay, solve and variants need none"
            .into()
    } else {
        "no display: DISPLAY is not set. Start Parlour from a desktop session, or \
         under an X server or cage with Xwayland (see docs/kiosk.md); the \
         commands replay, selfplay, solve and variants need none"
            .into()
    })
}

/// The data folder exists (it is made if need be) and Parlour may write in it.
pub fn check_data_folder(home: Option<&Path>) -> Result<PathBuf, String> {
    let Some(home) = home else {
        return Err("no data folder: the system names no home folder. Set \
                    PARLOUR_HOME to a folder Parlour may write"
            .into());
    };
    let cannot = |e: std::io::Error| {
        format!(
            "the data folder {} cannot be written ({e}). Set PARLOUR_HOME to a \
             folder Parlour may write, or give this user the right to write there",
            home.display()
        )
    };
    std::fs::create_dir_all(home).map_err(cannot)?;
    let probe = home.join(format!(".write-test-{}", std::process::id()));
    std::fs::write(&probe, b"parlour").map_err(cannot)?;
    std::fs::remove_file(&probe).map_err(cannot)?;
    Ok(home.to_path_buf())
}

/// Takes the data folder for this window: a second Parlour on the same
/// folder would write over the first one's saves and settings.
pub fn lock_data_folder(home: &Path) -> Result<InstanceLock, String> {
    let path = home.join(LOCK_FILE);
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| format!("cannot open the lock file {}: {e}", path.display()))?;
    match file.try_lock() {
        Ok(()) => Ok(InstanceLock { _file: file }),
        Err(std::fs::TryLockError::WouldBlock) => Err(format!(
            "Parlour is already running with the data folder {}: close it first, \
             or give this one a folder of its own with PARLOUR_HOME",
            home.display()
        )),
        Err(std::fs::TryLockError::Error(e)) => Err(format!("cannot lock {}: {e}", path.display())),
    }
}

/// The one line to say for a failure deep in the window or the renderer,
/// from its panic message; `None` for anything else (a bug, which keeps
/// its panic).
pub fn failure_words(message: &str) -> Option<String> {
    if message.contains("Unable to find a GPU") {
        return Some(
            "no usable graphics adapter: Parlour draws with Vulkan. Install a \
             Vulkan driver (on Debian and Ubuntu: mesa-vulkan-drivers and \
             libvulkan1)"
                .into(),
        );
    }
    if message.contains("Failed to build event loop")
        || message.contains("XOpenDisplay")
        || message.contains("neither WAYLAND_DISPLAY nor DISPLAY")
    {
        let display = std::env::var("DISPLAY").unwrap_or_default();
        return Some(format!(
            "cannot open the display {display:?}: is the X server running, and \
             may this user use it? ({})",
            message.lines().next().unwrap_or(message).trim()
        ));
    }
    None
}

/// From now on a failure [`failure_words`] knows ends the program with its
/// one line and exit status 2; any other panic is reported as before.
pub fn say_failures_in_words() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        match failure_words(&message) {
            Some(words) => {
                eprintln!("error: {words}");
                std::process::exit(2);
            }
            None => default(info),
        }
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn without_display_the_window_is_refused_in_one_line() {
        let refused = check_display(env(&[]));
        if cfg!(all(unix, not(target_os = "macos"))) {
            let words = refused.unwrap_err();
            assert!(words.starts_with("no display"), "{words}");
            assert!(!words.contains('\n'));
            assert!(check_display(env(&[("DISPLAY", " ")])).is_err());
            assert!(check_display(env(&[("DISPLAY", ":0")])).is_ok());
        }
    }

    #[test]
    fn a_data_folder_that_cannot_be_made_is_refused_with_its_path() {
        // A folder cannot be made under a file.
        let file = std::env::temp_dir().join(format!("parlour-not-a-dir-{}", std::process::id()));
        std::fs::write(&file, "x").unwrap();
        let home = file.join("home");
        let words = check_data_folder(Some(&home)).unwrap_err();
        assert!(words.contains(&home.display().to_string()), "{words}");
        assert!(words.contains("PARLOUR_HOME"));
        let _ = std::fs::remove_file(&file);
    }

    #[test]
    fn a_second_lock_on_one_data_folder_is_refused_until_the_first_is_let_go() {
        let home = std::env::temp_dir().join(format!("parlour-lock-{}", std::process::id()));
        check_data_folder(Some(&home)).unwrap();
        let first = lock_data_folder(&home).unwrap();
        let words = lock_data_folder(&home).unwrap_err();
        assert!(words.starts_with("Parlour is already running"), "{words}");
        drop(first);
        assert!(lock_data_folder(&home).is_ok());
        let _ = std::fs::remove_dir_all(&home);
    }

    #[test]
    fn a_missing_gpu_is_said_in_words_and_other_panics_are_not() {
        let gpu =
            failure_words("Unable to find a GPU! Make sure you have installed required drivers!")
                .unwrap();
        assert!(gpu.contains("Vulkan") && gpu.contains("mesa-vulkan-drivers"));
        assert!(failure_words("index out of bounds: the len is 3 but the index is 7").is_none());
    }
}
