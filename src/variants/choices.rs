//! What the set-up screen offers for a game: the registry's entries once the
//! data files are in, else the game's built-in names (and the house rules).
//! Plain functions, tested without a screen.

use super::registry::{Origin, VariantEntry, VariantRegistry};
use crate::catalog::{GameEntry, GameId};
use crate::i18n::variant_name;

/// One line of the set-up screen's variant list, in the language on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The rules string the table plays.
    pub rules: String,
    /// Its name.
    pub title: String,
    /// One line on what changes (empty for a built-in name).
    pub description: String,
    /// The registry entry's id (none for a built-in name listed before
    /// the files are read).
    pub id: Option<String>,
}

impl Choice {
    fn of(entry: &VariantEntry) -> Self {
        Self {
            rules: entry.rules.clone(),
            // Words from a file are shown as the characters they are: no
            // control character or direction mark reaches the screen.
            title: parlour_core::share::plain(entry.title.shown()),
            description: parlour_core::share::plain(entry.description.shown()),
            id: Some(entry.id.clone()),
        }
    }
}

/// The variants to offer for `game`: the registry's entries once it is
/// ready and holds data files for the game; until then (or with no files at
/// all) the built-in names, then the house rules' entries.
pub fn choices(registry: Option<&VariantRegistry>, entry: &GameEntry) -> Vec<Choice> {
    let game = entry.id;
    let from_files = registry
        .filter(|r| r.is_ready() && r.of(game).any(|e| !matches!(e.origin, Origin::Plugin(_))));
    if let Some(registry) = from_files {
        return registry.of(game).map(Choice::of).collect();
    }
    let names = entry.variants.iter().map(|name| Choice {
        rules: (*name).to_owned(),
        title: variant_name(game.name(), name),
        description: String::new(),
        id: None,
    });
    let plugins = registry
        .into_iter()
        .flat_map(|r| r.of(game))
        .filter(|e| matches!(e.origin, Origin::Plugin(_)))
        .map(Choice::of);
    names.chain(plugins).collect()
}

/// The rules without the match's length — a `rounds=` or `minutes=`
/// agreement, which a game with rounds sets on a set-up row of its own.
pub fn without_rounds(rules: &str) -> String {
    rules
        .split(',')
        .filter(|part| {
            let part = part.trim_start();
            !(part.starts_with("rounds=") || part.starts_with("minutes="))
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The number of rounds the rules agree on (1 when they say nothing).
pub fn rounds(rules: &str) -> usize {
    rules
        .split(',')
        .filter_map(|part| part.trim().strip_prefix("rounds="))
        .find_map(|n| n.parse().ok())
        .unwrap_or(1)
}

/// The rules with `n` rounds agreed (none written for 1), in place of any
/// playing time.
pub fn with_rounds(rules: &str, n: usize) -> String {
    let base = without_rounds(rules);
    if n == 1 {
        base
    } else {
        format!("{base},rounds={n}")
    }
}

/// The minutes of playing time the rules agree on, if they agree on a time.
pub fn minutes(rules: &str) -> Option<u32> {
    rules
        .split(',')
        .filter_map(|part| part.trim().strip_prefix("minutes="))
        .find_map(|n| n.parse().ok())
}

/// The rules with `n` minutes of playing time agreed, in place of rounds.
pub fn with_minutes(rules: &str, n: u32) -> String {
    format!("{},minutes={n}", without_rounds(rules))
}

/// The table's variant once another is picked: the length already agreed
/// (rounds or a time) stays unless the new rules set their own.
fn keep_length(rules: &str, current: &str) -> String {
    if rules.contains("rounds=") || rules.contains("minutes=") {
        return rules.to_owned();
    }
    match minutes(current) {
        Some(m) => with_minutes(rules, m),
        None => with_rounds(rules, rounds(current)),
    }
}

/// Which choice the table's variant is, its rounds apart.
pub fn chosen(choices: &[Choice], variant: &str) -> Option<usize> {
    let variant = without_rounds(variant);
    choices
        .iter()
        .position(|c| without_rounds(&c.rules) == variant)
}

/// The table's variant once `choice` is picked: the rounds or the time
/// already agreed stay unless the choice sets its own.
pub fn pick(choice: &Choice, current: &str) -> String {
    keep_length(&choice.rules, current)
}

/// How the set-up screen names a variant that is none of the choices (a
/// match taken up from a record): the base name's words, and a note that
/// the table agreed on more.
pub fn unlisted_title(game: GameId, variant: &str) -> String {
    let base = variant.split(',').next().unwrap_or_default().trim();
    let name = variant_name(game.name(), base);
    if without_rounds(variant).contains(',') {
        crate::tr!("setup-variant-custom", name = name)
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agreed_rounds_stay_apart_from_the_variant() {
        let offered = vec![
            Choice {
                rules: "standard".into(),
                title: "Standard".into(),
                description: String::new(),
                id: None,
            },
            Choice {
                rules: "standard,jokers=2".into(),
                title: "Two jokers".into(),
                description: String::new(),
                id: None,
            },
        ];
        assert_eq!(chosen(&offered, "standard,jokers=2,rounds=3"), Some(1));
        assert_eq!(chosen(&offered, "standard,rounds=2"), Some(0));
        assert_eq!(chosen(&offered, "classic"), None);
        assert_eq!(
            pick(&offered[1], "standard,rounds=3"),
            "standard,jokers=2,rounds=3"
        );
        assert_eq!(pick(&offered[1], "standard"), "standard,jokers=2");
        assert_eq!(
            with_rounds("standard,jokers=2,rounds=3", 5),
            "standard,jokers=2,rounds=5"
        );
        assert_eq!(
            with_rounds("standard,jokers=2,rounds=3", 1),
            "standard,jokers=2"
        );
        assert_eq!(rounds("classic,rounds=4,jokers=0"), 4);
    }

    #[test]
    fn an_agreed_time_replaces_the_rounds_and_stays_apart_from_the_variant() {
        let offered = vec![
            Choice {
                rules: "standard".into(),
                title: "Standard".into(),
                description: String::new(),
                id: None,
            },
            Choice {
                rules: "classic".into(),
                title: "Classic".into(),
                description: String::new(),
                id: None,
            },
        ];
        assert_eq!(with_minutes("standard,rounds=3", 30), "standard,minutes=30");
        assert_eq!(with_rounds("standard,minutes=30", 2), "standard,rounds=2");
        assert_eq!(with_rounds("standard,minutes=30", 1), "standard");
        assert_eq!(with_minutes("classic,minutes=15", 45), "classic,minutes=45");
        assert_eq!(minutes("classic,minutes=15,jokers=2"), Some(15));
        assert_eq!(minutes("classic,rounds=2"), None);
        assert_eq!(chosen(&offered, "classic,minutes=20"), Some(1));
        assert_eq!(
            pick(&offered[1], "standard,minutes=20"),
            "classic,minutes=20"
        );
        assert_eq!(pick(&offered[0], "classic,rounds=4"), "standard,rounds=4");
    }
}
