//! The connection under a [`Link`]: opened when the link wants one, its
//! events handed to the link, the link's words sent on it. The window's
//! own link and each seat played at this screen have one apiece.

use std::ops::ControlFlow;
use std::sync::mpsc;

use ewebsock::{Options, WsEvent, WsMessage, WsSender};

use super::{Link, Wake};
use crate::platform::time::Instant;

/// The connection itself: a page's WebSocket is not `Send`, so it lives
/// apart from the [`Link`], on the main thread.
#[derive(Default)]
pub struct Socket(Option<(WsSender, mpsc::Receiver<WsEvent>)>);

/// Opens a connection whose every event is queued before `wake` is told:
/// a waker told first (as `ewebsock::connect_with_wakeup` does) may look
/// before the event is there and then sleep with it unread.
fn connect(
    address: &str,
    wake: impl Fn() + Send + Sync + 'static,
) -> ewebsock::Result<(WsSender, mpsc::Receiver<WsEvent>)> {
    let (events, heard) = mpsc::channel();
    let on_event = Box::new(move |event| {
        let queued = events.send(event).is_ok();
        wake();
        if queued {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    let sender = ewebsock::ws_connect(address.to_owned(), Options::default(), on_event)?;
    Ok((sender, heard))
}

/// Opens the connection when it is time, reads what arrived and sends
/// what the link has to say. True when a frame should follow: something
/// was heard, or the link is away and its next try must be made on time.
pub(super) fn pump(
    link: &mut Link,
    socket: &mut Socket,
    wake: Option<&Wake>,
    now: Instant,
) -> bool {
    if std::mem::take(&mut link.drop_socket) {
        socket.0 = None;
    }
    if link.time_to_connect(now) {
        let wake = wake.map(|w| w.0.clone());
        let wake = move || {
            if let Some(wake) = &wake {
                wake();
            }
        };
        match connect(&link.table.address, wake) {
            Ok(opened) => {
                socket.0 = Some(opened);
                link.open = true;
            }
            Err(e) => {
                link.refused = Some(e);
                link.refused_phrase = None;
                link.lost(now);
            }
        }
    }
    let mut heard = false;
    while let Some(event) = socket.0.as_ref().and_then(|(_, rx)| rx.try_recv().ok()) {
        heard = true;
        link.event(event, now);
        if link.drop_socket {
            break;
        }
    }
    if std::mem::take(&mut link.drop_socket) {
        socket.0 = None;
    }
    if let Some((sender, _)) = socket.0.as_mut() {
        for text in link.outbox.drain(..) {
            sender.send(WsMessage::Text(text));
        }
    }
    heard || (link.retry_at.is_some() && !link.open)
}
