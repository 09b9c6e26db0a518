//! Parlour as installed: the program alone in a folder still offers every
//! shipped variant, reads more from the data folder, lists them all with
//! `parlour variants`; and what the window needs and lacks (a display, a
//! data folder it may write, the folder to itself) is one `error:` line
//! and exit status 2.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh, empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parlour-install-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The program, run with exactly the environment given (and PATH).
fn run(program: &Path, args: &[&str], cwd: &Path, env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(program);
    command.args(args).current_dir(cwd).env_clear();
    if let Some(path) = std::env::var_os("PATH") {
        command.env("PATH", path);
    }
    for (name, value) in env {
        command.env(name, value);
    }
    // A copy just written can be "busy" for a moment: another test's
    // process, forked while the copy was open, holds it until it starts.
    for _ in 0..100 {
        match command.output() {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            result => return result.expect("the parlour binary runs"),
        }
    }
    panic!("{} stayed busy", program.display());
}

fn program() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_parlour"))
}

/// The one line on stderr, for a refusal.
fn one_error_line(out: &Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr.trim().to_owned()
}

#[test]
fn the_program_copied_alone_offers_every_shipped_variant_and_the_data_folders_files() {
    let dir = scratch("alone");
    let (bin, cwd, home) = (dir.join("bin"), dir.join("elsewhere"), dir.join("home"));
    for d in [&bin, &cwd, &home.join("variants/mine")] {
        fs::create_dir_all(d).unwrap();
    }
    let copy = bin.join("parlour");
    fs::copy(program(), &copy).unwrap();
    let added = home.join("variants/mine/open-at-20.variant.ron");
    fs::write(
        &added,
        r#"(game: "rummy", id: "open-at-20", title: (en: "Open at 20"),
            description: (en: "A first meld of 20."), rules: "standard,first-meld=20")"#,
    )
    .unwrap();
    let torn = home.join("variants/torn.variant.ron");
    fs::write(&torn, "(game: \"rummy\",").unwrap();
    let out = run(
        &copy,
        &["variants"],
        &cwd,
        &[("PARLOUR_HOME", home.to_str().unwrap())],
    );
    assert_eq!(out.status.code(), Some(0));
    let listed: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    let count = |game: &str| listed.iter().filter(|v| v["game"] == game).count();
    assert!(count("neighbours") >= 6, "{listed:#?}");
    assert!(count("paper-boxing") >= 4, "{listed:#?}");
    // Seven shipped, and the data folder's.
    assert!(count("rummy") >= 8, "{listed:#?}");
    let mine = listed.iter().find(|v| v["id"] == "open-at-20").unwrap();
    assert_eq!(mine["rules"], "standard,first-meld=20");
    assert_eq!(mine["origin"], added.display().to_string());
    assert!(listed.iter().any(|v| v["origin"] == "built-in"));
    assert!(listed.iter().any(|v| v["origin"] == "plugin prime_spiral"));
    for v in &listed {
        for field in ["game", "id", "title", "rules", "origin"] {
            assert!(v[field].is_string(), "{field} in {v}");
        }
    }
    // The broken file: one line, with its path and why.
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].contains(&torn.display().to_string()) && lines[0].contains("line 1"),
        "{stderr}"
    );
    // Nothing deleted.
    assert!(torn.exists());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn variants_of_one_game_and_an_unknown_game() {
    let home = scratch("one-game");
    let home_env = [("PARLOUR_HOME", home.to_str().unwrap())];
    let out = run(
        &program(),
        &["variants", "--game", "paper-boxing"],
        &home,
        &home_env,
    );
    assert_eq!(out.status.code(), Some(0));
    let listed: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert!(listed.len() >= 4, "{listed:#?}");
    assert!(listed.iter().all(|v| v["game"] == "paper-boxing"));
    let out = run(
        &program(),
        &["variants", "--game", "chess"],
        &home,
        &home_env,
    );
    let line = one_error_line(&out);
    assert!(line.contains("unknown game \"chess\""), "{line}");
    let _ = fs::remove_dir_all(&home);
}

#[test]
fn without_a_display_the_window_is_refused_in_one_line() {
    let home = scratch("no-display");
    let out = run(
        &program(),
        &[],
        &home,
        &[("PARLOUR_HOME", home.to_str().unwrap())],
    );
    let line = one_error_line(&out);
    assert!(line.starts_with("error: no display"), "{line}");
    assert!(line.contains("DISPLAY"), "{line}");
    let _ = fs::remove_dir_all(&home);
}

#[test]
fn a_data_folder_that_cannot_be_written_is_refused_in_one_line() {
    let dir = scratch("unwritable");
    // A folder cannot be made under a file: the data folder is out of reach.
    fs::write(dir.join("file"), "x").unwrap();
    let home = dir.join("file/home");
    let out = run(
        &program(),
        &["--frames", "1"],
        &dir,
        &[("PARLOUR_HOME", home.to_str().unwrap()), ("DISPLAY", ":99")],
    );
    let line = one_error_line(&out);
    assert!(
        line.contains("the data folder") && line.contains("PARLOUR_HOME"),
        "{line}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_second_parlour_on_the_same_data_folder_is_refused_and_variants_still_runs() {
    let home = scratch("locked");
    // Another Parlour holds the folder.
    let lock = fs::File::create(home.join("parlour.lock")).unwrap();
    lock.try_lock().unwrap();
    let env = [("PARLOUR_HOME", home.to_str().unwrap()), ("DISPLAY", ":99")];
    let line = one_error_line(&run(&program(), &["--frames", "1"], &home, &env));
    assert!(line.contains("already running"), "{line}");
    // The headless commands take no lock.
    let out = run(&program(), &["variants"], &home, &env);
    assert_eq!(out.status.code(), Some(0));
    drop(lock);
    let _ = fs::remove_dir_all(&home);
}
