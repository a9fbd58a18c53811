//! The one thing kept from an EXIF block: its orientation.

/// What JPEG's APP1 segment (and some PNG and WebP writers) put before the TIFF structure.
pub(crate) const EXIF_PREFIX: &[u8] = b"Exif\0\0";

const ORIENTATION_TAG: u16 = 0x0112;
const SHORT: u16 = 3;

/// The orientation (2 to 8) that an EXIF block asks viewers to apply, read from its first image
/// directory (IFD0); `None` when it is upright (1), missing or unreadable. `exif` is the TIFF
/// structure, with or without the `Exif\0\0` prefix.
pub(crate) fn orientation_to_keep(exif: &[u8]) -> Option<u16> {
    let tiff = exif.strip_prefix(EXIF_PREFIX).unwrap_or(exif);
    let big_endian = match tiff.get(0..4)? {
        b"MM\0\x2A" => true,
        b"II\x2A\0" => false,
        _ => return None,
    };
    let u16_at = |at: usize| -> Option<u16> {
        let b: [u8; 2] = tiff.get(at..at.checked_add(2)?)?.try_into().ok()?;
        Some(if big_endian { u16::from_be_bytes(b) } else { u16::from_le_bytes(b) })
    };
    let u32_at = |at: usize| -> Option<u32> {
        let b: [u8; 4] = tiff.get(at..at.checked_add(4)?)?.try_into().ok()?;
        Some(if big_endian { u32::from_be_bytes(b) } else { u32::from_le_bytes(b) })
    };
    let ifd0 = usize::try_from(u32_at(4)?).ok()?;
    let count = u16_at(ifd0)?;
    for i in 0..usize::from(count) {
        let entry = ifd0.checked_add(2 + 12 * i)?;
        if u16_at(entry)? != ORIENTATION_TAG {
            continue;
        }
        if u16_at(entry + 2)? != SHORT || u32_at(entry + 4)? != 1 {
            return None;
        }
        // A single SHORT sits in the first two bytes of the value field.
        let value = u16_at(entry + 8)?;
        return (2..=8).contains(&value).then_some(value);
    }
    None
}

/// A TIFF structure (big-endian, without the `Exif\0\0` prefix) whose only directory holds
/// only the orientation: no GPS, no camera, no dates, no thumbnail directory.
pub(crate) fn orientation_only(orientation: u16) -> Vec<u8> {
    let mut tiff = Vec::with_capacity(26);
    tiff.extend_from_slice(b"MM\0\x2A");
    tiff.extend_from_slice(&8u32.to_be_bytes()); // IFD0 right after the header
    tiff.extend_from_slice(&1u16.to_be_bytes()); // one entry
    tiff.extend_from_slice(&ORIENTATION_TAG.to_be_bytes());
    tiff.extend_from_slice(&SHORT.to_be_bytes());
    tiff.extend_from_slice(&1u32.to_be_bytes()); // one value
    tiff.extend_from_slice(&orientation.to_be_bytes());
    tiff.extend_from_slice(&[0, 0]); // padding of the value field
    tiff.extend_from_slice(&0u32.to_be_bytes()); // no next directory (no thumbnail)
    tiff
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{camera_exif, tiff_entries};

    #[test]
    fn the_orientation_is_read_from_either_byte_order_and_with_or_without_the_prefix() {
        assert_eq!(orientation_to_keep(&camera_exif(Some(6))), Some(6));
        assert_eq!(orientation_to_keep(camera_exif(Some(8)).strip_prefix(EXIF_PREFIX).unwrap()), Some(8));
        assert_eq!(orientation_to_keep(&orientation_only(3)), Some(3));
    }

    #[test]
    fn upright_missing_or_odd_orientations_are_not_kept() {
        assert_eq!(orientation_to_keep(&camera_exif(Some(1))), None);
        assert_eq!(orientation_to_keep(&camera_exif(None)), None);
        assert_eq!(orientation_to_keep(&orientation_only(9)), None);
        assert_eq!(orientation_to_keep(&orientation_only(0)), None);
        // The orientation stored as a LONG is not what the standard says: ignored.
        assert_eq!(orientation_to_keep(&tiff_entries(&[(0x0112, 4, 1, [6, 0, 0, 0])])), None);
        for junk in [&b""[..], b"Exif\0\0", b"II*\0\xFF\xFF\xFF\xFF", b"MM\0*\0\0\0\x08\0\x05", b"PNG"] {
            assert_eq!(orientation_to_keep(junk), None);
        }
    }

    #[test]
    fn the_kept_exif_holds_the_orientation_and_nothing_else() {
        let tiff = orientation_only(6);
        assert_eq!(tiff.len(), 26);
        assert_eq!(&tiff[8..10], &[0, 1], "one entry");
        assert_eq!(&tiff[22..26], &[0, 0, 0, 0], "no IFD1 (thumbnail)");
    }
}
