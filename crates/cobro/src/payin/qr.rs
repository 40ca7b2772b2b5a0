//! Spec 2.8, QR variant: the top-level `qrCode` (a data URI of a PNG image in Base64)
//! and `experienceVoucher.generalInstructions` (instructions per device).

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD_PAD_INDIFFERENT;
use serde::{Serialize, Serializer};

use crate::code::Code;
use crate::json::Value;
use crate::payin::markup::{Markup, Renderer};
use crate::reader::{Fields, ParseError, index_path};

/// The eight bytes every PNG file starts with.
pub const PNG_SIGNATURE: [u8; 8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A];

/// Why a `qrCode` data URI was refused (spec 2.8: a data URI of a PNG image in Base64).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataUriError {
    /// Not of the form `data:<type>[;param]*;base64,<data>` (a missing `data:` scheme or
    /// comma, or data that is not marked `;base64`).
    NotDataUri,
    /// The MIME type is not `image/png`.
    NotPngMime,
    /// The data is not standard Base64.
    NotBase64,
    /// The decoded bytes do not start with the PNG signature.
    NotPng,
}

impl DataUriError {
    /// What was expected, for [`ParseError::expected`].
    pub fn expected(self) -> &'static str {
        match self {
            DataUriError::NotDataUri => "a data URI data:image/png;base64,...",
            DataUriError::NotPngMime => "the MIME type image/png",
            DataUriError::NotBase64 => "standard Base64 data",
            DataUriError::NotPng => "a PNG image (PNG signature)",
        }
    }
}

/// Decodes a `data:image/png;base64,...` URI to the PNG bytes (spec 2.8, 4.4).
///
/// Decisions (RFC 2397 leaves room; the spec says only "a data URI of a PNG image in
/// Base64"):
/// - the `data:` scheme, the MIME type and the `base64` marker are matched without
///   regard to case; parameters between the MIME type and `;base64` (`;charset=...`)
///   are ignored; the MIME type must be `image/png`, anything else is refused;
/// - the data uses the standard Base64 alphabet (`+` and `/`; the URL-safe alphabet and
///   percent-encoded data are refused); ASCII whitespace anywhere in it (line breaks of
///   wrapped Base64) is skipped; `=` padding may be present or absent, but if present
///   it must be correct;
/// - the decoded bytes must start with the PNG signature ([`PNG_SIGNATURE`]); the rest
///   of the image is not checked.
pub fn decode_png_data_uri(uri: &str) -> Result<Vec<u8>, DataUriError> {
    let rest = strip_prefix_ignore_case(uri, "data:").ok_or(DataUriError::NotDataUri)?;
    let (header, data) = rest.split_once(',').ok_or(DataUriError::NotDataUri)?;
    let mut params = header.split(';');
    let mime = params.next().unwrap_or_default();
    let is_base64 = header
        .rsplit(';')
        .next()
        .is_some_and(|p| p.eq_ignore_ascii_case("base64"));
    if !mime.eq_ignore_ascii_case("image/png") {
        return Err(DataUriError::NotPngMime);
    }
    if !is_base64 || !header.contains(';') {
        return Err(DataUriError::NotDataUri);
    }
    let compact: Vec<u8> = data.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    let bytes = STANDARD_PAD_INDIFFERENT
        .decode(&compact)
        .map_err(|_| DataUriError::NotBase64)?;
    if !bytes.starts_with(&PNG_SIGNATURE) {
        return Err(DataUriError::NotPng);
    }
    Ok(bytes)
}

fn strip_prefix_ignore_case<'t>(text: &'t str, prefix: &str) -> Option<&'t str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| text.get(prefix.len()..))
        .flatten()
}

/// Serializes bytes as standard Base64 text with padding (the QR PNG in JSON output).
pub(crate) fn serialize_base64<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&base64::engine::general_purpose::STANDARD.encode(bytes))
}

/// The top-level `qrCode` at `path`, decoded to PNG bytes, or a [`ParseError`] at that
/// path (ERR_INVALID_VALUE, naming what was expected).
pub(crate) fn read_qr_code(fields: &Fields<'_, '_>, key: &str) -> Result<Vec<u8>, ParseError> {
    let uri = fields.str(key)?;
    decode_png_data_uri(uri).map_err(|e| ParseError::new(Code::InvalidValue, &fields.path_of(key), e.expected()))
}

/// The device a QR instruction set is for (spec 2.8: DESKTOP or MOBILE); an open enum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeviceCode {
    /// `DESKTOP`: the shopper sees the QR on a computer and scans it with a phone.
    Desktop,
    /// `MOBILE`: the shopper is on the phone that holds the payment app.
    Mobile,
    /// Any other value, as received.
    Other(String),
}

impl DeviceCode {
    /// The device codes spec 2.8 names. Any other text is read as it is.
    pub const NAMED: [&'static str; 2] = ["DESKTOP", "MOBILE"];

    /// The code as written on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            DeviceCode::Desktop => "DESKTOP",
            DeviceCode::Mobile => "MOBILE",
            DeviceCode::Other(s) => s,
        }
    }

    fn from_wire(s: &str) -> DeviceCode {
        match s {
            "DESKTOP" => DeviceCode::Desktop,
            "MOBILE" => DeviceCode::Mobile,
            other => DeviceCode::Other(other.to_string()),
        }
    }
}

impl Serialize for DeviceCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// One element of `generalInstructions` (spec 2.8, QR): the instructions of a method
/// (`QR`) for each device.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GeneralInstruction {
    /// `method` (spec value `QR`).
    pub method: String,
    /// `devices`, in wire order (they carry no order field).
    pub devices: Vec<DeviceInstructions>,
}

/// The instructions for one device (spec 2.8, QR `devices`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeviceInstructions {
    /// `code`: DESKTOP or MOBILE.
    pub code: DeviceCode,
    /// `instructions`, in wire order (the spec gives them no order field); each value
    /// may carry markup, so it is offered raw, as text and as sanitized HTML.
    pub instructions: Vec<Markup>,
}

/// Reads `experienceVoucher.generalInstructions` (an array at `path`). Every field of
/// its elements is required: `method`, `devices`, and each device's `code` and
/// `instructions` (an array of strings).
pub(crate) fn read_general_instructions(
    items: &[Value<'_>],
    path: &str,
) -> Result<Vec<GeneralInstruction>, ParseError> {
    let mut out = Vec::with_capacity(items.len());
    let mut renderer = Renderer::default();
    for (i, item) in items.iter().enumerate() {
        let item_path = index_path(path, i);
        let f = Fields::of(item, &item_path)?;
        let method = f.str("method")?.to_string();
        let devices_path = f.path_of("devices");
        let mut devices = Vec::new();
        for (j, device) in f.array("devices")?.iter().enumerate() {
            let device_path = index_path(&devices_path, j);
            let d = Fields::of(device, &device_path)?;
            let code = DeviceCode::from_wire(d.str("code")?);
            let list_path = d.path_of("instructions");
            let mut instructions = Vec::new();
            for (k, value) in d.array("instructions")?.iter().enumerate() {
                match value {
                    Value::String(s) => instructions.push(renderer.read(s, || index_path(&list_path, k))?),
                    _ => {
                        return Err(ParseError::new(
                            Code::InvalidType,
                            &index_path(&list_path, k),
                            "a string",
                        ));
                    }
                }
            }
            devices.push(DeviceInstructions { code, instructions });
        }
        out.push(GeneralInstruction { method, devices });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 1x1 PNG, standard Base64.
    const TINY_PNG: &str =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNgYGD4DwABBAEAgLvRWwAAAABJRU5ErkJggg==";

    #[test]
    fn decodes_a_png_data_uri() {
        let bytes = decode_png_data_uri(&format!("data:image/png;base64,{TINY_PNG}")).unwrap();
        assert!(bytes.starts_with(&PNG_SIGNATURE));
        assert_eq!(bytes.len(), 70);
    }

    #[test]
    fn lenient_where_documented() {
        let unpadded = TINY_PNG.trim_end_matches('=');
        assert!(decode_png_data_uri(&format!("data:image/png;base64,{unpadded}")).is_ok());
        let wrapped = format!("{}\r\n{}", &TINY_PNG[..40], &TINY_PNG[40..]);
        assert!(decode_png_data_uri(&format!("DATA:Image/PNG;charset=x;BASE64,{wrapped}")).is_ok());
    }

    #[test]
    fn refusals() {
        use DataUriError::*;
        let cases = [
            (format!("image/png;base64,{TINY_PNG}"), NotDataUri),
            ("data:image/png;base64".to_string(), NotDataUri),
            ("data:image/png,rawdata".to_string(), NotDataUri),
            (format!("data:image/jpeg;base64,{TINY_PNG}"), NotPngMime),
            (format!("data:;base64,{TINY_PNG}"), NotPngMime),
            ("data:image/png;base64,not base64!".to_string(), NotBase64),
            ("data:image/png;base64,iVBO_w0K".to_string(), NotBase64),
            ("data:image/png;base64,R0lGODlhAQABAAAAACw=".to_string(), NotPng),
            ("data:image/png;base64,".to_string(), NotPng),
            (String::new(), NotDataUri),
            ("dätä:x".to_string(), NotDataUri),
        ];
        for (uri, want) in cases {
            assert_eq!(decode_png_data_uri(&uri), Err(want), "{uri}");
        }
    }

    #[test]
    fn device_codes_are_open() {
        for s in DeviceCode::NAMED {
            assert!(!matches!(DeviceCode::from_wire(s), DeviceCode::Other(_)), "{s}");
        }
        assert_eq!(DeviceCode::from_wire("MOBILE"), DeviceCode::Mobile);
        assert_eq!(DeviceCode::from_wire("TABLET").as_str(), "TABLET");
        assert_eq!(serde_json::to_value(DeviceCode::Desktop).unwrap(), "DESKTOP");
    }
}
