//! Rummy in the app: the turn being built on screen, the table's layout and
//! the play screen.

pub mod draft;
pub mod layout;
pub mod screen;
