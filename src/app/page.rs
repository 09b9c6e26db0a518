//! The app in a web page: its options from the page's query, the loading
//! line taken down once the title is drawn, the screen kept on while
//! attract mode plays, the storage kept after a first match, and a closed
//! screen instead of an exit (a page cannot close itself).

use bevy::prelude::*;

use parlour_core::engine::selfplay::mean_think_ms;
use parlour_core::engine::{Game, review};
use parlour_core::games::{ForGame, for_game};

use super::WindowOptions;
use crate::platform::page;
use crate::session::Screen;
use crate::session::attract::Demo;
use crate::stats::Statistics;

/// Tells the page when the app is drawn, playing by itself, or closed.
pub fn plugin(app: &mut App) {
    app.add_systems(Last, (say_ready, keep_screen_on, keep_storage, say_closed));
    // The browser test's crash: a real panic as a match comes on screen, so
    // the page's reload, the Continue after it and the limit on a crash
    // loop are tried as they happen. Only a page's query asks for it.
    if page::query().split('&').any(|pair| pair == "crash-in-play") {
        app.add_systems(OnEnter(Screen::Play), crash_for_the_test);
    }
}

/// Panics: the page's query asked for a crash (`crash-in-play`).
fn crash_for_the_test() {
    panic!("a crash the page's query asked for (crash-in-play)");
}

/// The options a page's query asks for: `kiosk`, `demo`, `demo=GAME`.
/// Anything else is left alone (a page may carry its own query).
pub fn options(query: &str) -> WindowOptions {
    let mut options = WindowOptions::default();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        match name {
            "kiosk" => options.kiosk = true,
            // A phone at a shared table: the table is the host that
            // served this page.
            "join" => options.join = Some(crate::platform::page::origin()),
            // The table's own screen, opened from the host.
            "table" => {
                options.join = Some(crate::platform::page::origin());
                options.watch = true;
                options.key = (!value.is_empty()).then(|| value.to_owned());
            }
            "seat" => options.seat = value.parse().ok().filter(|n| (1..=8).contains(n)),
            "demo" => {
                options.demo = true;
                options.game = (!value.is_empty()).then(|| value.to_owned());
            }
            _ => {}
        }
    }
    options
}

/// After the first frames are drawn, once.
fn say_ready(mut frames: Local<u32>) {
    *frames += 1;
    if *frames == 3 {
        page::ready();
    }
}

/// Attract mode keeps the screen on; a person at the table, or the idle
/// title, lets it sleep as the device likes.
fn keep_screen_on(demo: Option<Res<Demo>>, mut on: Local<bool>) {
    let playing = demo.is_some();
    if playing != *on {
        *on = playing;
        page::keep_screen_on(playing);
    }
}

/// After the first match played to its end, ask the browser to keep the
/// page's storage when space runs short (Safari may otherwise clear it).
fn keep_storage(statistics: Option<Res<Statistics>>, mut asked: Local<bool>) {
    if !*asked && statistics.is_some_and(|s| s.is_changed() && !s.is_added()) {
        *asked = true;
        page::keep_storage();
    }
}

/// The app has stopped (the kiosk's PIN exit): the page says so instead
/// of freezing on the last frame.
fn say_closed(mut exits: MessageReader<AppExit>) {
    if exits.read().next().is_some() {
        page::closed();
    }
}

/// A bot's mean thinking time per move in this build, in milliseconds:
/// `games` seeded matches of `bots` (the first measured) as
/// `parlour selfplay --seed SEED` plays them, so the page and the desktop
/// (`cargo run -p parlour-core --release --example think_time`) are
/// compared on the very same moves. Asked for by a page
/// query `bench=GAME/BOT,BOT` (its answer set on the page as
/// `parlourBench`), in place of the app.
pub fn think_time(spec: &str, games: usize, seed: u64) -> Result<f64, String> {
    // No match played is no figure, not a mean of nothing read as 0 ms.
    if games == 0 {
        return Err("the bench needs at least one match to measure".into());
    }
    let (game, bots) = spec
        .split_once('/')
        .ok_or_else(|| format!("{spec:?}: write GAME/BOT,BOT"))?;
    let bots: Vec<String> = bots.split(',').map(str::to_owned).collect();
    for_game(game, ThinkTime { bots, games, seed })?
}

/// The time to review whole matches in this build, on one thread (as a
/// page has): `games` seeded matches of `bots` as `parlour selfplay --seed
/// SEED` plays them, each reviewed with the screen's budget, as JSON
/// (`review_figures page-time` prints the desktop's, on the same moves).
/// Asked for by a page query `bench-review=GAME/BOT,BOT`.
pub fn review_time(spec: &str, games: usize, seed: u64) -> Result<String, String> {
    if games == 0 {
        return Err("the bench needs at least one match to review".into());
    }
    let (game, bots) = spec
        .split_once('/')
        .ok_or_else(|| format!("{spec:?}: write GAME/BOT,BOT"))?;
    let bots: Vec<String> = bots.split(',').map(str::to_owned).collect();
    parlour_core::games::for_review(game, ReviewTime { bots, games, seed })?
}

struct ReviewTime {
    bots: Vec<String>,
    games: usize,
    seed: u64,
}

impl parlour_core::games::ForReview for ReviewTime {
    type Output = Result<String, String>;
    fn run<G: parlour_core::engine::analysis::Analyse>(self) -> Self::Output {
        let times = review::time_reviews::<G>(
            &self.bots,
            self.games,
            self.seed,
            crate::review::THINKING_SLICE,
        )?;
        let mut figures = review::review_time_figures(&times);
        figures["game"] = G::NAME.into();
        Ok(figures.to_string())
    }
}

struct ThinkTime {
    bots: Vec<String>,
    games: usize,
    seed: u64,
}

impl ForGame for ThinkTime {
    type Output = Result<f64, String>;
    fn run<G: Game>(self) -> Self::Output {
        mean_think_ms::<G>("standard", &self.bots, self.games, self.seed).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bench_measures_the_first_bot_on_selfplays_matches() {
        // A bot's thinking took some time: a bench that measured no move
        // would say 0.
        let ms = think_time("neighbours/greedy,random", 2, 1).unwrap();
        assert!(ms > 0.0 && ms.is_finite(), "{ms} ms");
        assert!(think_time("neighbours/greedy,random", 0, 1).is_err());
        assert!(think_time("neighbours-greedy", 2, 1).is_err());
        assert!(think_time("chess/greedy,random", 2, 1).is_err());
    }

    #[test]
    fn the_review_bench_times_whole_matches_on_one_thread() {
        let answer = review_time("paper-boxing/greedy,random", 1, 1).unwrap();
        let figures: serde_json::Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(figures["matches"], 1);
        assert_eq!(figures["game"], "paper-boxing");
        assert!(figures["median_seconds"].as_f64().is_some_and(|s| s >= 0.0));
        // Every decision of the match was timed: a bench that reviewed
        // nothing would count no step.
        assert!(
            figures["steps"].as_u64().is_some_and(|n| n > 0),
            "{figures}"
        );
        assert!(review_time("paper-boxing", 1, 1).is_err());
        assert!(review_time("paper-boxing/greedy,random", 0, 1).is_err());
    }

    #[test]
    fn a_page_query_asks_for_kiosk_and_attract_mode() {
        let o = options("kiosk&demo=rummy&utm=x");
        assert!(o.kiosk && o.demo);
        assert_eq!(o.game.as_deref(), Some("rummy"));
        let o = options("demo");
        assert!(o.demo && o.game.is_none() && !o.kiosk);
        let o = options("");
        assert!(!o.demo && !o.kiosk);
    }

    #[test]
    fn the_tables_screen_carries_its_key_only_when_the_address_gives_one() {
        let o = options("table=00ff");
        assert!(o.watch && o.join.is_some());
        assert_eq!(o.key.as_deref(), Some("00ff"));
        let o = options("table");
        assert!(o.watch && o.key.is_none());
        let o = options("join&seat=2");
        assert!(!o.watch && o.key.is_none() && o.seat == Some(2));
    }
}
