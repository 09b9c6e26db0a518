//! The window's icon, on systems where the window carries its own (X11,
//! Windows): the packaged 64-pixel icon, built in. On Wayland the
//! compositor takes the icon of the desktop entry named by the app id.

use bevy::asset::RenderAssetUsages;
use bevy::ecs::system::NonSendMarker;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::window::PrimaryWindow;
use bevy::winit::WINIT_WINDOWS;

/// The packaged icon, 64 × 64 RGBA.
const ICON: &[u8] = include_bytes!("../../packaging/icons/parlour-64.png");

/// Sets the icon once the window exists.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, set_icon.run_if(run_once_window));
}

/// Until the icon is set (winit makes the window after the first frames).
fn run_once_window(mut done: Local<bool>, windows: Query<(), With<PrimaryWindow>>) -> bool {
    if *done || windows.is_empty() {
        return false;
    }
    *done = true;
    true
}

/// The icon as winit wants it: RGBA bytes and a size.
pub fn icon_rgba() -> Result<(Vec<u8>, u32, u32), String> {
    let image = Image::from_buffer(
        ICON,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::Default,
        RenderAssetUsages::default(),
    )
    .map_err(|e| e.to_string())?;
    if image.texture_descriptor.format != TextureFormat::Rgba8UnormSrgb {
        return Err(format!(
            "the icon is {:?}, not RGBA",
            image.texture_descriptor.format
        ));
    }
    let (width, height) = (image.width(), image.height());
    let data = image.data.ok_or("the icon has no pixels")?;
    Ok((data, width, height))
}

/// Hands the icon to the window. Runs on the main thread: winit's windows
/// live there.
fn set_icon(window: Query<Entity, With<PrimaryWindow>>, _main: NonSendMarker) {
    let Ok(entity) = window.single() else { return };
    let icon = icon_rgba().and_then(|(data, w, h)| {
        winit::window::Icon::from_rgba(data, w, h).map_err(|e| e.to_string())
    });
    match icon {
        Ok(icon) => WINIT_WINDOWS.with_borrow(|windows| {
            if let Some(window) = windows.get_window(entity) {
                window.set_window_icon(Some(icon));
            }
        }),
        Err(e) => warn!("no window icon: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_icon_reads_as_64_by_64_rgba() {
        let (data, w, h) = icon_rgba().unwrap();
        assert_eq!((w, h), (64, 64));
        assert_eq!(data.len(), 64 * 64 * 4);
        // Not blank: the icon has opaque pixels and transparent ones.
        assert!(data.chunks(4).any(|p| p[3] == 255));
        assert!(data.chunks(4).any(|p| p[3] == 0));
    }
}
