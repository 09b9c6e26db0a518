//! Variants as data and as plugins.
//!
//! Each variant on offer is an entry of the [`VariantRegistry`]: the data
//! files (`*.variant.ron`) — the shipped ones built into the program, then
//! any in the system folder and in the data folder's `variants/`, read by
//! [`sources`] — and the house rules written in code (each game's own, in
//! its folder), each one plugin calling
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
pub mod draft;
pub mod file;
pub mod made;
pub mod pinned;
pub mod registry;
pub mod sources;
pub mod trial;

use bevy::prelude::*;

pub use file::{FileForm, VariantFileError};
pub use registry::{
    Origin, RegisterVariant, VariantEntry, VariantProblem, VariantRegistry, Words, check_rules,
};
pub use sources::VariantSources;

use crate::catalog::GameCatalog;
use crate::storage::{FileWarning, FileWarnings};

/// The registry, filled at start-up from the [`VariantSources`] (the
/// built-in files alone unless the app says otherwise).
pub fn plugin(app: &mut App) {
    app.init_resource::<VariantRegistry>()
        .init_resource::<VariantSources>()
        .init_resource::<made::MadeFolder>()
        .add_systems(Startup, read_files);
}

/// Reads every variant file — a few small files, read once — and puts
/// every one not taken on the title screen.
fn read_files(
    catalog: Res<GameCatalog>,
    sources: Res<VariantSources>,
    made: Option<Res<made::MadeFolder>>,
    mut registry: ResMut<VariantRegistry>,
    mut commands: Commands,
    warnings: Option<ResMut<FileWarnings>>,
) {
    sources::read_all(&mut registry, &catalog, &sources);
    commands.insert_resource(pinned::KioskPins::read(
        made::folder(made.as_deref(), &sources).as_deref(),
    ));
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
