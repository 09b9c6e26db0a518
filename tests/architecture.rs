//! The app crate's layers, kept: every module of `src/` uses only the
//! modules of the rows below its own (docs/how-it-is-built.md), game
//! folders never use each other, and the shell names no game.
//!
//! Within a module, its files never import each other in a circle (in the
//! app crate and in `core/` alike): what two sibling files share lives in a
//! file below both.
//!
//! The sources are read as text: `use crate::…` and `use super::…` lines
//! (grouped or not) and every inline `crate::…` or `super::…` path in code,
//! comments and strings left out.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Each top-level module of `src/` and its row; a module may use only
/// modules of lower rows.
const LAYERS: &[(&str, u8)] = &[
    ("engine", 0),
    ("i18n", 0),
    ("platform", 0),
    ("catalog", 1),
    ("storage", 1),
    ("settings", 2),
    ("stats", 2),
    ("session", 3),
    ("saves", 4),
    ("variants", 4),
    ("kiosk", 4),
    ("sound", 4),
    ("coach", 4),
    ("review", 4),
    ("host", 4),
    ("hand", 4),
    ("ui", 5),
    ("lessons", 6),
    ("game_kit", 7),
    ("games", 8),
    ("app", 9),
    ("cli", 10),
];

/// The crate root's own files, which declare the modules and may name any.
const ROOTS: &[&str] = &["lib", "main"];

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|(_, l)| *l)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file under `src/`: `src/games/rummy/screen.rs` is
/// `["games", "rummy", "screen"]`, a `mod.rs` its folder's.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" {
        parts.push(stem.to_owned());
    }
    parts
}

/// The text with comments and string literals blanked, so only code is read.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                i += 1;
            }
            i += 2;
        } else if b[i] == b'r' && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#')) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&b'"')
                || (i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
            {
                out.push(b[i] as char);
                i += 1;
                continue;
            }
            j += 1;
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            while j < b.len() && !b[j..].starts_with(&close) {
                j += 1;
            }
            out.push_str("\"\"");
            i = j + close.len();
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' && b.get(i + 2) == Some(&b'\'') {
            // A char literal such as '"'.
            out.push_str("' '");
            i += 3;
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// Every path a file's code names from the crate: `use` trees expanded and
/// inline paths, each as module segments resolved from the crate root.
fn paths_named(code: &str, here: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    // `use` items, grouped ones expanded.
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        rest = &rest[at + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let end = rest.find(';').unwrap_or(rest.len());
        let tree: String = rest[..end].chars().filter(|c| !c.is_whitespace()).collect();
        for path in expand_use(&tree) {
            if let Some(resolved) = resolve(&path, here) {
                found.push(resolved);
            }
        }
        rest = &rest[end..];
    }
    // Inline paths anywhere in the code.
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(at) = code[from..].find(start) {
            let at = from + at;
            from = at + start.len();
            let before = code[..at].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = code[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let segments: Vec<String> = path
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect();
            if let Some(resolved) = resolve(&segments, here) {
                found.push(resolved);
            }
        }
    }
    found
}

/// `a::{b, c::{d, e}}` as `[a, b]`, `[a, c, d]`, `[a, c, e]`.
fn expand_use(tree: &str) -> Vec<Vec<String>> {
    fn go(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
        let tree = tree.trim_start_matches("::");
        if let Some(open) = tree.find('{') {
            let head: Vec<String> = tree[..open]
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect();
            let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
            let mut depth = 0;
            let mut start = 0;
            let mut prefix = prefix.to_vec();
            prefix.extend(head);
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        go(&prefix, &inner[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            go(&prefix, &inner[start..], out);
        } else if !tree.is_empty() {
            let mut path = prefix.to_vec();
            path.extend(
                tree.split(" as ")
                    .next()
                    .unwrap_or(tree)
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned),
            );
            out.push(path);
        }
    }
    let mut out = Vec::new();
    go(&[], tree, &mut out);
    out
}

/// A path as segments from the crate root, if it starts at the crate
/// (`crate::…`) or climbs with `super::`; other paths (std, Bevy, a
/// sibling by its own name) are not the crate's modules.
fn resolve(path: &[String], here: &[String]) -> Option<Vec<String>> {
    match path.first().map(String::as_str) {
        Some("crate") => Some(path[1..].to_vec()),
        Some("super") => {
            let mut base = here.to_vec();
            let mut rest = path;
            while rest.first().map(String::as_str) == Some("super") {
                base.pop();
                rest = &rest[1..];
            }
            base.extend(rest.iter().cloned());
            Some(base)
        }
        _ => None,
    }
}

/// What one file names that it may not, in words.
fn offences(src: &Path, file: &Path) -> Vec<String> {
    let here = module_path(src, file);
    let Some(top) = here.first().cloned() else {
        return Vec::new();
    };
    if ROOTS.contains(&top.as_str()) {
        return Vec::new();
    }
    let Some(own) = layer(&top) else {
        return vec![format!(
            "{}: module {top} is in no layer (add it to LAYERS and docs/how-it-is-built.md)",
            file.display()
        )];
    };
    let code = code_only(&fs::read_to_string(file).unwrap());
    let mut found = Vec::new();
    // A `use` line is also an inline path: each path is judged once.
    let mut paths = paths_named(&code, &here);
    paths.sort();
    paths.dedup();
    for path in paths {
        let Some(target) = path.first() else { continue };
        let name = path.join("::");
        if *target == top {
            // Within one module; but one game's folder never uses another's.
            if top == "games" && here.len() > 1 && path.len() > 1 && path[1] != here[1] {
                found.push(format!(
                    "{}: the game folder {} uses another game's, crate::{name}",
                    file.display(),
                    here[1]
                ));
            }
            continue;
        }
        let Some(theirs) = layer(target) else {
            // `tr!` and other macros exported at the crate root.
            continue;
        };
        if theirs > own {
            found.push(format!(
                "{}: {top} (row {own}) uses crate::{name}, a row up (row {theirs})",
                file.display()
            ));
        } else if theirs == own {
            found.push(format!(
                "{}: {top} uses crate::{name}, across its own row {own}",
                file.display()
            ));
        }
    }
    found
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_module_uses_one_above_or_beside_it() {
    let src = src();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut all = Vec::new();
    for file in &files {
        all.extend(offences(&src, file));
    }
    assert!(
        all.is_empty(),
        "imports against the layers:\n{}",
        all.join("\n")
    );
}

#[test]
fn the_shell_names_no_game() {
    // Game types and game folders, named only in src/games/ and the command line.
    let names = [
        "Neighbours",
        "PaperBoxing",
        "Rummy",
        "games::neighbours",
        "games::paper_boxing",
        "games::rummy",
        "GameKind",
    ];
    let src = src();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut found = Vec::new();
    for file in &files {
        let here = module_path(&src, file);
        if matches!(here.first().map(String::as_str), Some("games" | "cli")) {
            continue;
        }
        let code = code_only(&fs::read_to_string(file).unwrap());
        for (n, line) in code.lines().enumerate() {
            for name in names {
                let named = line.match_indices(name).any(|(at, _)| {
                    let before = line[..at].chars().last();
                    let after = line[at + name.len()..].chars().next();
                    !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                        && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
                });
                if named {
                    found.push(format!("{}:{}: names {name}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "the shell names a game:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_module_of_the_crate_root_has_a_row() {
    let lib = fs::read_to_string(src().join("lib.rs")).unwrap();
    let mut declared = BTreeMap::new();
    for line in lib.lines() {
        if let Some(name) = line
            .trim()
            .strip_prefix("pub mod ")
            .and_then(|r| r.strip_suffix(';'))
        {
            declared.insert(name.to_owned(), layer(name));
        }
    }
    let missing: Vec<_> = declared.iter().filter(|(_, l)| l.is_none()).collect();
    assert!(missing.is_empty(), "modules in no row: {missing:?}");
    assert_eq!(
        declared.len(),
        LAYERS.len(),
        "a row names a module lib.rs does not declare"
    );
}

/// The checker itself finds what it must: an upward use, a use across a
/// row, one game's folder using another's, grouped and inline paths alike.
#[test]
fn a_planted_upward_import_is_caught() {
    let dir = std::env::temp_dir().join(format!("parlour-architecture-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("session")).unwrap();
    fs::create_dir_all(dir.join("games/rummy")).unwrap();
    let session = dir.join("session/mod.rs");
    fs::write(
        &session,
        "//! uses crate::ui in a comment only\nuse crate::{catalog::GameId, ui::{theme::size, widgets}};\nfn f() { let s = \"crate::app\"; crate::saves::plugin(); }\n",
    )
    .unwrap();
    let rummy = dir.join("games/rummy/mod.rs");
    fs::write(
        &rummy,
        "use crate::games::neighbours::Hold;\nuse super::super::game_kit::AddGame;\n",
    )
    .unwrap();
    let found = offences(&dir, &session);
    assert_eq!(found.len(), 3, "{found:#?}");
    for name in [
        "crate::ui::theme::size",
        "crate::ui::widgets",
        "crate::saves::plugin",
    ] {
        assert!(
            found
                .iter()
                .any(|f| f.contains(&format!("uses {name}, a row up"))),
            "{name} not caught: {found:#?}"
        );
    }
    let found = offences(&dir, &rummy);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].contains("uses another game's, crate::games::neighbours::Hold"),
        "{}",
        found[0]
    );
    let _ = fs::remove_dir_all(&dir);
}

/// The module path of a file for the circle check: the crate root's files
/// are the root itself, the parent of every top-level module.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let here = module_path(src, file);
    if here.len() == 1 && ROOTS.contains(&here[0].as_str()) {
        Vec::new()
    } else {
        here
    }
}

/// Every circle of imports between sibling files under `src`: for each
/// module, the graph of its child modules (a child's own children counted
/// as the child) where an edge is one child's code naming another; each
/// circle as its parent and members, e.g. `engine::{bot, game}`.
fn sibling_circles(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(src, f)).collect();
    // parent → child → the children it names.
    let mut graph: BTreeMap<Vec<String>, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for file in &files {
        if module_path(src, file) == ["main"] {
            // The binary's root is a crate of its own.
            continue;
        }
        let here = module_of(src, file);
        let code = code_only(&fs::read_to_string(file).unwrap());
        for path in paths_named(&code, &here) {
            let common = here.iter().zip(&path).take_while(|(a, b)| a == b).count();
            if common >= here.len() || common >= path.len() {
                // Its own module, a child of it, or one above it.
                continue;
            }
            if !modules.contains(&path[..=common]) {
                // An item of the common parent (`super::Thing`), not a file.
                continue;
            }
            graph
                .entry(here[..common].to_vec())
                .or_default()
                .entry(here[common].clone())
                .or_default()
                .insert(path[common].clone());
        }
    }
    let mut circles = Vec::new();
    for (parent, edges) in &graph {
        for members in strongly_connected(edges) {
            let mut name = parent.join("::");
            if !name.is_empty() {
                name.push_str("::");
            }
            circles.push(format!("{name}{{{}}}", members.join(", ")));
        }
    }
    circles
}

/// The strongly connected sets of more than one node (Tarjan's algorithm),
/// each sorted.
fn strongly_connected(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, node: &'a str) {
            let i = self.index.len();
            self.index.insert(node, i);
            self.low.insert(node, i);
            self.stack.push(node);
            self.on_stack.insert(node);
            for next in self.edges.get(node).into_iter().flatten() {
                let next = next.as_str();
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut set = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    set.push(top.to_owned());
                    if top == node {
                        break;
                    }
                }
                if set.len() > 1 {
                    set.sort();
                    self.found.push(set);
                }
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in edges.keys() {
        if !walk.index.contains_key(node.as_str()) {
            walk.visit(node);
        }
    }
    walk.found
}

#[test]
fn no_sibling_files_import_each_other_in_a_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for (name, src) in [
        ("src", root.join("src")),
        ("core/src", root.join("core/src")),
    ] {
        all.extend(
            sibling_circles(&src)
                .into_iter()
                .map(|c| format!("{name}: {c}")),
        );
    }
    assert!(
        all.is_empty(),
        "sibling files that import each other in a circle:\n{}",
        all.join("\n")
    );
}

/// The circle check finds a circle of two and of three sibling files, one
/// side reaching the other through a file of its own folder, and not a file
/// that uses its parent or a child.
#[test]
fn a_planted_circle_is_caught() {
    let dir = std::env::temp_dir().join(format!("parlour-circles-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    for folder in ["engine", "games/rummy/input"] {
        fs::create_dir_all(dir.join(folder)).unwrap();
    }
    let files = [
        ("lib.rs", "pub mod engine;\npub mod games;\n"),
        ("engine/mod.rs", "mod a;\nmod b;\nmod c;\npub use a::A;\n"),
        ("engine/a.rs", "use super::b::B;\npub struct A;\n"),
        ("engine/b.rs", "pub struct B;\nfn f() { super::c::g(); }\n"),
        (
            "engine/c.rs",
            "use super::{A, a::A as Also};\npub fn g() {}\n",
        ),
        ("games/mod.rs", "pub mod rummy;\nuse crate::engine::A;\n"),
        (
            "games/rummy/mod.rs",
            "mod input;\nmod turn;\nuse input::keys;\n",
        ),
        ("games/rummy/input.rs", "mod keys;\nuse super::Thing;\n"),
        (
            "games/rummy/input/keys.rs",
            "use super::super::turn::Turn;\n",
        ),
        (
            "games/rummy/turn.rs",
            "use crate::games::rummy::input::Grab;\n",
        ),
    ];
    for (path, text) in files {
        fs::write(dir.join(path), text).unwrap();
    }
    let found = sibling_circles(&dir);
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(
        found,
        ["engine::{a, b, c}", "games::rummy::{input, turn}"],
        "{found:#?}"
    );
}
