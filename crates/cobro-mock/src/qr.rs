//! The QR image of a payment code: a real, scannable PNG (spec 2.8 `qrCode`, a data URI
//! of a PNG in Base64).

use base64::Engine as _;
use qrcode::{Color, QrCode};

/// Pixels per module.
const SCALE: usize = 4;
/// Modules of white around the code, as the QR standard asks.
const QUIET: usize = 4;

/// `data:image/png;base64,...` of the QR code of `text`, or None when `text` does not
/// fit a QR code.
pub fn png_data_uri(text: &str) -> Option<String> {
    let png = png_of(text)?;
    Some(format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(png)
    ))
}

/// The PNG bytes: 8-bit grayscale, black modules on white.
pub fn png_of(text: &str) -> Option<Vec<u8>> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    let side = (width + 2 * QUIET) * SCALE;
    let mut pixels = vec![255u8; side * side];
    for (i, color) in colors.iter().enumerate() {
        if *color != Color::Dark {
            continue;
        }
        let (row, col) = ((i / width + QUIET) * SCALE, (i % width + QUIET) * SCALE);
        for y in row..row + SCALE {
            let start = y * side + col;
            if let Some(run) = pixels.get_mut(start..start + SCALE) {
                run.fill(0);
            }
        }
    }
    let side = u32::try_from(side).ok()?;
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, side, side);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().ok()?;
    writer.write_image_data(&pixels).ok()?;
    writer.finish().ok()?;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_image_is_a_png_the_core_accepts() {
        let uri = png_data_uri("000201010212MOCK-PAYMENT-CODE").unwrap();
        let png = cobro::payin::qr::decode_png_data_uri(&uri).unwrap();
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    }

    #[test]
    fn the_pixels_are_the_codes_modules() {
        let text = "00012345";
        let png = png_of(text).unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).unwrap();
        let code = QrCode::new(text.as_bytes()).unwrap();
        let width = code.width();
        let side = info.width as usize;
        assert_eq!(side, (width + 2 * QUIET) * SCALE);
        for (i, color) in code.to_colors().iter().enumerate() {
            // The centre pixel of each module.
            let (y, x) = ((i / width + QUIET) * SCALE + 1, (i % width + QUIET) * SCALE + 1);
            let dark = pixels[y * side + x] == 0;
            assert_eq!(dark, *color == Color::Dark, "module {i}");
        }
        // The quiet zone is white.
        assert!(pixels[..side * QUIET * SCALE].iter().all(|p| *p == 255));
    }
}
