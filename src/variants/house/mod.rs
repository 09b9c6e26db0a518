//! House rules that need code: each is one plugin file that computes its
//! variant and registers it. Adding one is its file and one line below.

use bevy::prelude::*;

pub mod prime_spiral;

/// Every house rule's plugin.
pub fn plugin(app: &mut App) {
    app.add_plugins((prime_spiral::plugin,));
}
