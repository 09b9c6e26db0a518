//! Paper Boxing in the app: its play screen (its rules plugin is added with
//! the others in [`crate::games::rules_plugin`]).

pub mod screen;

pub use parlour_core::games::paper_boxing::PaperBoxing;
