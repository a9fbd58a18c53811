//! PNG: only the chunks a viewer needs to draw the picture are kept. EXIF (`eXIf`), every text
//! chunk (`tEXt`, `zTXt`, `iTXt`: XMP, "Raw profile type exif", comments, software), the
//! modification time (`tIME`), content credentials (`caBX`) and unknown chunks go.

use img_parts::png::{Png, PngChunk};
use img_parts::Bytes;

use crate::exif::{orientation_only, orientation_to_keep};
use crate::Unreadable;

/// Image data, palette and transparency, colour space, physical size, animation (APNG).
const KEPT: [&[u8; 4]; 20] = [
    b"IHDR", b"PLTE", b"IDAT", b"IEND", b"tRNS", b"cHRM", b"gAMA", b"iCCP", b"sBIT", b"sRGB", b"cICP", b"mDCV",
    b"cLLI", b"bKGD", b"hIST", b"pHYs", b"sPLT", b"acTL", b"fcTL", b"fdAT",
];

pub(crate) fn scrub(bytes: &[u8]) -> Result<Vec<u8>, Unreadable> {
    let mut png = Png::from_bytes(Bytes::copy_from_slice(bytes)).map_err(|e| Unreadable::new(format!("PNG: {e}")))?;
    if png.chunks().first().map(PngChunk::kind) != Some(*b"IHDR") || png.chunk_by_type(*b"IDAT").is_none() {
        return Err(Unreadable::new("PNG: no header or no image data"));
    }
    let orientation = png.chunk_by_type(*b"eXIf").and_then(|c| orientation_to_keep(c.contents()));
    png.chunks_mut().retain(|c| KEPT.contains(&&c.kind()));
    if let Some(o) = orientation {
        // Before the image data, where viewers look for it.
        let at = png.chunks().iter().position(|c| c.kind() == *b"IDAT").unwrap_or(1);
        png.chunks_mut().insert(at, PngChunk::new(*b"eXIf", Bytes::from(orientation_only(o))));
    }
    Ok(png.encoder().bytes().to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{
        assert_clean, camera_exif, png_chunk, png_chunk_data, png_chunk_kinds, png_with, xmp_packet,
    };

    fn itxt_xmp() -> Vec<u8> {
        let mut data = b"XML:com.adobe.xmp\0\0\0\0\0".to_vec();
        data.extend(xmp_packet());
        png_chunk(b"iTXt", &data)
    }

    #[test]
    fn exif_xmp_and_text_chunks_go_and_the_image_data_stays() {
        let tiff = camera_exif(Some(1))[6..].to_vec();
        let original = png_with(
            &[png_chunk(b"iCCP", b"sRGB\0\0\x78\x01"), png_chunk(b"eXIf", &tiff), itxt_xmp()],
            &[
                png_chunk(b"tEXt", b"Raw profile type exif\0Canon EOS R5"),
                png_chunk(b"zTXt", b"Comment\0\0x"),
                png_chunk(b"tIME", b"\x07\xea\x0b\x14\x0a\x0b\x0c"),
                png_chunk(b"caBX", b"jumb Lens-Serial-77"),
            ],
        );
        let cleaned = scrub(&original).unwrap();
        assert_clean(&cleaned);
        assert_eq!(png_chunk_kinds(&cleaned), [*b"IHDR", *b"iCCP", *b"IDAT", *b"IEND"]);
        assert_eq!(cleaned, png_with(&[png_chunk(b"iCCP", b"sRGB\0\0\x78\x01")], &[]));
    }

    #[test]
    fn a_turned_png_keeps_only_its_orientation_before_the_image_data() {
        let tiff = camera_exif(Some(6))[6..].to_vec();
        let cleaned = scrub(&png_with(&[png_chunk(b"eXIf", &tiff)], &[])).unwrap();
        assert_clean(&cleaned);
        assert_eq!(png_chunk_kinds(&cleaned), [*b"IHDR", *b"eXIf", *b"IDAT", *b"IEND"]);
        assert_eq!(png_chunk_data(&cleaned, b"eXIf").unwrap(), orientation_only(6));
    }

    #[test]
    fn animation_chunks_stay() {
        let original = png_with(&[png_chunk(b"acTL", &[0, 0, 0, 1, 0, 0, 0, 0])], &[png_chunk(b"tEXt", b"a\0b")]);
        assert_eq!(png_chunk_kinds(&scrub(&original).unwrap()), [*b"IHDR", *b"acTL", *b"IDAT", *b"IEND"]);
    }

    #[test]
    fn a_damaged_png_is_unreadable() {
        let good = png_with(&[], &[]);
        let mut bad_crc = good.clone();
        let last = bad_crc.len() - 20;
        bad_crc[last] ^= 1;
        for bad in [&good[..20], &bad_crc[..], b"\x89PNG\r\n\x1a\n", &png_with(&[], &[])[..8 + 25]] {
            assert!(scrub(bad).is_err(), "{bad:?}");
        }
        for len in 0..good.len() {
            let _ = scrub(&good[..len]);
        }
    }
}
