//! A small static file server for `dist/`, so serving the lab needs nothing
//! but this binary. It answers GET and HEAD, one thread per connection.
//!
//! The one thing a static server must get right for this site is the MIME
//! type: browsers compile wasm while it downloads only when it is served as
//! `application/wasm`, and module workers must be served as JavaScript.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

/// A server running on a background thread; it lives as long as the process.
pub struct Server {
    pub url: String,
}

/// Serves `dir` on `127.0.0.1:port` (port 0 picks a free port).
pub fn start(dir: &Path, port: u16) -> Result<Server, String> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on port {port}: {e}"))?;
    let url = format!(
        "http://127.0.0.1:{}/",
        listener
            .local_addr()
            .expect("a bound socket has an address")
            .port()
    );
    let dir = dir.to_path_buf();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let dir = dir.clone();
            std::thread::spawn(move || {
                // A client that hangs up mid-answer is not our problem.
                let _ = answer(stream, &dir);
            });
        }
    });
    Ok(Server { url })
}

fn answer(mut stream: TcpStream, dir: &Path) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    // Skip the headers: nothing in them changes the answer.
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        header.clear();
    }
    let mut words = request_line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or("/"));
    let file = match (method, resolve(dir, target)) {
        ("GET" | "HEAD", Some(file)) => file,
        ("GET" | "HEAD", None) => {
            return respond(
                &mut stream,
                "404 Not Found",
                "text/plain",
                b"not found\n",
                method == "HEAD",
            )
        }
        _ => {
            return respond(
                &mut stream,
                "405 Method Not Allowed",
                "text/plain",
                b"only GET and HEAD\n",
                false,
            )
        }
    };
    match std::fs::read(&file) {
        Ok(body) => respond(&mut stream, "200 OK", mime(&file), &body, method == "HEAD"),
        Err(_) => respond(
            &mut stream,
            "404 Not Found",
            "text/plain",
            b"not found\n",
            method == "HEAD",
        ),
    }
}

/// The file under `dir` that `target` names, refusing anything that climbs out.
fn resolve(dir: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let mut file = dir.to_path_buf();
    for component in Path::new(&percent_decode(path)).components() {
        match component {
            Component::Normal(part) => file.push(part),
            Component::RootDir | Component::CurDir => {}
            Component::ParentDir | Component::Prefix(_) => return None,
        }
    }
    if file.is_dir() {
        file.push("index.html");
    }
    file.is_file().then_some(file)
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn mime(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn respond(
    stream: &mut TcpStream,
    status: &str,
    content_type: &str,
    body: &[u8],
    head_only: bool,
) -> std::io::Result<()> {
    let header = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(header.as_bytes())?;
    if !head_only {
        stream.write_all(body)?;
    }
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_that_climb_out_of_the_served_folder_are_refused() {
        let dir = std::env::temp_dir();
        assert_eq!(resolve(&dir, "/../etc/passwd"), None);
        assert_eq!(resolve(&dir, "/%2e%2e/etc/passwd"), None);
    }

    #[test]
    fn wasm_is_served_as_application_wasm() {
        assert_eq!(mime(Path::new("dist/app_bg.wasm")), "application/wasm");
        assert_eq!(
            mime(Path::new("dist/worker_loader.js")),
            "text/javascript; charset=utf-8"
        );
    }
}
