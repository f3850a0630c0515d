//! A connection to one server that a test cuts and mends, as the network between a process
//! and its database fails and comes back.

use std::sync::{Arc, Mutex};

use tokio::net::{TcpListener, TcpStream};

/// Cut, every open connection is dropped and new ones are closed at once.
#[derive(Clone, Debug)]
pub struct Cable {
    pub port: u16,
    cut: Arc<std::sync::atomic::AtomicBool>,
    open: Arc<Mutex<Vec<tokio::task::AbortHandle>>>,
}

impl Cable {
    /// A cable from a free port of 127.0.0.1 to `to` on 127.0.0.1.
    pub async fn to(to: u16) -> Cable {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let port = listener.local_addr().expect("its address").port();
        let cable = Cable {
            port,
            cut: Arc::new(std::sync::atomic::AtomicBool::new(false)),
            open: Arc::new(Mutex::new(Vec::new())),
        };
        let serving = cable.clone();
        tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                if serving.cut.load(std::sync::atomic::Ordering::SeqCst) {
                    continue;
                }
                let forwarding = tokio::spawn(async move {
                    if let Ok(mut server) = TcpStream::connect(("127.0.0.1", to)).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                    }
                });
                serving.open.lock().expect("the connections").push(forwarding.abort_handle());
            }
        });
        cable
    }

    pub fn cut(&self) {
        self.cut.store(true, std::sync::atomic::Ordering::SeqCst);
        for connection in self.open.lock().expect("the connections").drain(..) {
            connection.abort();
        }
    }

    pub fn mend(&self) {
        self.cut.store(false, std::sync::atomic::Ordering::SeqCst);
    }
}
