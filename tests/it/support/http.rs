//! The test doubles' HTTP server (the mock LLM, the UpGrade double): an axum app on
//! 127.0.0.1 at a free port, with TCP_NODELAY on every connection (small answers and SSE
//! chunks must not wait for Nagle's algorithm).

use axum::Router;
use std::net::SocketAddr;

/// 127.0.0.1 at a free port.
pub async fn bind() -> tokio::net::TcpListener {
    tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind 127.0.0.1:0")
}

/// `listener` with TCP_NODELAY set on every connection it accepts.
pub fn nodelay(
    listener: tokio::net::TcpListener,
) -> impl axum::serve::Listener<Io = tokio::net::TcpStream, Addr = SocketAddr> {
    use axum::serve::ListenerExt;
    listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    })
}

/// `app` served on a runtime of its own thread: usable from synchronous tests and from
/// tests that block while the archie binary runs as a child process. Dropping it stops
/// the server and waits for its thread.
pub struct Background {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Background {
    pub fn start(app: Router) -> Self {
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("server runtime");
            runtime.block_on(async move {
                let listener = bind().await;
                addr_tx
                    .send(listener.local_addr().expect("local address"))
                    .expect("send address");
                let _ = axum::serve(nodelay(listener), app)
                    .with_graceful_shutdown(async {
                        let _ = stop_rx.await;
                    })
                    .await;
            });
        });
        let addr = addr_rx.recv().expect("server address");
        Self {
            addr,
            stop: Some(stop_tx),
            thread: Some(thread),
        }
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
