//! JPEG: the segments before the image data are filtered with img-parts; the image data itself
//! is walked up to its end-of-image marker, dropping application segments between scans and
//! everything appended after the picture (motion-photo videos, multi-picture secondary images,
//! vendor trailers), each of which can carry its own EXIF and GPS.

use img_parts::jpeg::{markers, Jpeg, JpegSegment};
use img_parts::Bytes;

use crate::exif::{orientation_only, orientation_to_keep, EXIF_PREFIX};
use crate::Unreadable;

const JFIF: &[u8] = b"JFIF\0";
const ICC_PROFILE: &[u8] = b"ICC_PROFILE\0";
const ADOBE: &[u8] = b"Adobe";
/// JFIF's APP0 up to (not including) its own thumbnail.
const JFIF_WITHOUT_THUMBNAIL: usize = 14;

pub(crate) fn scrub(bytes: &[u8]) -> Result<Vec<u8>, Unreadable> {
    let original = Bytes::copy_from_slice(bytes);
    let mut jpeg = Jpeg::from_bytes(original.clone()).map_err(|e| Unreadable::new(format!("JPEG: {e}")))?;
    if !jpeg.segments().iter().any(|s| s.marker() == markers::SOS) {
        return Err(Unreadable::new("JPEG: no image data"));
    }
    let orientation = jpeg
        .segments()
        .iter()
        .filter(|s| s.marker() == markers::APP1)
        .find_map(|s| s.contents().strip_prefix(EXIF_PREFIX))
        .and_then(orientation_to_keep);

    let mut kept = Vec::with_capacity(jpeg.segments().len());
    let mut exif_placed = false;
    for segment in jpeg.segments() {
        let contents = segment.contents();
        match segment.marker() {
            // JFIF stays (it says how to read the colours) without its thumbnail.
            markers::APP0 if contents.starts_with(JFIF) && contents.len() >= JFIF_WITHOUT_THUMBNAIL => {
                let mut jfif = contents.slice(..JFIF_WITHOUT_THUMBNAIL).to_vec();
                jfif[12] = 0;
                jfif[13] = 0;
                kept.push(JpegSegment::new_with_contents(markers::APP0, Bytes::from(jfif)));
            }
            // The EXIF goes; where it was, a minimal one keeps a turned picture turned.
            markers::APP1 if contents.starts_with(EXIF_PREFIX) => {
                if let (false, Some(o)) = (exif_placed, orientation) {
                    let mut exif = EXIF_PREFIX.to_vec();
                    exif.extend(orientation_only(o));
                    kept.push(JpegSegment::new_with_contents(markers::APP1, Bytes::from(exif)));
                }
                exif_placed = true;
            }
            // Colour profile; Adobe's segment says how the colours of CMYK/YCCK files are stored.
            markers::APP2 if contents.starts_with(ICC_PROFILE) => kept.push(segment.clone()),
            markers::APP14 if contents.starts_with(ADOBE) => kept.push(segment.clone()),
            // Every other application segment (XMP, IPTC, MPF, maker data, JPEG XT...) and comments.
            markers::APP0..=markers::APP15 | markers::COM => {}
            markers::SOS => {
                // The image data and whatever follows it in the file, as img-parts keeps it.
                let rest = segment.len_with_entropy() - segment.len();
                let tail = after_first_scan(&original[original.len() - rest..])?;
                kept.push(JpegSegment::new_with_entropy(markers::SOS, segment.contents().clone(), Bytes::from(tail)));
            }
            _ => kept.push(segment.clone()),
        }
    }
    *jpeg.segments_mut() = kept;
    Ok(jpeg.encoder().bytes().to_vec())
}

/// The data after the first scan's header, cut after the end-of-image marker, without the
/// application segments and comments that may stand between the scans of a progressive JPEG.
/// A file that ends without the marker is kept as far as it goes (viewers draw what is there).
fn after_first_scan(data: &[u8]) -> Result<Vec<u8>, Unreadable> {
    let mut out = Vec::with_capacity(data.len());
    let mut copied_to = 0;
    let mut at = 0;
    while let Some(found) = data[at..].iter().position(|&b| b == 0xFF) {
        let ff = at + found;
        let Some(&marker) = data.get(ff + 1) else { break };
        match marker {
            // Fill byte before a marker.
            0xFF => at = ff + 1,
            markers::EOI => {
                out.extend_from_slice(&data[copied_to..ff + 2]);
                return Ok(out);
            }
            // A stuffed 0xFF in the entropy-coded data, restart markers, and the other markers
            // without a length.
            m if !has_length(m) => at = ff + 2,
            m => {
                let length = data
                    .get(ff + 2..ff + 4)
                    .map(|l| usize::from(u16::from_be_bytes([l[0], l[1]])))
                    .filter(|&l| l >= 2 && ff + 2 + l <= data.len())
                    .ok_or_else(|| Unreadable::new("JPEG: a segment after the first scan runs past the end"))?;
                let end = ff + 2 + length;
                if matches!(m, markers::APP0..=markers::APP15 | markers::COM) {
                    out.extend_from_slice(&data[copied_to..ff]);
                    copied_to = end;
                }
                at = end;
            }
        }
    }
    out.extend_from_slice(&data[copied_to..]);
    Ok(out)
}

/// Markers followed by a length (ITU T.81 B.1.1.4): frames, tables, scans, application data
/// and comments.
fn has_length(marker: u8) -> bool {
    matches!(marker, 0xC0..=0xCF | 0xDA..=0xDF | 0xE0..=0xEF | 0xF0..=0xFD | 0xFE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{
        assert_clean, camera_exif, contains, jpeg_segments, jpeg_with_app1, jpeg_with_segments, jpeg_xmp_payload, JPEG,
    };

    #[test]
    fn a_camera_jpeg_loses_its_gps_make_model_dates_serials_and_thumbnail() {
        let original = jpeg_with_app1(&camera_exif(Some(1)));
        assert!(contains(&original, b"Canon") && contains(&original, b"THUMBNAIL"));
        let cleaned = scrub(&original).unwrap();
        assert_clean(&cleaned);
        assert!(jpeg_segments(&cleaned, markers::APP1).is_empty(), "an upright photo keeps no EXIF at all");
        // The picture itself is untouched: the file is the plain JPEG it was before the EXIF.
        assert_eq!(cleaned, JPEG);
    }

    #[test]
    fn a_turned_photo_keeps_only_its_orientation() {
        let original = jpeg_with_app1(&camera_exif(Some(6)));
        let cleaned = scrub(&original).unwrap();
        assert_clean(&cleaned);
        let app1 = jpeg_segments(&cleaned, markers::APP1);
        assert_eq!(app1.len(), 1);
        let mut expected = EXIF_PREFIX.to_vec();
        expected.extend(orientation_only(6));
        assert_eq!(app1[0], expected, "EXIF holding Orientation = 6 only");
        assert_eq!(orientation_to_keep(&app1[0]), Some(6));
        // Right after JFIF, where the camera's EXIF was.
        assert_eq!(cleaned[20..22], [0xFF, 0xE1]);
    }

    #[test]
    fn xmp_iptc_comments_and_multi_picture_data_go_and_the_colour_profile_stays() {
        let icc = b"ICC_PROFILE\0\x01\x01fake-profile".to_vec();
        let original = jpeg_with_segments(&[
            (0xE1, camera_exif(Some(1))),
            (0xE1, jpeg_xmp_payload()),
            (0xE1, b"http://ns.adobe.com/xmp/extension/\0GPSLatitude".to_vec()),
            (0xE2, icc.clone()),
            (0xE2, b"MPF\0II*\0 EOS R5".to_vec()),
            (0xED, b"Photoshop 3.0\08BIM XMP-Model-Secret".to_vec()),
            (0xEE, b"Adobe\0\x64\0\0\0\0\x01".to_vec()),
            (0xEB, b"JP\0\0jumb Lens-Serial-77".to_vec()),
            (0xFE, b"Shot on a Canon".to_vec()),
            (0xE0, b"JFXX\0\x10THUMBNAIL".to_vec()),
        ]);
        let cleaned = scrub(&original).unwrap();
        assert_clean(&cleaned);
        assert_eq!(jpeg_segments(&cleaned, markers::APP2), vec![icc]);
        assert_eq!(jpeg_segments(&cleaned, markers::APP14).len(), 1);
        assert!(jpeg_segments(&cleaned, markers::COM).is_empty());
        assert_eq!(jpeg_segments(&cleaned, markers::APP0).len(), 1, "JFIF only");
    }

    #[test]
    fn the_jfif_thumbnail_goes() {
        let mut jfif = JPEG[6..20].to_vec();
        jfif[12] = 1; // a 1x1 RGB thumbnail
        jfif[13] = 1;
        jfif.extend_from_slice(b"\x01\x02\x03");
        let mut original = JPEG[..2].to_vec();
        original.extend_from_slice(&[0xFF, 0xE0, 0, 19]);
        original.extend_from_slice(&jfif);
        original.extend_from_slice(&JPEG[20..]);
        assert_eq!(scrub(&original).unwrap(), JPEG);
    }

    #[test]
    fn files_appended_after_the_picture_and_segments_between_scans_go() {
        // A second scan (progressive files have several), with a comment and an APP1 before it,
        // then a motion photo's video and a secondary JPEG with EXIF after the end of image.
        let first = jpeg_with_app1(&camera_exif(None));
        let mut original = first[..first.len() - 2].to_vec(); // without its end-of-image marker
        let between = [
            &b"\xFF\xFE\x00\x11Canon EOS R5 ok"[..],
            b"\xFF\xE1\x00\x0FExif\0\0MM\0*\0\0\0",
            b"\xFF\xC4\x00\x14\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
            b"\xFF\xDA\x00\x08\x01\x01\x00\x00\x3f\x00\x3f\xFF\x00\x12\xFF\xD3\x34",
            b"\xFF\xD9",
        ]
        .concat();
        original.extend_from_slice(&between);
        let mut secondary = jpeg_with_app1(&camera_exif(Some(3)));
        secondary.extend_from_slice(b"....ftypmp42 MOTION-VIDEO moov udta \xA9xyz+30.2700-097.7400/");
        original.extend_from_slice(&secondary);

        let cleaned = scrub(&original).unwrap();
        assert_clean(&cleaned);
        let scan_two = b"\xFF\xDA\x00\x08\x01\x01\x00\x00\x3f\x00\x3f\xFF\x00\x12\xFF\xD3\x34\xFF\xD9";
        assert!(cleaned.ends_with(scan_two), "the second scan is kept, stuffed bytes and restarts included");
        assert!(contains(&cleaned, b"\xFF\xC4\x00\x14"), "tables between scans stay");
        assert!(!contains(&cleaned, b"\xFF\xFE"), "the comment between scans went");
        assert_eq!(cleaned.windows(2).filter(|w| w == b"\xFF\xD8").count(), 1, "one picture only");
    }

    #[test]
    fn a_damaged_jpeg_is_unreadable() {
        for bad in [
            &b"\xFF\xD8"[..],
            b"\xFF\xD8\xFF\xE1\x40\x00Exif\0\0",
            b"\xFF\xD8\xFF\xD9",
            b"\x89PNG\r\n\x1a\n",
            b"\xFF\xD8\xFF\xDA\x00\x08\x01\x01\x00\x00\x3f\x00\x3f\xFF\xE1\x40\x00Exif",
        ] {
            assert!(scrub(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_jpeg_cut_inside_its_image_data_is_kept_as_far_as_it_goes() {
        let cut = &JPEG[..JPEG.len() - 2];
        assert_eq!(scrub(cut).unwrap(), cut);
    }

    #[test]
    fn damaged_and_cut_files_never_panic() {
        let original = jpeg_with_segments(&[(0xE1, camera_exif(Some(6))), (0xE1, jpeg_xmp_payload())]);
        for len in 0..original.len() {
            let _ = scrub(&original[..len]);
        }
        for i in 0..original.len() {
            let mut flipped = original.clone();
            flipped[i] ^= 0xFF;
            if let Ok(cleaned) = scrub(&flipped) {
                assert!(!contains(&cleaned, b"Canon") && !contains(&cleaned, b"GPSLatitude"), "byte {i}");
            }
        }
    }
}
