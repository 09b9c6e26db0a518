//! Who a seat goes to while the match goes on: a device that asks for a
//! seat whose own is away waits while the table's screen lets it sit or
//! keeps the seat; the screen may also give an away seat to the stand-in
//! bot or open a bot's seat for a phone. Never silently.

use parlour_core::engine::Seat;
use parlour_core::protocol::{Give, Share, ToDevice};
use tokio::sync::mpsc;

use super::{Asker, ConnId, Device, Holding, SeatEntry, Table, bot_plays_now, log, no_seat, send};
use crate::host::said::Said;
use crate::host::token::Token;
use parlour_core::engine::Phrase;

impl<G: Share> Table<G> {
    /// Whether seat `seat` is held by a device that is away.
    pub(super) fn is_away(&self, seat: Seat) -> bool {
        matches!(self.seats[seat].holding, Holding::Device { conn: None, .. })
    }

    /// A device asks for seat `seat`, whose own device is away: it waits
    /// while the table's screen lets it sit or keeps the seat — never given
    /// silently.
    pub(super) fn ask(
        &mut self,
        conn: ConnId,
        peer: String,
        seat: Seat,
        name: String,
        out: mpsc::Sender<String>,
    ) -> Result<(), Said> {
        let Holding::Device { asker, .. } = &mut self.seats[seat].holding else {
            unreachable!("an away seat holds a device");
        };
        if asker.is_some() {
            return Err(Said::new(
                Phrase::new("host-refused-asked-already").count("number", seat + 1),
                format!("another phone has asked for seat {} already", seat + 1),
            ));
        }
        *asker = Some(Asker {
            conn,
            name: name.clone(),
        });
        log(&format!("{peer} asks for seat {} as {name}", seat + 1));
        send(&out, &ToDevice::<G::Seen>::Asking { seat });
        self.devices.insert(
            conn,
            Device {
                out,
                seat: None,
                peer,
                screen: false,
                asking: Some(seat),
            },
        );
        self.send_seats();
        Ok(())
    }

    /// The device asking for `seat`, if one, is told no, and why.
    pub(super) fn refuse_asker(&mut self, seat: Seat, said: Said) {
        let Holding::Device { asker, .. } = &mut self.seats[seat].holding else {
            return;
        };
        let Some(asker) = asker.take() else {
            return;
        };
        if let Some(device) = self.devices.remove(&asker.conn) {
            log(&format!("{}: not seated: {said}", device.peer));
            send(
                &device.out,
                &ToDevice::<G::Seen>::Closed {
                    phrase: said.worded(),
                    reason: said.reason,
                    back: false,
                },
            );
        }
    }

    /// The table's screen gives seat `seat`: to the device asking for it,
    /// back to its away device, to the stand-in bot, or open for a phone.
    /// Anyone else is refused.
    pub fn give(&mut self, conn: ConnId, seat: Seat, give: Give) {
        let Some(device) = self.devices.get(&conn) else {
            return;
        };
        let refused = if !device.screen {
            Err(Said::new(
                Phrase::new("host-refused-only-screen"),
                "only the table's own screen gives seats",
            ))
        } else if seat >= self.seats.len() {
            Err(no_seat(seat))
        } else {
            self.given(seat, give)
        };
        if let Err(said) = refused {
            self.refuse(conn, said);
        }
    }

    pub(super) fn given(&mut self, seat: Seat, give: Give) -> Result<(), Said> {
        let number = seat + 1;
        let name = self.seats[seat].name.clone();
        let (away, asking, bot) = match &self.seats[seat].holding {
            Holding::Device { conn, asker, .. } => (conn.is_none(), asker.clone(), false),
            Holding::Open => (false, None, false),
            Holding::Bot { .. } => (false, None, true),
        };
        match give {
            Give::Asker => {
                let asker = asking.ok_or_else(|| nobody_asks(number))?;
                let token = Token::new()
                    .map_err(|e| Said::english(format!("no token could be made: {e}")))?;
                let device = self.devices.get_mut(&asker.conn).ok_or_else(|| {
                    Said::new(
                        Phrase::new("host-refused-asker-gone").count("number", number),
                        format!("the phone asking for seat {number} has gone"),
                    )
                })?;
                device.seat = Some(seat);
                device.asking = None;
                let out = device.out.clone();
                log(&format!(
                    "the table's screen gave seat {number} to {} ({name}'s key no longer opens it)",
                    asker.name
                ));
                self.seats[seat] = SeatEntry {
                    name: asker.name,
                    holding: Holding::Device {
                        token: token.clone(),
                        conn: Some(asker.conn),
                        away_since: None,
                        asker: None,
                    },
                };
                self.welcome(&out, Some(seat), Some(token));
            }
            Give::Keep => {
                if asking.is_none() {
                    return Err(nobody_asks(number));
                }
                self.refuse_asker(
                    seat,
                    Said::new(
                        Phrase::new("host-closed-kept")
                            .count("number", number)
                            .text("name", name.clone()),
                        format!("the table kept seat {number} for {name}"),
                    ),
                );
            }
            Give::Bot if bot => {
                return Err(Said::new(
                    Phrase::new("host-refused-bot-already").count("number", number),
                    format!("a bot plays seat {number} already"),
                ));
            }
            Give::Bot if !away && !matches!(self.seats[seat].holding, Holding::Open) => {
                return Err(Said::new(
                    Phrase::new("host-refused-phone-here").count("number", number),
                    format!("seat {number}'s phone is here: it plays"),
                ));
            }
            Give::Bot => {
                if self.game().is_over() {
                    return Err(Said::new(
                        Phrase::new("host-refused-match-over"),
                        "the match is over",
                    ));
                }
                let bot = self.stand_in();
                self.refuse_asker(seat, bot_plays_now(seat));
                log(&format!("the table's screen gave seat {number} to {bot}"));
                self.seats[seat].holding = Holding::Bot { name: bot };
                self.restart();
            }
            Give::Open if !bot => {
                return Err(Said::new(
                    Phrase::new("host-refused-not-a-bots").count("number", number),
                    format!("seat {number} is not a bot's: only a bot's seat opens for a phone"),
                ));
            }
            Give::Open => {
                log(&format!(
                    "the table's screen opened seat {number} for a phone"
                ));
                self.seats[seat] = SeatEntry {
                    name: format!("Player {number}"),
                    holding: Holding::Open,
                };
                self.restart();
            }
        }
        self.keep();
        self.send_seats();
        Ok(())
    }

    /// The bot that plays a seat whose device is gone: the one the table
    /// was set with, else the game's strongest.
    pub(super) fn stand_in(&self) -> String {
        match &self.rules.away {
            Some((_, bot)) => bot.clone(),
            None => G::bots().last().copied().unwrap_or("random").to_owned(),
        }
    }
}

/// "Nobody is asking for seat N".
fn nobody_asks(number: usize) -> Said {
    Said::new(
        Phrase::new("host-refused-nobody-asks").count("number", number),
        format!("nobody is asking for seat {number}"),
    )
}
