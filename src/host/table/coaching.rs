//! The coach of a seat's device: before a phone sends its move, it may ask
//! the host to weigh it. The host weighs it from the seat's own view —
//! never the match's state — with the coach's own budget (the same as the
//! coach at a desktop's screen), on a thread beside the table, and answers
//! that device alone: the coach's better move and what it gains, or no
//! word. Nothing is played; the phone then sends its move, or another.

use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::Duration;

use parlour_core::engine::analysis::{Analyse, Analysis, coach_budget};
use parlour_core::engine::{Phrase, Seat};
use parlour_core::protocol::{Better, Share, ToDevice};

use super::{ConnId, Table, log, send};
use crate::host::said::Said;
use crate::platform::time::Instant;

/// The most a weighing may take before the move is let through without a
/// word: a safety, never the measure of the coach's strength (its budget
/// is a count of guesses, the same on every machine).
const CAP: Duration = Duration::from_secs(5);

/// A seat's move being weighed, or weighed.
pub(super) enum Weighing {
    /// The move `mv` (as sent) made after `number` moves, under way.
    Thinking {
        number: usize,
        mv: serde_json::Value,
        answer: Receiver<Option<Better>>,
    },
    /// The coach's word on it.
    Weighed {
        number: usize,
        mv: serde_json::Value,
        better: Option<Better>,
    },
}

impl Weighing {
    fn about(&self) -> (usize, &serde_json::Value) {
        match self {
            Weighing::Thinking { number, mv, .. } | Weighing::Weighed { number, mv, .. } => {
                (*number, mv)
            }
        }
    }
}

/// The coach's word on `analysis`'s move played: its own move and what it
/// gains, when the move played is a mistake or worse.
fn better_of<G: Analyse>(analysis: &Analysis<G::Move>) -> Option<Better> {
    if !analysis.worth_a_word() {
        return None;
    }
    let (chance, points) = analysis.gain();
    Some(Better {
        mv: serde_json::to_value(&analysis.best().mv).ok()?,
        chance: chance.max(0.0) as i64,
        points: points.max(0.0) as i64,
    })
}

impl<G: Share> Table<G> {
    /// A device asks the coach about `mv`, its seat's move after `number`
    /// moves.
    pub fn weigh(&mut self, conn: ConnId, number: usize, mv: G::Move) {
        let Some(seat) = self.seat_on_its_turn(
            conn,
            number,
            Said::new(
                Phrase::new("host-refused-weigh-no-seat"),
                "a device with no seat has no move to weigh",
            ),
            Said::new(
                Phrase::new("host-refused-weigh-not-your-turn"),
                "the coach weighs a move on your own turn",
            ),
        ) else {
            return;
        };
        let Ok(sent) = serde_json::to_value(&mv) else {
            return;
        };
        match self.weighings.get(&seat) {
            Some(Weighing::Weighed { better, .. })
                if self.weighings[&seat].about() == (number, &sent) =>
            {
                let better = better.clone();
                self.tell_weighed(seat, number, sent, better);
            }
            Some(w @ Weighing::Thinking { .. }) if w.about() == (number, &sent) => {}
            _ => self.think_of(seat, number, mv, sent),
        }
    }

    /// Whether a weighing is under way: the table should look again soon.
    pub fn coach_thinking(&self) -> bool {
        self.weighings
            .values()
            .any(|w| matches!(w, Weighing::Thinking { .. }))
    }

    /// Hands each finished weighing's word to its seat's device, if its
    /// turn still stands.
    pub(super) fn look_at_weighings(&mut self) {
        let at = self.game().moves().len();
        let seats: Vec<Seat> = self.weighings.keys().copied().collect();
        for seat in seats {
            let Some(Weighing::Thinking { number, mv, answer }) = self.weighings.get(&seat) else {
                continue;
            };
            let (number, mv) = (*number, mv.clone());
            let better = match answer.try_recv() {
                Err(TryRecvError::Empty) => continue,
                Ok(better) => better,
                // No thread to answer: the move goes through without a word.
                Err(TryRecvError::Disconnected) => None,
            };
            if number == at {
                self.tell_weighed(seat, number, mv.clone(), better.clone());
            }
            self.weighings
                .insert(seat, Weighing::Weighed { number, mv, better });
        }
    }

    /// Starts weighing `mv` from `seat`'s own view. A seat has one weighing
    /// at a time: a new move replaces the one before (its thread's answer
    /// goes nowhere).
    fn think_of(&mut self, seat: Seat, number: usize, mv: G::Move, sent: serde_json::Value) {
        let view = self.game().view(seat);
        if !G::coached(&view, &mv) {
            self.tell_weighed(seat, number, sent.clone(), None);
            self.weighings.insert(
                seat,
                Weighing::Weighed {
                    number,
                    mv: sent,
                    better: None,
                },
            );
            return;
        }
        let (tell, answer) = channel();
        let thinking = std::thread::Builder::new()
            .name("parlour-coach".into())
            .spawn(move || {
                let word = match G::analyst(&view, &mv, None, coach_budget::<G>(number)) {
                    Ok(mut analyst) => {
                        let began = Instant::now();
                        loop {
                            if let Some(analysis) = analyst.think(Duration::from_millis(50)) {
                                break better_of::<G>(&analysis);
                            }
                            if began.elapsed() >= CAP {
                                log(&format!(
                                    "the coach of seat {} took over {} s: the move goes without a word",
                                    seat + 1,
                                    CAP.as_secs()
                                ));
                                break None;
                            }
                        }
                    }
                    // Not a decision it weighs; an illegal move is the rules' to refuse.
                    Err(_) => None,
                };
                let _ = tell.send(word);
            });
        if let Err(e) = thinking {
            log(&format!("no thread for the coach: {e}"));
            self.tell_weighed(seat, number, sent, None);
            return;
        }
        self.weighings.insert(
            seat,
            Weighing::Thinking {
                number,
                mv: sent,
                answer,
            },
        );
    }

    /// Sends the coach's word to the device holding `seat`, and nobody else.
    fn tell_weighed(
        &self,
        seat: Seat,
        number: usize,
        mv: serde_json::Value,
        better: Option<Better>,
    ) {
        let message = ToDevice::<G::Seen>::Weighed { number, mv, better };
        for device in self
            .devices
            .values()
            .filter(|d| d.seat == Some(seat) && d.asking.is_none())
        {
            send(&device.out, &message);
        }
    }
}
