//! Seats played at the table's own screen, beside phones: a person at the
//! screen takes a free seat there, and the window holds that seat's link
//! as a phone would — its own key, its own seat's view and nothing more —
//! while its hand is shown only when that person says they are at the
//! screen. The host cannot tell it from a phone, and need not.

use std::path::PathBuf;

use bevy::prelude::*;
use parlour_core::engine::Seat;

use super::socket::{Socket, pump};
use super::{JoinTable, KeptSeat, Link, Wake};
use crate::platform::time::Instant;

/// The seats this window plays for people at its screen, one link each,
/// and the folder their keys are kept in: a window started again at the
/// same table takes its seats back, as a phone that slept does.
#[derive(Resource, Default)]
pub struct HereSeats {
    /// One link a seat.
    pub links: Vec<Link>,
    keep: Option<PathBuf>,
}

impl HereSeats {
    /// Seats whose keys are kept in the folder `keep` (none: for this run
    /// only).
    pub fn kept_in(keep: Option<PathBuf>) -> Self {
        Self {
            links: Vec::new(),
            keep,
        }
    }

    /// Sits `name` at `seat` of the table at `address` (the WebSocket the
    /// window's own link reaches).
    pub fn sit(&mut self, address: &str, seat: Seat, name: &str) -> Result<(), String> {
        let table = JoinTable::at(address, Some(seat))?;
        let keep = self.kept_at(&table.address, seat);
        let mut link = Link::new(table, keep);
        link.take_seat(Some(seat), name);
        self.links.push(link);
        Ok(())
    }

    /// Takes back every seat whose key this window kept at the table at
    /// `address` and does not hold now. A key the host no longer knows (a
    /// new table at the same address) is forgotten by its link, which then
    /// lets the seat go.
    pub fn come_back(&mut self, address: &str) {
        let Some(folder) = &self.keep else { return };
        let Ok(files) = crate::platform::files::list(folder) else {
            return;
        };
        let mut kept: Vec<(Seat, PathBuf)> = files
            .into_iter()
            .filter_map(|path| {
                let text = crate::platform::files::read_to_string(&path).ok()?;
                let seat = serde_json::from_str::<KeptSeat>(&text).ok()?;
                let ours = seat.address == address
                    && Some(&path) == self.kept_at(address, seat.seat).as_ref();
                ours.then_some((seat.seat, path))
            })
            .collect();
        kept.sort();
        for (seat, path) in kept {
            let held = self.links.iter().any(|l| l.table().seat == Some(seat));
            if let (false, Ok(table)) = (held, JoinTable::at(address, Some(seat))) {
                self.links.push(Link::new(table, Some(path)));
            }
        }
    }

    /// Where the key of `seat` at `address` played here is kept: beside a
    /// phone's key for the same table, told apart by seat.
    fn kept_at(&self, address: &str, seat: Seat) -> Option<PathBuf> {
        let name: String = address
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        Some(self.keep.as_ref()?.join(format!("{name}-here-{seat}.json")))
    }

    /// The seats held here, by link: which link holds `seat`.
    pub fn holding(&self, seat: Seat) -> Option<usize> {
        self.links.iter().position(|l| l.seat() == Some(seat))
    }

    /// The seats let go with the table (closed from its screen): their
    /// keys with them.
    pub fn let_go(&mut self) {
        for link in &mut self.links {
            link.forget_seat();
        }
        self.links.clear();
    }
}

/// The table's own screen, opened (again) on a table: the seats this
/// window played there come back to it.
pub(super) fn come_back_to_here_seats(link: Res<Link>, mut seats: ResMut<HereSeats>) {
    if link.table().key.is_some() {
        seats.come_back(&link.table().address);
    }
}

/// Each seat's connection, beside [`HereSeats`] (not `Send` in a page).
#[derive(Default)]
pub struct HereSockets(Vec<Socket>);

/// Every seat played here is kept connected and read, as the window's own
/// link is.
pub(super) fn follow_here_seats(
    mut seats: ResMut<HereSeats>,
    mut sockets: NonSendMut<HereSockets>,
    wake: Option<Res<Wake>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let seats = seats.bypass_change_detection();
    let now = Instant::now();
    // A seat let go (the table closed) closes its socket with it.
    sockets.0.resize_with(seats.links.len(), Socket::default);
    let mut again = false;
    for (link, socket) in seats.links.iter_mut().zip(sockets.0.iter_mut()) {
        again |= pump(link, socket, wake.as_deref(), now);
    }
    if again {
        redraw.write(bevy::window::RequestRedraw);
    }
}
