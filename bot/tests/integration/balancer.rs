//! A load balancer for the tests with several processes: TCP connections to one port go to
//! the processes behind it in turn, skipping those that do not answer, as an admin's balancer
//! in front of several bots in webhook mode would.
// The example with several processes polls and uses none of it.
#![allow(dead_code)]

use std::sync::{Arc, Mutex};

use tokio::net::{TcpListener, TcpStream};

#[derive(Clone, Debug)]
pub struct Balancer {
    pub port: u16,
    backends: Arc<Mutex<Vec<u16>>>,
}

impl Balancer {
    /// A balancer on a free port of 127.0.0.1, in front of nobody yet.
    pub async fn start() -> Balancer {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let port = listener.local_addr().expect("its address").port();
        let balancer = Balancer { port, backends: Arc::new(Mutex::new(Vec::new())) };
        let serving = balancer.clone();
        tokio::spawn(async move {
            let mut turn = 0usize;
            while let Ok((client, _)) = listener.accept().await {
                turn = turn.wrapping_add(1);
                tokio::spawn(serving.clone().forward(client, turn));
            }
        });
        balancer
    }

    /// Puts the process listening on `port` behind the balancer.
    pub fn add(&self, port: u16) {
        self.backends.lock().expect("the backends").push(port);
    }

    async fn forward(self, mut client: TcpStream, turn: usize) {
        let backends = self.backends.lock().expect("the backends").clone();
        for offset in 0..backends.len() {
            let port = backends[(turn + offset) % backends.len()];
            if let Ok(mut backend) = TcpStream::connect(("127.0.0.1", port)).await {
                let _ = tokio::io::copy_bidirectional(&mut client, &mut backend).await;
                return;
            }
        }
    }
}
