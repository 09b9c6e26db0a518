//! Thinking that takes many frames — a review's analysis, the coach's —
//! run beside the frames where there are threads, so that no frame waits
//! on one long step of it (a solver's table, a search), and a slice a
//! frame in a page, which has one thread.
//!
//! The work sits behind a lock that the thread holds for one slice at a
//! time; the frames read it only when it is free ([`Beside::peek`]), so a
//! frame never waits for a step to end. Dropping the [`Beside`] cancels
//! the thinking at its next slice.

use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::time::Duration;

use bevy::tasks::futures_lite::future::yield_now;
use bevy::tasks::{AsyncComputeTaskPool, Task, TaskPool};
use parlour_core::engine::Game;
use parlour_core::engine::analysis::{Analyse, Weighing};
use parlour_core::engine::review::Stepper;

use super::THINKS_BESIDE_FRAMES;

/// A slice of thinking on the thread beside the frames, between which the
/// frames may read the work and the pool may run a bot's turn.
const SLICE: Duration = Duration::from_millis(15);

/// Work done a slice at a time.
pub trait Think: Send + 'static {
    /// Thinks for about `slice` (at least one step); whether it is done.
    fn think(&mut self, slice: Duration) -> bool;
}

impl<G: Game> Think for Weighing<G> {
    fn think(&mut self, slice: Duration) -> bool {
        Weighing::think(self, slice)
    }
}

impl<G: Analyse> Think for Stepper<G> {
    fn think(&mut self, slice: Duration) -> bool {
        let (done, of) = self.step(slice);
        done == of
    }
}

/// Work under way, beside the frames or in them.
pub struct Beside<W: Think> {
    work: Arc<Mutex<W>>,
    /// The thread's share; none when the frames do the thinking.
    task: Option<Task<()>>,
}

impl<W: Think> Beside<W> {
    /// Starts `work` beside the frames where there are threads and
    /// `beside` asks for it; else each [`Beside::tick`] thinks a slice.
    pub fn start(work: W, beside: bool) -> Self {
        let work = Arc::new(Mutex::new(work));
        let task = (beside && THINKS_BESIDE_FRAMES).then(|| {
            let shared = Arc::clone(&work);
            AsyncComputeTaskPool::get_or_init(TaskPool::default).spawn(async move {
                loop {
                    // A poisoned lock: the work panicked; nothing more to do.
                    let done = shared.lock().map_or(true, |mut w| w.think(SLICE));
                    if done {
                        return;
                    }
                    yield_now().await;
                }
            })
        });
        Self { work, task }
    }

    /// A frame's share of the thinking: `slice` of it when the frames do
    /// it, nothing when a thread does.
    pub fn tick(&self, slice: Duration) {
        if self.task.is_none()
            && let Ok(mut work) = self.work.lock()
        {
            work.think(slice);
        }
    }

    /// The work, unless the thread is in the middle of a slice of it (then
    /// none: the frame goes on and looks again at the next).
    pub fn peek(&self) -> Option<MutexGuard<'_, W>> {
        match self.work.try_lock() {
            Ok(work) => Some(work),
            Err(TryLockError::WouldBlock) => None,
            Err(TryLockError::Poisoned(_)) => None,
        }
    }

    /// Whether the work panicked: it will never be done.
    pub fn broken(&self) -> bool {
        self.work.is_poisoned()
    }

    /// Whether the thinking runs on a thread beside the frames.
    pub fn on_a_thread(&self) -> bool {
        self.task.is_some()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;

    /// Counts to a number, one a step, each step `pause` long.
    struct Count {
        at: u32,
        to: u32,
        pause: Duration,
    }

    impl Think for Count {
        fn think(&mut self, slice: Duration) -> bool {
            let clock = crate::platform::time::Instant::now();
            while self.at < self.to {
                std::thread::sleep(self.pause);
                self.at += 1;
                if clock.elapsed() >= slice {
                    break;
                }
            }
            self.at >= self.to
        }
    }

    #[test]
    fn work_in_the_frames_moves_only_when_a_frame_gives_it_a_slice() {
        let work = Beside::start(
            Count {
                at: 0,
                to: 3,
                pause: Duration::ZERO,
            },
            false,
        );
        assert!(!work.on_a_thread());
        assert_eq!(work.peek().unwrap().at, 0);
        work.tick(Duration::ZERO);
        assert_eq!(work.peek().unwrap().at, 1, "one step a zero slice");
        work.tick(Duration::from_secs(1));
        assert_eq!(work.peek().unwrap().at, 3);
    }

    /// One step that waits inside until let go (or five seconds pass).
    struct Held {
        inside: Arc<AtomicBool>,
        let_go: Arc<AtomicBool>,
        done: bool,
    }

    impl Think for Held {
        fn think(&mut self, _slice: Duration) -> bool {
            self.inside.store(true, Ordering::SeqCst);
            let since = crate::platform::time::Instant::now();
            while !self.let_go.load(Ordering::SeqCst) && since.elapsed() < Duration::from_secs(5) {
                std::thread::sleep(Duration::from_millis(1));
            }
            self.done = true;
            true
        }
    }

    #[test]
    fn a_look_at_work_beside_the_frames_never_waits_for_its_step() {
        if !THINKS_BESIDE_FRAMES {
            return;
        }
        let (inside, let_go) = (
            Arc::new(AtomicBool::new(false)),
            Arc::new(AtomicBool::new(false)),
        );
        let work = Beside::start(
            Held {
                inside: Arc::clone(&inside),
                let_go: Arc::clone(&let_go),
                done: false,
            },
            true,
        );
        assert!(work.on_a_thread());
        while !inside.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(1));
        }
        // Waiting here would last until the step ends, done.
        assert!(work.peek().is_none(), "a look waited for the step");
        let_go.store(true, Ordering::SeqCst);
        // And the work ends on its own, with no frame ticking it.
        loop {
            if work.peek().is_some_and(|w| w.done) {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}
