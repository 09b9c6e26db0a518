//! A seat's secret: 128 bits from the system's randomness, shown as hex,
//! compared in constant time so its length of match tells nothing.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A seat's secret token.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Token(String);

impl Token {
    /// A new token, or why the system gave no randomness.
    pub fn new() -> Result<Self, getrandom::Error> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes)?;
        Ok(Self(bytes.iter().map(|b| format!("{b:02x}")).collect()))
    }

    /// Whether `shown` is this token: every byte compared, whatever differs.
    pub fn is(&self, shown: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), shown.as_bytes());
        if a.len() != b.len() {
            return false;
        }
        a.iter().zip(b).fold(0u8, |diff, (x, y)| diff | (x ^ y)) == 0
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

// Never in a log line by accident.
impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(…)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_only_itself() {
        let token = Token::new().unwrap();
        let shown = token.to_string();
        assert_eq!(shown.len(), 32);
        assert!(token.is(&shown));
        assert!(!token.is(&shown[..31]));
        let mut other = shown.clone().into_bytes();
        other[31] = if other[31] == b'0' { b'1' } else { b'0' };
        assert!(!token.is(std::str::from_utf8(&other).unwrap()));
        assert!(!token.is(""));
    }

    #[test]
    fn two_tokens_differ() {
        assert_ne!(Token::new().unwrap(), Token::new().unwrap());
    }

    #[test]
    fn a_token_is_not_written_in_debug_output() {
        let token = Token::new().unwrap();
        assert!(!format!("{token:?}").contains(&token.to_string()));
    }
}
