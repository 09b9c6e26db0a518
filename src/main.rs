//! The `parlour` command: the game window, or a headless command; in a web
//! page, the game on the page's canvas.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use clap::Parser;
    parlour::cli::run(parlour::cli::Cli::parse())
}

#[cfg(target_arch = "wasm32")]
fn main() {
    parlour::app::run_in_page();
}
