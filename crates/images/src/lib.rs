//! The image metadata adapter (`ImageMetadataScrubber` port): uploaded JPEG, PNG, WebP and HEIC
//! files are rewritten without what says where and with what they were taken (EXIF with its GPS
//! block, camera make, model and serial numbers, dates and embedded thumbnails; XMP; IPTC;
//! comments and text chunks; files appended after the image, such as the video of a motion photo
//! or the second pictures of a multi-picture JPEG).
//!
//! Nothing is decoded: JPEG, PNG and WebP are taken apart into their segments or chunks with
//! `img-parts` and put back together from an allow-list of what a viewer needs to draw the
//! picture (image data, colour profile and colour space, transparency, animation); everything
//! else goes. The pixel data is copied byte for byte, so there is no quality loss and no decoder
//! of untrusted pixels runs on the server. HEIC has no such crate (see `heif.rs`): its Exif and
//! XMP items are overwritten in place.
//!
//! Orientation: when the EXIF says the picture must be turned (Orientation 2 to 8), a minimal EXIF
//! holding only that tag is written back where the old one was, so every viewer that turned the
//! original turns the cleaned file the same way. Applying the turn to the pixels instead would
//! mean decoding and re-encoding every such photo (a second lossy JPEG generation, an image codec
//! in the server and seconds of CPU for a 25 MB upload) for no gain in privacy: a lone orientation
//! value says nothing about the place or the camera. HEIC keeps its orientation in the container
//! (`irot`/`imir` properties), which is untouched.

use std::path::Path;

use buildledger_application::documents::{ImageMetadataScrubber, ScrubError};

mod exif;
mod heif;
mod jpeg;
mod png;
mod webp;

#[cfg(test)]
mod fixtures;

/// An image file that cannot be taken apart as its type says: the upload is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable(pub String);

impl Unreadable {
    pub(crate) fn new(reason: impl Into<String>) -> Self {
        Self(reason.into())
    }
}

/// The image containers this adapter cleans.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    Jpeg,
    Png,
    WebP,
    Heic,
}

impl ImageFormat {
    /// The format of an allowed document kind's content type; `None` for documents and for GIF,
    /// which cameras and phones do not write (and which carries no EXIF).
    pub fn from_content_type(content_type: &str) -> Option<Self> {
        match content_type {
            "image/jpeg" => Some(Self::Jpeg),
            "image/png" => Some(Self::Png),
            "image/webp" => Some(Self::WebP),
            "image/heic" | "image/heif" => Some(Self::Heic),
            _ => None,
        }
    }
}

/// The image without its location and device metadata.
pub fn scrub_bytes(format: ImageFormat, bytes: Vec<u8>) -> Result<Vec<u8>, Unreadable> {
    match format {
        ImageFormat::Jpeg => jpeg::scrub(&bytes),
        ImageFormat::Png => png::scrub(&bytes),
        ImageFormat::WebP => webp::scrub(&bytes),
        ImageFormat::Heic => {
            let mut bytes = bytes;
            heif::scrub(&mut bytes)?;
            Ok(bytes)
        }
    }
}

/// Cleans uploads in place, in their own container format (see the crate documentation).
#[derive(Debug, Clone, Copy, Default)]
pub struct ContainerScrubber;

impl ImageMetadataScrubber for ContainerScrubber {
    fn scrub(&self, content_type: &str, path: &Path) -> Result<Option<u64>, ScrubError> {
        let Some(format) = ImageFormat::from_content_type(content_type) else {
            return Ok(None);
        };
        let original = std::fs::read(path).map_err(|e| ScrubError::Io(e.into()))?;
        let cleaned = scrub_bytes(format, original).map_err(|Unreadable(reason)| ScrubError::Unreadable(reason))?;
        std::fs::write(path, &cleaned).map_err(|e| ScrubError::Io(e.into()))?;
        Ok(Some(cleaned.len() as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{camera_exif, contains, jpeg_with_app1};

    #[test]
    fn only_image_types_are_rewritten() {
        let dir = std::env::temp_dir().join(format!("buildledger-images-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pdf = dir.join("quote.pdf");
        std::fs::write(&pdf, b"%PDF-1.4 Exif GPS").unwrap();
        assert_eq!(ContainerScrubber.scrub("application/pdf", &pdf).unwrap(), None);
        assert_eq!(ContainerScrubber.scrub("image/gif", &pdf).unwrap(), None);
        assert_eq!(std::fs::read(&pdf).unwrap(), b"%PDF-1.4 Exif GPS");

        let photo = dir.join("photo.jpg");
        let original = jpeg_with_app1(&camera_exif(Some(1)));
        std::fs::write(&photo, &original).unwrap();
        let size = ContainerScrubber.scrub("image/jpeg", &photo).unwrap().unwrap();
        let cleaned = std::fs::read(&photo).unwrap();
        assert_eq!(size, cleaned.len() as u64);
        assert!(size < original.len() as u64);
        assert!(!contains(&cleaned, b"Canon"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_unreadable_image_is_reported_as_such_and_left_alone() {
        let dir = std::env::temp_dir().join(format!("buildledger-images-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let photo = dir.join("photo.jpg");
        std::fs::write(&photo, b"\xFF\xD8\xFF\xE1\x40\x00Exif").unwrap();
        assert!(matches!(ContainerScrubber.scrub("image/jpeg", &photo), Err(ScrubError::Unreadable(_))));
        let missing = dir.join("gone.jpg");
        assert!(matches!(ContainerScrubber.scrub("image/jpeg", &missing), Err(ScrubError::Io(_))));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
