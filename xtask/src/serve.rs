//! `dist/` served for the browser tests and measurements by Python's
//! `http.server` (the standard library's: python3 comes with the Node.js the
//! tests need, as Debian's npm depends on it). It sends `application/wasm`
//! for wasm, so browsers compile it while it downloads, and a JavaScript
//! type for the module workers: all this static site asks of a server.
//! `cargo xtask serve` uses trunk's own server instead (`web::serve`).

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A server in a child process, stopped when this is dropped.
pub struct Server {
    pub url: String,
    child: Child,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Serves `dir` on a free port of 127.0.0.1.
pub fn start(dir: &Path) -> Result<Server, String> {
    let mut child = Command::new("python3")
        .args([
            "-u",
            "-m",
            "http.server",
            "--bind",
            "127.0.0.1",
            "--directory",
        ])
        .arg(dir)
        .arg("0")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start python3 -m http.server: {e}"))?;
    // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
    let mut line = String::new();
    let stdout = child.stdout.take().expect("stdout is piped");
    let read = BufReader::new(stdout).read_line(&mut line);
    // From here on, an early return stops the child as it drops.
    let mut server = Server {
        url: String::new(),
        child,
    };
    read.map_err(|e| format!("python3 -m http.server said nothing: {e}"))?;
    let port = port_of(&line).ok_or_else(|| format!("no port in {line:?}"))?;
    server.url = format!("http://127.0.0.1:{port}/");
    Ok(server)
}

/// The port in `http.server`'s first line.
fn port_of(line: &str) -> Option<u16> {
    line.split(" port ")
        .nth(1)?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_port_is_read_from_the_servers_first_line() {
        let line = "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ...\n";
        assert_eq!(port_of(line), Some(40123));
        assert_eq!(port_of("Traceback (most recent call last):"), None);
    }

    #[test]
    fn dist_is_served_with_the_types_the_site_needs() {
        let dir = std::env::temp_dir().join(format!("lab-serve-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        for name in ["index.html", "app_bg.wasm", "worker_loader.js"] {
            std::fs::write(dir.join(name), b"x").expect("a file");
        }
        let server = start(&dir).expect("python3 serves");
        let port = server.url.trim_end_matches('/').rsplit(':').next().unwrap();
        let head = |path: &str| {
            use std::io::{Read, Write};
            let mut s = std::net::TcpStream::connect(("127.0.0.1", port.parse::<u16>().unwrap()))
                .expect("the server listens");
            write!(s, "GET /{path} HTTP/1.0\r\nHost: x\r\n\r\n").unwrap();
            let mut answer = String::new();
            s.read_to_string(&mut answer).unwrap();
            answer
                .lines()
                .take_while(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert!(head("app_bg.wasm").contains("Content-type: application/wasm"));
        assert!(head("worker_loader.js").contains("Content-type: text/javascript"));
        assert!(head("?lang=ja").contains("Content-type: text/html"));
        assert!(head("missing.wasm").starts_with("HTTP/1.0 404"));
        drop(server);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
