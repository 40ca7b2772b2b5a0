//! TLS of the webhook client: rustls on ring, trusting the operating system's CA
//! certificates and the ones given for a local test receiver (`--webhook-ca`).
//!
//! Which roots: the platform's trust store (rustls-platform-verifier, the verifier
//! reqwest's own rustls setup uses), not a bundle compiled in (webpki-roots). A merchant
//! running the mock expects it to trust what the machine trusts: a public certificate
//! (a tunnel to a laptop, a staging host), a local CA installed in the system store
//! (mkcert), a company's CA, `SSL_CERT_FILE` on Linux. The store is read from disk (or
//! asked of the OS on macOS and Windows), so nothing needs the network, and there is no
//! second list of roots to go stale inside every wheel and addon. A machine with no
//! store at all (a slim container without ca-certificates) still starts the mock: its
//! https deliveries fail until the store is installed or `--webhook-ca` names the CA.

use std::fmt;
use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme};

/// Whether a delivery failed on the webhook's certificate (not valid, not from a CA the
/// mock trusts, for another host): rustls' error somewhere in the chain of causes, where
/// hyper wraps it in an `io::Error` inside another (whose `source` skips the inner one,
/// so each is opened with `get_ref`). Bounded: a chain is a few links long.
pub(crate) fn refused_certificate(e: &reqwest::Error) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e);
    for _ in 0..16 {
        let Some(now) = cause else {
            return false;
        };
        if matches!(
            now.downcast_ref::<rustls::Error>(),
            Some(rustls::Error::InvalidCertificate(_))
        ) {
            return true;
        }
        cause = match now.downcast_ref::<std::io::Error>() {
            Some(io) => io.get_ref().map(|inner| inner as &(dyn std::error::Error + 'static)),
            None => now.source(),
        };
    }
    false
}

/// The largest CA file read, in bytes: far past a bundle of every public root (about
/// 250 KiB), and a wrong path (a disk image) is refused without being read whole.
pub const MAX_CA_BYTES: usize = 1 << 20;

/// CA certificates an https webhook may chain to besides the system's: the CA of a
/// local test receiver. Empty by default.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct WebhookCa {
    certs: Vec<CertificateDer<'static>>,
}

impl fmt::Debug for WebhookCa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "WebhookCa({} certificates)", self.certs.len())
    }
}

impl WebhookCa {
    /// The certificates of PEM text (one or more `-----BEGIN CERTIFICATE-----`
    /// sections; other sections and text between them are skipped). Refused when it
    /// holds none, is larger than [`MAX_CA_BYTES`], or one cannot be a trust anchor.
    pub fn from_pem(pem: &[u8]) -> Result<WebhookCa, String> {
        if pem.len() > MAX_CA_BYTES {
            return Err(format!("it is larger than {MAX_CA_BYTES} bytes"));
        }
        let mut certs = Vec::new();
        // Each certificate is tried as a root now, so a file that cannot be one is a
        // start error rather than a failure of every delivery.
        let mut roots = RootCertStore::empty();
        for (i, cert) in CertificateDer::pem_slice_iter(pem).enumerate() {
            let n = i + 1;
            let cert = cert.map_err(|e| format!("certificate {n} is not valid PEM: {e}"))?;
            roots
                .add(cert.clone())
                .map_err(|e| format!("certificate {n} cannot be a CA: {e}"))?;
            certs.push(cert);
        }
        if certs.is_empty() {
            return Err("it holds no PEM certificate (-----BEGIN CERTIFICATE-----)".to_string());
        }
        Ok(WebhookCa { certs })
    }

    /// How many certificates it holds.
    pub fn len(&self) -> usize {
        self.certs.len()
    }

    /// Whether it holds none (the default: only the system's are trusted).
    pub fn is_empty(&self) -> bool {
        self.certs.is_empty()
    }
}

/// The rustls config of the webhook client. The provider is ring, named here rather
/// than installed as the process's default: the Python and Node hosts embed the mock in
/// a process where other code may install another one, and reqwest without a provider
/// of its own would panic on finding none.
pub(crate) fn client_config(extra: &WebhookCa) -> Result<ClientConfig, rustls::Error> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let verifier: Arc<dyn ServerCertVerifier> = match platform_verifier(extra, provider.clone()) {
        Ok(verifier) => Arc::new(verifier),
        // No system store and no CA given: the mock still serves, and http:// webhooks
        // still work; an https one fails as unverifiable.
        Err(_) => Arc::new(NoRoots {
            algorithms: provider.signature_verification_algorithms,
        }),
    };
    let mut config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .dangerous()
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth();
    // The client speaks HTTP/1.1 only (reqwest is built without http2).
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(config)
}

/// The platform's verifier, with the given CA certificates as further roots; an error
/// when there are no roots at all.
fn platform_verifier(
    extra: &WebhookCa,
    provider: Arc<CryptoProvider>,
) -> Result<rustls_platform_verifier::Verifier, rustls::Error> {
    if extra.is_empty() {
        rustls_platform_verifier::Verifier::new(provider)
    } else {
        rustls_platform_verifier::Verifier::new_with_extra_roots(extra.certs.iter().cloned(), provider)
    }
}

/// The verifier of a client with no root at all: refuses every certificate, saying why.
#[derive(Debug)]
struct NoRoots {
    algorithms: WebPkiSupportedAlgorithms,
}

impl ServerCertVerifier for NoRoots {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Err(rustls::Error::General(
            "no CA certificate to verify the webhook's against: the system has none; install them or give --webhook-ca"
                .to_string(),
        ))
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

    use super::*;

    fn ca_pem() -> String {
        let key = rcgen::KeyPair::generate().unwrap();
        let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        params.self_signed(&key).unwrap().pem()
    }

    #[test]
    fn pem_certificates_are_read_and_anything_else_refused() {
        let one = ca_pem();
        assert_eq!(WebhookCa::from_pem(one.as_bytes()).unwrap().len(), 1);
        let two = format!("a comment\n{one}\n{}", ca_pem());
        assert_eq!(WebhookCa::from_pem(two.as_bytes()).unwrap().len(), 2);
        for (bad, why) in [
            (&b""[..], "no PEM certificate"),
            (b"{\"merchants\": []}", "no PEM certificate"),
            (
                b"-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----\n",
                "certificate 1 is not valid PEM",
            ),
            (
                b"-----BEGIN CERTIFICATE-----\naGVsbG8=\n-----END CERTIFICATE-----\n",
                "certificate 1 cannot be a CA",
            ),
        ] {
            let e = WebhookCa::from_pem(bad).unwrap_err();
            assert!(e.contains(why), "{e}");
        }
        let e = WebhookCa::from_pem(&vec![b'a'; MAX_CA_BYTES + 1]).unwrap_err();
        assert!(e.contains("larger than"), "{e}");
    }

    #[test]
    fn reqwest_takes_the_config_with_or_without_a_ca() {
        for ca in [WebhookCa::default(), WebhookCa::from_pem(ca_pem().as_bytes()).unwrap()] {
            let config = client_config(&ca).unwrap();
            // A config of another rustls than reqwest's would be refused here.
            reqwest::Client::builder()
                .tls_backend_preconfigured(config)
                .build()
                .unwrap();
        }
    }
}
