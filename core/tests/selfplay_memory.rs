//! A long self-play run holds no finished match: the peak memory after the
//! first matches and at the end of many more stay close. Alone in its test
//! binary so that no other test's memory counts in the peak.

use parlour_core::engine::selfplay::{Options, run};
use parlour_core::games::rummy::Rummy;

#[test]
fn selfplay_memory_does_not_grow_with_the_number_of_matches() {
    if !cfg!(target_os = "linux") {
        return;
    }
    // Rummy records are the largest (each play writes the whole table):
    // kept, 900 matches after the first 100 would add tens of MiB.
    let summary = run::<Rummy>(&Options {
        variant: "standard".into(),
        bots: vec!["random".into()],
        players: Some(4),
        games: 1000,
        seed: 5,
        threads: 1,
        memory_after: 100,
        ..Options::default()
    })
    .unwrap();
    let memory = summary.peak_memory.expect("Linux tells the peak memory");
    assert_eq!(memory.after_matches, 100);
    assert!(
        memory.end_mib - memory.early_mib < 4.0,
        "the peak memory grew from {:.1} MiB after 100 matches to {:.1} MiB after 1000",
        memory.early_mib,
        memory.end_mib
    );
}
