//! A variant being made, whichever game it is for: the game's own
//! [`Draft`] behind one face, picked by the game's name, so that the
//! editor screen names no game and knows no option but what the game says.

use parlour_core::engine::options::{Draft, HouseRules, OptionSpec, OptionValue, Refusal};
use parlour_core::games::{ForVariant, for_variant};

/// What an editor does with a draft: its options, their values, a change,
/// the rules string and the rules' verdict.
pub trait EditRules: Send + Sync {
    /// Every option the game's rules accept, in the order shown.
    fn options(&self) -> Vec<OptionSpec>;
    /// Each option's chosen value, in the same order.
    fn values(&self) -> &[OptionValue];
    /// Chooses `value` for `key`; a value the option does not take is
    /// refused with the reason and nothing changes.
    fn set(&mut self, key: &str, value: OptionValue) -> Result<(), String>;
    /// The rules string the chosen values stand for.
    fn rules(&self) -> String;
    /// The rules' refusal of the combination, if they refuse it.
    fn refusal(&self) -> Option<Refusal>;
}

impl<G: HouseRules> EditRules for Draft<G> {
    fn options(&self) -> Vec<OptionSpec> {
        Draft::options(self)
    }
    fn values(&self) -> &[OptionValue] {
        Draft::values(self)
    }
    fn set(&mut self, key: &str, value: OptionValue) -> Result<(), String> {
        Draft::set(self, key, value)
    }
    fn rules(&self) -> String {
        Draft::rules(self)
    }
    fn refusal(&self) -> Option<Refusal> {
        self.check().err()
    }
}

/// A draft of the game called `game` starting from `rules` (any variant
/// it reads); the reason when the game or the rules are not known.
pub fn draft(game: &str, rules: &str) -> Result<Box<dyn EditRules>, String> {
    struct Start<'a>(&'a str);
    impl ForVariant for Start<'_> {
        type Output = Result<Box<dyn EditRules>, String>;
        fn run<G: HouseRules>(self) -> Self::Output {
            Draft::<G>::from_rules(self.0)
                .map(|d| Box::new(d) as Box<dyn EditRules>)
                .map_err(|e| e.to_string())
        }
    }
    for_variant(game, Start(rules))?
}

/// The message keys of the ways a match of `game` may end, as the balance
/// card words them (`{game}-end-{tag}`).
pub fn end_tags(game: &str) -> &'static [&'static str] {
    struct Tags;
    impl ForVariant for Tags {
        type Output = &'static [&'static str];
        fn run<G: HouseRules>(self) -> Self::Output {
            G::end_tags()
        }
    }
    for_variant(game, Tags).unwrap_or(&[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draft_from_a_variant_writes_back_its_rules() {
        let d = draft("rummy", "standard,jokers=1").unwrap();
        assert_eq!(d.rules(), "standard,jokers=1");
        assert!(d.refusal().is_none());
    }

    #[test]
    fn an_unknown_game_has_no_draft() {
        assert!(draft("chess", "standard").is_err());
    }
}
