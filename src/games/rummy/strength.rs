//! How much Rummy's searching `expert` thinks at each bot strength of the
//! settings: strong is the search's own default budget, quick a quarter of
//! it (what `expert:50ms` names: the playouts a desktop plays in 50 ms).
//! Both are counts of playouts, so a strength is the same on every device;
//! each keeps a safety cap on time, reached only by a machine far too slow.
//! The bots and the "best for the match" hint share it, so a hint thinks as
//! much as a bot would. In a run stepped frame by frame (tests, the chaos
//! run) each strength is a smaller count of playouts with no cap at all.

use std::time::Duration;

use parlour_core::engine::{Bot, BotError, Game, GameRng};
use parlour_core::games::rummy::Rummy;
use parlour_core::games::rummy::search::{Budget, Expert, ExpertSettings};

use crate::settings::BotStrength;

/// The quick strength's work a move, as the time a desktop takes for it
/// ([`Budget::desktop_time`]).
pub const QUICK: Duration = Duration::from_millis(50);

/// The playouts a move at each strength (quick, strong) in a run stepped
/// frame by frame: few, so a stepped run stays quick.
pub const STEPPED_PLAYOUTS: [usize; 2] = [16, 64];

/// The search's budget a move at `strength`; by playouts alone when
/// `stepped`.
pub fn expert_budget(strength: BotStrength, stepped: bool) -> Budget {
    match (strength, stepped) {
        (BotStrength::Quick, false) => Budget::desktop_time(QUICK),
        (BotStrength::Strong, false) => Budget::default(),
        (BotStrength::Quick, true) => Budget::playouts(STEPPED_PLAYOUTS[0]),
        (BotStrength::Strong, true) => Budget::playouts(STEPPED_PLAYOUTS[1]),
    }
}

/// The searching expert at `strength`, with its own random source.
pub fn expert(strength: BotStrength, stepped: bool, seed: u64) -> Expert {
    let settings = ExpertSettings {
        budget: expert_budget(strength, stepped),
        ..ExpertSettings::default()
    };
    Expert::new(settings, GameRng::seeded(seed))
}

/// The bot called `name` at `strength`: the plain `expert` thinks as much
/// as the strength says (its name stays `expert`, in the records too); a
/// name with its own budget (`expert:300`, `expert:80ms`) and every other
/// bot are as the rules core makes them.
pub fn bot_at(
    name: &str,
    strength: BotStrength,
    stepped: bool,
    seed: u64,
) -> Result<Box<dyn Bot<Rummy>>, BotError> {
    match name {
        "expert" => Ok(Box::new(expert(strength, stepped, seed))),
        _ => Rummy::bot(name, seed),
    }
}

#[cfg(test)]
mod tests {
    use parlour_core::games::rummy::search::{CAP_FACTOR, DEFAULT_CAP, DEFAULT_PLAYOUTS};

    use super::*;

    #[test]
    fn strong_gives_the_expert_the_searchs_default_budget() {
        assert_eq!(expert_budget(BotStrength::Strong, false), Budget::default());
        assert_eq!(
            expert_budget(BotStrength::Strong, false),
            Budget {
                playouts: DEFAULT_PLAYOUTS,
                cap: Some(DEFAULT_CAP)
            }
        );
    }

    #[test]
    fn quick_gives_the_expert_a_quarter_of_the_playouts_as_expert_50ms_does() {
        let quick = expert_budget(BotStrength::Quick, false);
        assert_eq!(quick, Budget::desktop_time(Duration::from_millis(50)));
        assert_eq!(quick.playouts, DEFAULT_PLAYOUTS / 4);
    }

    /// The bot the app makes at each strength has the cap that strength
    /// says, the quick one's less than the strong one's: a maker that
    /// ignored the strength would give both the same.
    #[test]
    fn the_expert_works_as_much_as_its_strength_says_and_keeps_its_name() {
        let limit = |strength| {
            let bot = bot_at("expert", strength, false, 7).expect("the expert");
            assert_eq!(bot.name(), "expert");
            bot.time_limit()
        };
        assert_eq!(limit(BotStrength::Quick), Some(QUICK * CAP_FACTOR));
        assert_eq!(limit(BotStrength::Strong), Some(DEFAULT_CAP));
        assert!(limit(BotStrength::Quick) < limit(BotStrength::Strong));
        // A name with its own budget keeps it at either strength.
        for strength in BotStrength::ALL {
            let bot = bot_at("expert:300", strength, false, 7).expect("the expert");
            assert_eq!(bot.time_limit(), None, "{strength:?}");
            let bot = bot_at("expert:80ms", strength, false, 7).expect("the expert");
            assert_eq!(
                bot.time_limit(),
                Some(Duration::from_millis(80) * CAP_FACTOR)
            );
        }
    }

    /// Stepped frame by frame, the expert counts playouts at either
    /// strength, on no clock: the same seed, the same move anywhere; the
    /// quick one fewer than the strong one.
    #[test]
    fn stepped_the_expert_thinks_by_playouts_never_by_the_clock() {
        for (strength, playouts) in BotStrength::ALL.into_iter().zip(STEPPED_PLAYOUTS) {
            assert_eq!(expert_budget(strength, true), Budget::playouts(playouts));
            let bot = bot_at("expert", strength, true, 7).expect("the expert");
            assert_eq!(bot.time_limit(), None, "{strength:?}");
        }
        // The experts the app makes, not the table they are made from.
        let playouts = |strength| expert(strength, true, 7).settings().budget.playouts;
        assert!(playouts(BotStrength::Quick) < playouts(BotStrength::Strong));
    }

    #[test]
    fn other_bots_and_named_budgets_are_made_as_the_rules_core_makes_them() {
        for name in ["random", "greedy", "heuristic", "expert:300", "expert:80ms"] {
            let bot = bot_at(name, BotStrength::Quick, false, 3).expect("a bot");
            let core = Rummy::bot(name, 3).expect("a bot");
            assert_eq!(bot.name(), core.name(), "{name}");
        }
        assert!(bot_at("grandmaster", BotStrength::Quick, false, 3).is_err());
    }
}
