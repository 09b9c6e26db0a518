//! Hints for a seat's device: the host's strongest bot thinks about the
//! seat's own view — never the match's state — on a thread of its own, so
//! the table goes on answering meanwhile, and the answer goes to that
//! seat's device alone. A seat has at most one search at a time, and the
//! answer to a turn is kept for it: a phone asking again, or coming back,
//! costs the host nothing more than a bot seat's move would.

use std::sync::mpsc::{Receiver, TryRecvError, channel};

use parlour_core::engine::{Phrase, Seat};
use parlour_core::protocol::{Share, ToDevice};

use super::{ConnId, Table, log, send};
use crate::host::said::Said;

/// Where a seat's hint stands.
pub(super) enum Hint<M> {
    /// A search under way for the turn after `number` moves; `wanted` is a
    /// later turn asked for meanwhile, searched once this one ends.
    Thinking {
        number: usize,
        answer: Receiver<M>,
        wanted: Option<usize>,
    },
    /// The answer for the turn after `number` moves.
    Ready { number: usize, mv: M },
}

/// The seed of a hint's search: the same turn, the same search.
fn hint_seed(bot_seed: u64, seat: Seat, number: usize) -> u64 {
    bot_seed ^ ((number as u64) << 8) ^ seat as u64
}

impl<G: Share> Table<G> {
    /// A device asks for a hint for its seat, at move `number`.
    pub fn hint(&mut self, conn: ConnId, number: usize) {
        let Some(seat) = self.seat_on_its_turn(
            conn,
            number,
            Said::new(
                Phrase::new("host-refused-hint-no-seat"),
                "a device with no seat has no hand to hint at",
            ),
            Said::new(
                Phrase::new("host-refused-hint-not-your-turn"),
                "a hint is for your own turn",
            ),
        ) else {
            return;
        };
        match self.hints.get_mut(&seat) {
            Some(Hint::Ready { number: n, mv }) if *n == number => {
                let mv = mv.clone();
                self.tell_hint(seat, number, &mv);
            }
            Some(Hint::Thinking { number: n, .. }) if *n == number => {}
            Some(Hint::Thinking { wanted, .. }) => *wanted = Some(number),
            _ => self.think_of_hint(seat, number),
        }
    }

    /// Whether a hint's search is under way: the table should look again soon.
    pub fn hints_thinking(&self) -> bool {
        self.hints
            .values()
            .any(|h| matches!(h, Hint::Thinking { .. }))
    }

    /// Hands each finished search's answer to its seat's device, if its
    /// turn still stands, and starts a search asked for meanwhile.
    pub(super) fn look_at_hints(&mut self) {
        let at = self.game().moves().len();
        let seats: Vec<Seat> = self.hints.keys().copied().collect();
        for seat in seats {
            let Some(Hint::Thinking {
                number,
                answer,
                wanted,
            }) = self.hints.get(&seat)
            else {
                continue;
            };
            let (number, wanted) = (*number, *wanted);
            match answer.try_recv() {
                Err(TryRecvError::Empty) => continue,
                Ok(mv) => {
                    if number == at {
                        self.tell_hint(seat, number, &mv);
                    }
                    self.hints.insert(seat, Hint::Ready { number, mv });
                }
                Err(TryRecvError::Disconnected) => {
                    log(&format!("the hint for seat {} found no move", seat + 1));
                    self.hints.remove(&seat);
                }
            }
            if let Some(w) = wanted.filter(|&w| w != number && w == at) {
                self.think_of_hint(seat, w);
            }
        }
    }

    /// Starts the strongest bot thinking about `seat`'s own view.
    fn think_of_hint(&mut self, seat: Seat, number: usize) {
        let Some(&name) = G::bots().last() else {
            return;
        };
        let mut bot = match G::bot(name, hint_seed(self.bot_seed, seat, number)) {
            Ok(bot) => bot,
            Err(e) => {
                log(&format!("no bot for hints: {e}"));
                return;
            }
        };
        let view = self.game().view(seat);
        let (tell, answer) = channel();
        let thinking = std::thread::Builder::new()
            .name("parlour-hint".into())
            .spawn(move || {
                let _ = tell.send(bot.choose(&view));
            });
        if let Err(e) = thinking {
            log(&format!("no thread for a hint: {e}"));
            return;
        }
        self.hints.insert(
            seat,
            Hint::Thinking {
                number,
                answer,
                wanted: None,
            },
        );
    }

    /// Sends the hint to the device holding `seat`, and nobody else.
    fn tell_hint(&self, seat: Seat, number: usize, mv: &G::Move) {
        let Ok(mv) = serde_json::to_value(mv) else {
            return;
        };
        let message = ToDevice::<G::Seen>::Hint { number, mv };
        for device in self
            .devices
            .values()
            .filter(|d| d.seat == Some(seat) && d.asking.is_none())
        {
            send(&device.out, &message);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::hint_seed;

    #[test]
    fn a_hints_search_is_seeded_by_its_seat_and_turn() {
        assert_eq!(hint_seed(7, 1, 4), hint_seed(7, 1, 4));
        assert_ne!(hint_seed(7, 1, 4), hint_seed(7, 2, 4));
        assert_ne!(hint_seed(7, 1, 4), hint_seed(7, 1, 5));
    }
}
