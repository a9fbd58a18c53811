//! WebP: only the chunks a viewer needs are kept (`VP8X`, `ICCP`, `ANIM`, `ANMF`, `ALPH`,
//! `VP8 `, `VP8L`); `EXIF`, `XMP ` and unknown chunks go, and the `VP8X` flags are set to match.

use img_parts::riff::{RiffChunk, RiffContent};
use img_parts::webp::WebP;
use img_parts::Bytes;

use crate::exif::{orientation_only, orientation_to_keep};
use crate::Unreadable;

const KEPT: [&[u8; 4]; 7] = [b"VP8X", b"ICCP", b"ANIM", b"ANMF", b"ALPH", b"VP8 ", b"VP8L"];
const IMAGE_DATA: [&[u8; 4]; 3] = [b"VP8 ", b"VP8L", b"ANMF"];
/// The EXIF and XMP bits of the first byte of the `VP8X` chunk.
const EXIF_FLAG: u8 = 0b0000_1000;
const XMP_FLAG: u8 = 0b0000_0100;

pub(crate) fn scrub(bytes: &[u8]) -> Result<Vec<u8>, Unreadable> {
    let mut webp =
        WebP::from_bytes(Bytes::copy_from_slice(bytes)).map_err(|e| Unreadable::new(format!("WebP: {e}")))?;
    if !webp.chunks().iter().any(|c| IMAGE_DATA.contains(&&c.id())) {
        return Err(Unreadable::new("WebP: no image data"));
    }
    let orientation =
        webp.chunk_by_id(*b"EXIF").and_then(|c| c.content().data()).and_then(|data| orientation_to_keep(data));
    webp.chunks_mut().retain(|c| KEPT.contains(&&c.id()));

    // Only the extended format (a VP8X chunk first) may hold EXIF.
    let extended = webp.chunks().first().is_some_and(|c| c.id() == *b"VP8X");
    let keep_exif = extended && orientation.is_some();
    if let Some(o) = orientation.filter(|_| keep_exif) {
        // After the image data, where the format puts it.
        webp.chunks_mut().push(RiffChunk::new(*b"EXIF", RiffContent::Data(Bytes::from(orientation_only(o)))));
    }
    if let Some(RiffContent::Data(header)) = webp.chunks_mut().first_mut().map(RiffChunk::content_mut) {
        let mut fixed = header.to_vec();
        if let Some(flags) = fixed.first_mut() {
            *flags &= !(EXIF_FLAG | XMP_FLAG);
            if keep_exif {
                *flags |= EXIF_FLAG;
            }
        }
        *header = Bytes::from(fixed);
    }
    Ok(webp.encoder().bytes().to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{assert_clean, camera_exif, contains, webp_chunks, webp_with, xmp_packet, VP8L};

    const ICC: u8 = 0b0010_0000;

    #[test]
    fn exif_and_xmp_chunks_go_and_the_flags_say_so() {
        let tiff = camera_exif(Some(1))[6..].to_vec();
        let original = webp_with(
            ICC | EXIF_FLAG | XMP_FLAG,
            &[(b"EXIF", tiff), (b"XMP ", xmp_packet()), (b"ICCP", b"profile".to_vec()), (b"GPS!", b"Canon".to_vec())],
        );
        assert!(contains(&original, b"GPSLatitude"));
        let cleaned = scrub(&original).unwrap();
        assert_clean(&cleaned);
        let chunks = webp_chunks(&cleaned);
        let ids: Vec<_> = chunks.iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, [*b"VP8X", *b"VP8L", *b"ICCP"]);
        assert_eq!(chunks[0].1[0], ICC, "the EXIF and XMP flags are cleared, ICC stays");
        assert_eq!(chunks[1].1, VP8L, "the image data is untouched");
        // The RIFF size is the file's.
        assert_eq!(u32::from_le_bytes(cleaned[4..8].try_into().unwrap()) as usize, cleaned.len() - 8);
    }

    #[test]
    fn a_turned_webp_keeps_only_its_orientation() {
        // Some writers put the JPEG-style prefix in front of the TIFF data.
        let original = webp_with(EXIF_FLAG | XMP_FLAG, &[(b"EXIF", camera_exif(Some(6))), (b"XMP ", xmp_packet())]);
        let cleaned = scrub(&original).unwrap();
        assert_clean(&cleaned);
        let chunks = webp_chunks(&cleaned);
        assert_eq!(chunks.iter().map(|(id, _)| *id).collect::<Vec<_>>(), [*b"VP8X", *b"VP8L", *b"EXIF"]);
        assert_eq!(chunks[0].1[0], EXIF_FLAG);
        assert_eq!(chunks[2].1, orientation_only(6));
    }

    #[test]
    fn a_damaged_webp_is_unreadable() {
        let good = webp_with(0, &[]);
        let mut no_image = webp_with(EXIF_FLAG, &[(b"EXIF", camera_exif(None))]);
        // Rename the image chunk: a WebP without image data.
        let at = no_image.windows(4).position(|w| w == b"VP8L").unwrap();
        no_image[at..at + 4].copy_from_slice(b"JUNK");
        for bad in [&good[..good.len() - 3], &no_image[..], b"RIFF\x04\0\0\0WEBP", b"RIFF"] {
            assert!(scrub(bad).is_err(), "{bad:?}");
        }
        for len in 0..good.len() {
            let _ = scrub(&good[..len]);
        }
    }
}
