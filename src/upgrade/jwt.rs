//! The client JWT UpGrade checks on `/v6` calls when `toCheckAuth` is on: HS256 over
//! `{"APIKey": KEY}`, signed with the client secret. The MAC is RustCrypto's `hmac` over
//! the `sha2` archie already builds; the token's two other parts are a few lines here, so
//! no JWT crate is pulled in for one token shape.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// HMAC accepts a key of any length (RFC 2104); `hmac` still types the check.
pub use hmac::digest::InvalidLength;

/// HMAC-SHA256 (RFC 2104).
fn hmac_sha256(key: &[u8], message: &[u8]) -> Result<[u8; 32], InvalidLength> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key)?;
    mac.update(message);
    Ok(mac.finalize().into_bytes().into())
}

/// Base64url without padding (RFC 4648 §5), as JWTs use it.
pub fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = (u32::from(chunk[0]) << 16)
            | (u32::from(*chunk.get(1).unwrap_or(&0)) << 8)
            | u32::from(*chunk.get(2).unwrap_or(&0));
        let sextets = chunk.len() + 1;
        for i in 0..sextets {
            out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
        }
    }
    out
}

/// A compact HS256 JWT of `claims`.
pub fn hs256(claims: &serde_json::Value, secret: &[u8]) -> Result<String, InvalidLength> {
    let header = base64url(br#"{"alg":"HS256","typ":"JWT"}"#);
    let payload = base64url(claims.to_string().as_bytes());
    let signing_input = format!("{header}.{payload}");
    let signature = base64url(&hmac_sha256(secret, signing_input.as_bytes())?);
    Ok(format!("{signing_input}.{signature}"))
}

/// The token UpGrade expects from a client: exactly `{"APIKey": key}` (any other claim
/// makes it invalid).
pub fn client_token(api_key: &str, secret: &str) -> Result<String, InvalidLength> {
    hs256(&serde_json::json!({ "APIKey": api_key }), secret.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn hmac_matches_rfc_4231() {
        // Test case 2.
        assert_eq!(
            hex(&hmac_sha256(b"Jefe", b"what do ya want for nothing?").unwrap()),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        // Test case 6: a key longer than the block.
        assert_eq!(
            hex(&hmac_sha256(
                &[0xaa; 131],
                b"Test Using Larger Than Block-Size Key - Hash Key First"
            )
            .unwrap()),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        );
    }

    #[test]
    fn base64url_has_no_padding() {
        assert_eq!(base64url(b""), "");
        assert_eq!(base64url(b"f"), "Zg");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(b"foo"), "Zm9v");
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn a_token_is_a_known_jwt() {
        // The example of jwt.io (HS256, secret "your-256-bit-secret"), whose payload we
        // rebuild byte for byte.
        let header = base64url(br#"{"alg":"HS256","typ":"JWT"}"#);
        assert_eq!(header, "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9");
        let payload = "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ";
        let signature = base64url(
            &hmac_sha256(
                b"your-256-bit-secret",
                format!("{header}.{payload}").as_bytes(),
            )
            .unwrap(),
        );
        assert_eq!(signature, "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c");
        let token = client_token("key-1", "secret").unwrap();
        assert_eq!(token.split('.').count(), 3);
        assert!(token.starts_with(&header));
    }
}
