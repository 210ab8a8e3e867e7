//! The TLS stack: rustls over ring, installed as the process's crypto provider before
//! the first HTTPS client is built (reqwest and rmcp are built without one of their own,
//! so that no C/CMake crypto library is compiled). A leaf; idempotent.

/// Installs ring as rustls's provider for this process, once; a provider installed
/// before (by anyone) is kept.
pub fn install() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}
