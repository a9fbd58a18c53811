//! A browser keeps its connection open and always sends `Accept-Encoding`. Responses that leave
//! in more than one write (a streamed static file, a compressed body) must not wait for the
//! client's delayed ACK: with Nagle's algorithm on, every other request on such a connection took
//! 40-46 ms instead of ~1 ms (issue 31). This drives the built application over one kept-alive
//! socket and counts the stalls.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use buildledger::settings::PasswordHashing;
use buildledger::{Application, Settings};

const REQUESTS: usize = 30;
/// A delayed ACK costs ~40 ms on Linux; a request this slow on localhost is a stall.
const STALL: Duration = Duration::from_millis(35);

/// Reads one HTTP/1.1 response (Content-Length or chunked) and returns its status.
fn read_response(reader: &mut BufReader<TcpStream>) -> u16 {
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    let status: u16 = line.split_whitespace().nth(1).expect("a status line").parse().unwrap();
    let (mut length, mut chunked) = (None, false);
    loop {
        line.clear();
        reader.read_line(&mut line).unwrap();
        let header = line.trim_end().to_ascii_lowercase();
        if header.is_empty() {
            break;
        }
        if let Some(v) = header.strip_prefix("content-length:") {
            length = Some(v.trim().parse::<usize>().unwrap());
        }
        if header.starts_with("transfer-encoding:") && header.contains("chunked") {
            chunked = true;
        }
    }
    if chunked {
        loop {
            line.clear();
            reader.read_line(&mut line).unwrap();
            let size = usize::from_str_radix(line.trim_end(), 16).unwrap();
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk).unwrap();
            if size == 0 {
                break;
            }
        }
    } else {
        let mut body = vec![0; length.unwrap_or(0)];
        reader.read_exact(&mut body).unwrap();
    }
    status
}

/// How many of [`REQUESTS`] GETs of `path` on one kept-alive connection took longer than [`STALL`].
fn stalls(port: u16, path: &str) -> usize {
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    // As browsers do; and the request leaves in one write, so only the server can stall.
    stream.set_nodelay(true).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut writer = stream.try_clone().unwrap();
    let mut reader = BufReader::new(stream);
    let mut slow = Vec::new();
    for _ in 0..REQUESTS {
        let started = Instant::now();
        let request =
            format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip, deflate, br, zstd\r\n\r\n");
        writer.write_all(request.as_bytes()).unwrap();
        assert_eq!(read_response(&mut reader), 200, "{path}");
        let took = started.elapsed();
        if took > STALL {
            slow.push(took);
        }
    }
    eprintln!("{path}: {} of {REQUESTS} over {STALL:?}: {slow:?}", slow.len());
    slow.len()
}

#[actix_web::test]
async fn kept_alive_connections_do_not_stall_on_multi_write_responses() {
    let dir = tempfile::tempdir().unwrap();
    let dist = dir.path().join("dist");
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(dist.join("index.html"), "<!doctype html><title>BuildLedger</title>").unwrap();
    // About the size of the entry chunk (20 KB): its headers and body leave in separate writes.
    let script: String = (0..2_000).map(|i| format!("var a{i}={i};")).collect();
    std::fs::write(dist.join("assets").join("index-test.js"), script).unwrap();
    std::fs::write(dist.join("favicon.svg"), r#"<svg xmlns="http://www.w3.org/2000/svg"/>"#).unwrap();

    let mut settings = Settings::new(dir.path(), "k".repeat(48));
    settings.bind_addr = "127.0.0.1:0".into();
    settings.frontend_dist = dist;
    settings.password_hashing = PasswordHashing::TESTS_ONLY;
    let app = Application::build(settings).unwrap();
    let port = app.port();
    let server = actix_web::rt::spawn(app.run_until_stopped());

    let counts = actix_web::web::block(move || {
        ["/assets/index-test.js", "/favicon.svg", "/api/cost-sources/"].map(|path| stalls(port, path))
    })
    .await
    .unwrap();
    server.abort();
    // Without TCP_NODELAY about half of them stall; allow a couple for a busy machine.
    assert!(counts.iter().all(|&n| n <= 3), "stalled requests per path: {counts:?}");
}
