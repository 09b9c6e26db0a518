//! What only a web page has, through the functions its `index.html`
//! defines (`web/index.html`): the loading line taken down, the screen
//! kept on, the storage kept, a reload after a crash, the closed screen of
//! a kiosk. On the desktop each is nothing, or the desktop's own way.

/// The first frame is drawn: the page takes its loading line down.
pub fn ready() {
    call("parlourReady", None);
}

/// Keep the screen on (`true`) or let it sleep again (a Screen Wake Lock,
/// where the browser has one).
pub fn keep_screen_on(on: bool) {
    call("parlourWakeLock", Some(on));
}

/// Ask the browser to keep the page's storage when space runs short.
pub fn keep_storage() {
    call("parlourPersist", None);
}

/// The app has closed (the kiosk's PIN exit): the page shows a closed
/// screen, since a page cannot close itself.
pub fn closed() {
    call("parlourClosed", None);
}

/// Sets `window[name]` to `text` for the page's scripts (a measurement
/// the page's test reads); nothing on the desktop.
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_variables))]
pub fn say(name: &str, text: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(&window, &name.into(), &text.into());
    }
}

/// The page's query, `?kiosk&demo=rummy` as `kiosk&demo=rummy`; empty on
/// the desktop.
pub fn query() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.location().search().ok())
            .map(|q| q.trim_start_matches('?').to_owned())
            .unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    String::new()
}

/// The page's address fragment, `#variant=1.abc` as `variant=1.abc`
/// (a shared variant's link); empty on the desktop.
pub fn fragment() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .map(|h| h.trim_start_matches('#').to_owned())
            .unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    String::new()
}

/// The page's origin, `http://192.168.1.20:7878`: the host that served it.
/// Empty on the desktop.
pub fn origin() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.location().origin().ok())
            .unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    String::new()
}

/// In a page, a panic reloads it (the page limits how often) after saying
/// what happened in the console, so a kiosk comes back by itself and the
/// title offers Continue; on the desktop the service manager restarts it.
/// Called again once the app is built: Bevy's panic handler replaces the
/// hook it finds rather than chaining it.
pub fn reload_after_a_crash() {
    #[cfg(target_arch = "wasm32")]
    {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            previous(info);
            if let Some(window) = web_sys::window() {
                let text = info.to_string();
                let crashed = js_sys::Reflect::get(&window, &"parlourCrashed".into())
                    .ok()
                    .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
                match crashed {
                    Some(f) => {
                        let _ = f.call1(&window, &text.into());
                    }
                    None => {
                        let _ = window.location().reload();
                    }
                }
            }
        }));
    }
}

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::JsCast;

/// Calls `window[name](argument)` if the page defines it; never fails.
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_variables))]
fn call(name: &str, argument: Option<bool>) {
    #[cfg(target_arch = "wasm32")]
    {
        let Some(window) = web_sys::window() else {
            return;
        };
        let Some(f) = js_sys::Reflect::get(&window, &name.into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        else {
            return;
        };
        let _ = match argument {
            Some(on) => f.call1(&window, &on.into()),
            None => f.call0(&window),
        };
    }
}
