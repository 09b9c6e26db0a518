//! Seats played at the table's own screen, beside phones: a person at the
//! screen takes a free seat there, and the window holds that seat's link
//! as a phone would — its own key, its own seat's view and nothing more —
//! while its hand is shown only when that person says they are at the
//! screen. The host cannot tell it from a phone, and need not.

use bevy::prelude::*;
use parlour_core::engine::Seat;

use super::socket::{Socket, pump};
use super::{JoinTable, Link, Wake};
use crate::platform::time::Instant;

/// The seats this window plays for people at its screen, one link each.
#[derive(Resource, Default)]
pub struct HereSeats(pub Vec<Link>);

impl HereSeats {
    /// Sits `name` at `seat` of the table at `address` (the WebSocket the
    /// window's own link reaches), for this run only.
    pub fn sit(&mut self, address: &str, seat: Seat, name: &str) -> Result<(), String> {
        let mut link = Link::new(JoinTable::at(address, Some(seat))?, None);
        link.take_seat(Some(seat), name);
        self.0.push(link);
        Ok(())
    }

    /// The seats held here, by link: which link holds `seat`.
    pub fn holding(&self, seat: Seat) -> Option<usize> {
        self.0.iter().position(|l| l.seat() == Some(seat))
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
    sockets.0.resize_with(seats.0.len(), Socket::default);
    let mut again = false;
    for (link, socket) in seats.0.iter_mut().zip(sockets.0.iter_mut()) {
        again |= pump(link, socket, wake.as_deref(), now);
    }
    if again {
        redraw.write(bevy::window::RequestRedraw);
    }
}
