//! What the host tells a device when it refuses or lets it go: the reason
//! in English, for the log and for a device that cannot word it, and the
//! same as a phrase the device words in its player's language.

use parlour_core::engine::Phrase;
use parlour_core::protocol::Worded;

/// A reason given to a device.
#[derive(Clone, Debug)]
pub struct Said {
    /// In English.
    pub reason: String,
    /// As a phrase, where the catalogues have its words (a connection that
    /// failed, a message that is not JSON: English alone).
    pub phrase: Option<Phrase>,
}

impl Said {
    /// A reason in English and as `phrase`.
    pub fn new(phrase: Phrase, reason: impl Into<String>) -> Self {
        Self {
            reason: reason.into(),
            phrase: Some(phrase),
        }
    }

    /// A reason with no words but the English ones.
    pub fn english(reason: impl Into<String>) -> Self {
        Self {
            reason: reason.into(),
            phrase: None,
        }
    }

    /// The phrase as it travels.
    pub fn worded(&self) -> Option<Worded> {
        self.phrase.as_ref().map(Worded::from)
    }
}

impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}
