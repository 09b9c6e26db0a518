//! Thinking that takes many frames — a review's analysis, the coach's —
//! run beside the frames where there are threads, so that no frame waits
//! on one long step of it (a solver's table, a search), and a slice a
//! frame in a page, which has one thread.
//!
//! The thread owns the work; after each slice it brings the frames' copy
//! of what they read up to date ([`Think::show`]) under a lock held only
//! for that copy. A frame reads the copy only if the lock is free
//! ([`Beside::seen`]), so it never waits for a step to end, and the work
//! itself is never behind a lock the frames ask for. Dropping the
//! [`Beside`] cancels the thinking at its next slice.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use bevy::tasks::futures_lite::future::yield_now;
use bevy::tasks::{AsyncComputeTaskPool, Task, TaskPool};
use parlour_core::engine::Game;
use parlour_core::engine::analysis::{Analyse, Analysis, Weighing};
use parlour_core::engine::review::{Reviewed, Stepper};

use super::THINKS_BESIDE_FRAMES;

/// A slice of thinking on the thread beside the frames, between which the
/// frames' copy is brought up to date and the pool may run a bot's turn.
const SLICE: Duration = Duration::from_millis(15);

/// The thinking a frame affords where the frames do it (a page): a quarter
/// of the last frame's time, between `least` and `most`. On a slow screen
/// (a software renderer, a small tablet) it thinks longer per frame, in
/// proportion, so the work is done in a time like a fast screen's while
/// the frame rate stays within about a quarter of what it was.
pub fn frame_share(last_frame: Duration, least: Duration, most: Duration) -> Duration {
    last_frame.mul_f32(0.25).clamp(least, most.max(least))
}

/// Work done a slice at a time.
pub trait Think: Send + 'static {
    /// What the frames read of it.
    type Seen: Default + Send + 'static;

    /// Thinks for about `slice` (at least one step); whether it is done.
    fn think(&mut self, slice: Duration) -> bool;

    /// Brings the frames' copy up to date.
    fn show(&self, seen: &mut Self::Seen);
}

impl<G: Game> Think for Weighing<G> {
    type Seen = Option<Analysis<G::Move>>;

    fn think(&mut self, slice: Duration) -> bool {
        Weighing::think(self, slice)
    }

    fn show(&self, seen: &mut Self::Seen) {
        if seen.is_none() {
            *seen = self.answer().cloned();
        }
    }
}

impl<G: Analyse> Think for Stepper<G> {
    /// The decisions weighed so far, in order.
    type Seen = Vec<Reviewed<G>>;

    fn think(&mut self, slice: Duration) -> bool {
        let (done, of) = self.step(slice);
        done == of
    }

    fn show(&self, seen: &mut Self::Seen) {
        let fresh = self.done().get(seen.len()..).unwrap_or_default();
        seen.extend_from_slice(fresh);
    }
}

/// Work under way, beside the frames or in them.
pub struct Beside<W: Think> {
    /// What the frames read, brought up to date after each slice.
    seen: Arc<Mutex<W::Seen>>,
    /// The work, when the frames do the thinking (a lock only so the
    /// resource holding it may be shared between Bevy's threads).
    here: Option<Mutex<W>>,
    /// The thread's share; none when the frames do the thinking.
    task: Option<Task<()>>,
    /// The work panicked: it will never be done.
    broken: Arc<AtomicBool>,
}

impl<W: Think> Beside<W> {
    /// Starts `work` beside the frames where there are threads and
    /// `beside` asks for it; else each [`Beside::tick`] thinks a slice.
    pub fn start(work: W, beside: bool) -> Self {
        let seen = Arc::new(Mutex::new(W::Seen::default()));
        let broken = Arc::new(AtomicBool::new(false));
        if !(beside && THINKS_BESIDE_FRAMES) {
            return Self {
                seen,
                here: Some(Mutex::new(work)),
                task: None,
                broken,
            };
        }
        let (shown, failed) = (Arc::clone(&seen), Arc::clone(&broken));
        let mut work = work;
        let task = AsyncComputeTaskPool::get_or_init(TaskPool::default).spawn(async move {
            loop {
                let Ok(done) = catch_unwind(AssertUnwindSafe(|| work.think(SLICE))) else {
                    failed.store(true, Ordering::Relaxed);
                    return;
                };
                if let Ok(mut seen) = shown.lock() {
                    work.show(&mut seen);
                }
                if done {
                    return;
                }
                yield_now().await;
            }
        });
        Self {
            seen,
            here: None,
            task: Some(task),
            broken,
        }
    }

    /// A frame's share of the thinking: `slice` of it when the frames do
    /// it, nothing when a thread does.
    pub fn tick(&self, slice: Duration) {
        let Some(here) = &self.here else { return };
        let Ok(mut work) = here.lock() else {
            self.broken.store(true, Ordering::Relaxed);
            return;
        };
        match catch_unwind(AssertUnwindSafe(|| work.think(slice))) {
            Ok(_) => {
                if let Ok(mut seen) = self.seen.lock() {
                    work.show(&mut seen);
                }
            }
            Err(_) => self.broken.store(true, Ordering::Relaxed),
        }
    }

    /// What the frames read, unless the thread is just then bringing it up
    /// to date (then none: the frame goes on and looks at the next).
    pub fn seen(&self) -> Option<MutexGuard<'_, W::Seen>> {
        self.seen.try_lock().ok()
    }

    /// Whether the work panicked: it will never be done.
    pub fn broken(&self) -> bool {
        self.broken.load(Ordering::Relaxed)
    }

    /// Whether the thinking runs on a thread beside the frames.
    pub fn on_a_thread(&self) -> bool {
        self.task.is_some()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::{Receiver, Sender, channel};

    use bevy::tasks::block_on;

    use super::*;

    /// Counts to a number, one a step, a step for each millisecond of the
    /// slice (one at least): what a slice does is read from its length,
    /// never from a clock. With `held`, each step says it is inside and
    /// waits until let go — or until the test is gone, its end of the
    /// channel dropped, so a failed test never leaves a step waiting.
    struct Count {
        at: u32,
        to: u32,
        held: Option<(Sender<()>, Receiver<()>)>,
    }

    impl Think for Count {
        type Seen = u32;

        fn think(&mut self, slice: Duration) -> bool {
            for _ in 0..slice.as_millis().max(1) {
                if self.at >= self.to {
                    break;
                }
                if let Some((inside, let_go)) = &self.held {
                    let _ = inside.send(());
                    let _ = let_go.recv();
                }
                self.at += 1;
            }
            self.at >= self.to
        }

        fn show(&self, seen: &mut u32) {
            *seen = self.at;
        }
    }

    #[test]
    fn work_in_the_frames_moves_only_when_a_frame_gives_it_a_slice() {
        let count = Count {
            at: 0,
            to: 3,
            held: None,
        };
        let work = Beside::start(count, false);
        assert!(!work.on_a_thread());
        assert_eq!(*work.seen().unwrap(), 0);
        work.tick(Duration::ZERO);
        assert_eq!(*work.seen().unwrap(), 1, "one step a zero slice");
        work.tick(Duration::from_secs(1));
        assert_eq!(*work.seen().unwrap(), 3);
    }

    /// While the thread is inside a long step, a frame still reads what
    /// was done before it, at once; and the work ends with no frame.
    #[test]
    fn a_look_at_work_beside_the_frames_never_waits_for_its_step() {
        if !THINKS_BESIDE_FRAMES {
            return;
        }
        let (inside, is_inside) = channel();
        let (let_go, held) = channel();
        let count = Count {
            at: 0,
            to: 2,
            held: Some((inside, held)),
        };
        let mut work = Beside::start(count, true);
        assert!(work.on_a_thread());
        is_inside
            .recv()
            .expect("the thread beside the frames started a step");
        // Waiting here would last until the step ends, and see 1 or more.
        assert_eq!(work.seen().map(|s| *s), Some(0), "a look waited");
        // Every step let go; then the work ends on its own, no frame asked.
        drop(let_go);
        block_on(work.task.take().expect("the thread's share"));
        assert_eq!(work.seen().map(|s| *s), Some(2));
    }
}
