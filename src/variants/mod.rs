//! Variants as data and as plugins.
//!
//! Each variant on offer is an entry of the [`VariantRegistry`]: the data
//! files under `assets/variants/` (`*.variant.ron`, read through the asset
//! server by [`file::VariantFileLoader`]) and the house rules written in code
//! (each game's own, in its folder), each one plugin calling
//! [`register_variant`](RegisterVariant::register_variant).
//!
//! Whatever an entry describes comes down to a rules string the game reads
//! (`standard,penalty=1`, `standard,board=x..x/…`): that string is what the
//! table plays and what the record keeps, so every match replays from its
//! record alone, without the files.
//!
//! A file that does not read or check is reported with its path and the
//! reason — in the log and on the title screen — and the others still load.

pub mod choices;
pub mod file;
pub mod registry;

use std::path::PathBuf;

use bevy::asset::io::AssetSourceId;
use bevy::asset::{AssetLoadError, LoadState};
use bevy::prelude::*;
use bevy::tasks::futures_lite::StreamExt;
use bevy::tasks::{IoTaskPool, Task, block_on, poll_once};
use bevy::window::RequestRedraw;

pub use file::{VariantFile, VariantFileError, VariantFileLoader};
pub use registry::{
    Origin, RegisterVariant, VariantEntry, VariantProblem, VariantRegistry, Words, check_rules,
};

use crate::catalog::GameCatalog;
use crate::storage::{FileWarning, FileWarnings};

/// The folder, under the assets, that the data files are read from
/// (sub-folders included).
pub const FOLDER: &str = "variants";

/// Where the reading of the data files has got to.
#[derive(Resource)]
enum Loading {
    /// The folder is being listed.
    Listing(Task<Result<Vec<String>, String>>),
    /// The files are loading: each one's path and handle, by path.
    Files(Vec<(String, Handle<VariantFile>)>),
}

/// The registry, the data files' loader and the built-in files read at
/// start-up. Needs the asset plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<VariantRegistry>()
        .init_asset::<VariantFile>()
        .init_asset_loader::<VariantFileLoader>()
        // The window plugin adds it too; headless apps need it here.
        .add_message::<RequestRedraw>()
        .add_systems(Startup, list_files)
        .add_systems(Update, follow_loading.run_if(resource_exists::<Loading>));
}

/// Lists the variant files through the asset server's own reader, so they are
/// found wherever the assets are.
fn list_files(mut commands: Commands, server: Res<AssetServer>) {
    let server = server.clone();
    let task = IoTaskPool::get().spawn(async move { list(&server).await });
    commands.insert_resource(Loading::Listing(task));
}

async fn list(server: &AssetServer) -> Result<Vec<String>, String> {
    let source = server
        .get_source(AssetSourceId::Default)
        .map_err(|e| e.to_string())?;
    let reader = source.reader();
    let mut found = Vec::new();
    let mut folders = vec![PathBuf::from(FOLDER)];
    while let Some(folder) = folders.pop() {
        let mut entries = reader
            .read_directory(&folder)
            .await
            .map_err(|e| format!("{}: {e}", folder.display()))?;
        while let Some(path) = entries.next().await {
            if reader.is_directory(&path).await.unwrap_or(false) {
                folders.push(path);
            } else {
                let name = path.to_string_lossy().replace('\\', "/");
                if name.ends_with(&format!(".{}", file::EXTENSION)) {
                    found.push(name);
                }
            }
        }
    }
    // One file at a time loads in any order; they are taken in this one.
    found.sort();
    Ok(found)
}

/// Follows the loading: once the folder is listed, loads each file on its
/// own (a folder load would stop at the first broken file); once every file
/// has loaded or failed, fills the registry in path order and reports the
/// failures.
fn follow_loading(
    mut loading: ResMut<Loading>,
    server: Res<AssetServer>,
    files: Res<Assets<VariantFile>>,
    catalog: Res<GameCatalog>,
    mut registry: ResMut<VariantRegistry>,
    warnings: Option<ResMut<FileWarnings>>,
    mut commands: Commands,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    // Frames keep coming until the files are in, even on an idle screen.
    redraw.write(RequestRedraw);
    match &mut *loading {
        Loading::Listing(task) => match block_on(poll_once(task)) {
            None => {}
            Some(Ok(paths)) => {
                info!("{} variant files in {FOLDER}/", paths.len());
                *loading = Loading::Files(
                    paths
                        .into_iter()
                        .map(|path| {
                            let handle = server.load::<VariantFile>(path.clone());
                            (path, handle)
                        })
                        .collect(),
                );
            }
            Some(Err(reason)) => {
                // No folder (a build shipped without its assets): the games'
                // built-in variants are offered instead.
                warn!("no variant files read: {reason}");
                finish(&mut registry, warnings);
                commands.remove_resource::<Loading>();
            }
        },
        Loading::Files(handles) => {
            let states: Vec<LoadState> =
                handles.iter().map(|(_, h)| server.load_state(h)).collect();
            if states
                .iter()
                .any(|s| matches!(s, LoadState::NotLoaded | LoadState::Loading))
            {
                return;
            }
            for ((path, handle), state) in handles.iter().zip(states) {
                let result = match (state, files.get(handle)) {
                    (LoadState::Failed(error), _) => Err(VariantProblem {
                        origin: Origin::File(path.clone()),
                        reason: reason(&error),
                    }),
                    (_, Some(file)) => {
                        file::check(file.form.clone(), Origin::File(path.clone()), &catalog)
                            .map_err(|e| VariantProblem {
                                origin: Origin::File(path.clone()),
                                reason: e.to_string(),
                            })
                            .and_then(|entry| registry.add(entry, &catalog))
                    }
                    (_, None) => Err(VariantProblem {
                        origin: Origin::File(path.clone()),
                        reason: "the file loaded but its variant is missing".into(),
                    }),
                };
                if let Err(problem) = result {
                    registry.report(problem);
                }
            }
            finish(&mut registry, warnings);
            // The handles go with it: the registry keeps copies of the entries.
            commands.remove_resource::<Loading>();
        }
    }
}

/// Marks the registry ready and puts every variant not taken (the plugins'
/// as well as the files') on the title screen, once.
fn finish(registry: &mut VariantRegistry, warnings: Option<ResMut<FileWarnings>>) {
    registry.set_ready();
    info!("{} variants on offer", registry.entries().len());
    if let Some(mut warnings) = warnings {
        warnings
            .0
            .extend(registry.problems().iter().map(|p| FileWarning::Variant {
                file: p.origin.to_string(),
                reason: p.reason.clone(),
            }));
    }
}

/// Why a file failed, in the loader's words when they are ours.
fn reason(error: &AssetLoadError) -> String {
    match error {
        AssetLoadError::AssetLoaderError(e) => match e.error().downcast_ref::<VariantFileError>() {
            Some(ours) => ours.to_string(),
            None => e.error().to_string().trim().to_owned(),
        },
        other => other.to_string(),
    }
}
