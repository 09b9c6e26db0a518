//! Shared variants under arbitrary bytes: a variant file or a link (a code,
//! or an address whose fragment holds one) from a stranger must be refused
//! with a reason, never a panic; what reads writes back — as a file, as a
//! link — to a variant that reads the same, and is kept or refused alike.

#![no_main]

use libfuzzer_sys::fuzz_target;
use parlour_core::share::{decode, encode, from_file, read_file, read_link, to_file};

/// No id is taken by a shipped file here; the games' own names still are.
fn none(_: &str, _: &str) -> bool {
    false
}

fn check(data: &[u8]) {
    // As a file: refused with a reason, or read to a variant whose file
    // reads back the same.
    if let Ok(variant) = read_file(data) {
        let again = read_file(to_file(&variant).as_bytes()).expect("a file written reads");
        assert_eq!(again, variant);
        assert_eq!(
            from_file(data, &none).is_ok(),
            from_file(to_file(&variant).as_bytes(), &none).is_ok()
        );
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // As a link: refused with a reason, or read to a variant whose link
    // reads back the same.
    if let Ok(variant) = read_link(text) {
        let code = encode(&variant);
        assert_eq!(read_link(&code).expect("a link written reads"), variant);
        assert_eq!(decode(text, &none).is_ok(), decode(&code, &none).is_ok());
    }
}

fuzz_target!(|data: &[u8]| check(data));
