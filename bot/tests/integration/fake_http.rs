//! Enough HTTP/1.1 for the fake platform servers of the tests: requests read off a
//! keep-alive connection (a body by length or chunked), JSON answers written back, the parts
//! of a multipart/form-data body, and a post to the bot's own server (Telegram's webhook).

#![allow(dead_code)]

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// The seed a bot served against a fake platform deals CINCO from (plus the lobby's number):
/// the same cards every run, so that no test depends on the luck of a deal.
pub const CINCO_DEAL: u64 = 1;

/// The configuration of a bot served against a fake platform, with a SQLite store at
/// `database`: the CPU on a short budget, English unless told otherwise, the same deal and the
/// challenger first every run (no test depends on luck).
/// How many core partitions the bots of the end-to-end tests run.
pub const PARTITIONS: usize = 3;

pub fn config(database: &std::path::Path) -> cincobot::config::Config {
    use cincobot::config::{Config, CpuBudgets, ScriptAids};
    Config {
        database_url: format!("sqlite://{}", database.display()),
        cpu: CpuBudgets { easy_ms: 20, normal_ms: 20, hard_ms: 20, ..CpuBudgets::default() },
        default_locale: cincobot::i18n::Locale::En,
        script: ScriptAids { cinco_seed: Some(CINCO_DEAL), challenger_first: true },
        // More partitions than cores: a group's game and its players' private chats fall to
        // different ones, so every end-to-end test crosses them.
        partitions: PARTITIONS,
        ..Config::default()
    }
}

/// One request.
#[derive(Debug)]
pub struct Request {
    pub method: String,
    /// The path, with its query string.
    pub path: String,
    pub content_type: String,
    pub body: Vec<u8>,
}

/// The next request on `stream`; `None` when the client closed it.
pub async fn read(stream: &mut BufReader<TcpStream>) -> Option<Request> {
    let mut line = String::new();
    if stream.read_line(&mut line).await.unwrap_or(0) == 0 {
        return None;
    }
    let mut words = line.split_whitespace();
    let method = words.next().unwrap_or_default().to_owned();
    let path = words.next().unwrap_or_default().to_owned();
    let mut length = 0;
    let mut content_type = String::new();
    let mut chunked = false;
    loop {
        let mut header = String::new();
        if stream.read_line(&mut header).await.unwrap_or(0) == 0 {
            return None;
        }
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':').unwrap_or((header, ""));
        match name.to_ascii_lowercase().as_str() {
            "content-length" => length = value.trim().parse().unwrap_or(0),
            "content-type" => content_type = value.trim().to_owned(),
            "transfer-encoding" => chunked = value.to_ascii_lowercase().contains("chunked"),
            _ => {}
        }
    }
    let body = if chunked {
        let mut body = Vec::new();
        loop {
            let mut size = String::new();
            if stream.read_line(&mut size).await.unwrap_or(0) == 0 {
                return None;
            }
            let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            let mut chunk = vec![0; size + 2];
            stream.read_exact(&mut chunk).await.ok()?;
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
        body
    } else {
        let mut body = vec![0; length];
        stream.read_exact(&mut body).await.ok()?;
        body
    };
    Some(Request { method, path, content_type, body })
}

/// Answers with `status` and the JSON `text` (empty for none); whether it went out.
pub async fn respond(stream: &mut BufReader<TcpStream>, status: u16, text: &str) -> bool {
    let response = format!(
        "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{text}",
        text.len()
    );
    stream.get_mut().write_all(response.as_bytes()).await.is_ok()
}

/// Posts the JSON `body` to `url` (`http://host:port/path`) with `headers`, on a connection of
/// its own; the answer's status, or `None` when nobody answered.
pub async fn post(url: &str, headers: &[(&str, &str)], body: &[u8]) -> Option<u16> {
    let mut with_type = vec![("content-type", "application/json")];
    with_type.extend_from_slice(headers);
    let mut stream = send("POST", url, &with_type, body).await?;
    let (status, _) = read_head(&mut stream).await?;
    // Read to the end, as a client that waits for the whole answer does.
    let mut rest = Vec::new();
    stream.read_to_end(&mut rest).await.ok()?;
    Some(status)
}

/// One part of a multipart body.
#[derive(Debug)]
pub struct Part<'a> {
    /// The field's name.
    pub name: String,
    /// Whether it is a file.
    pub file: bool,
    pub value: &'a [u8],
}

/// The parts of a multipart/form-data body; `None` for another kind of body.
pub fn parts<'a>(content_type: &str, body: &'a [u8]) -> Option<Vec<Part<'a>>> {
    let boundary = content_type.split("boundary=").nth(1)?;
    let boundary = format!("--{}", boundary.trim_matches('"'));
    let mut parts = Vec::new();
    for part in split(body, boundary.as_bytes()) {
        let Some(split_at) = find(part, b"\r\n\r\n") else { continue };
        let head = String::from_utf8_lossy(&part[..split_at]);
        let mut value = &part[split_at + 4..];
        if value.ends_with(b"\r\n") {
            value = &value[..value.len() - 2];
        }
        let Some(name) = head.split("name=\"").nth(1).and_then(|n| n.split('"').next()) else {
            continue;
        };
        parts.push(Part { name: name.to_owned(), file: head.contains("filename="), value });
    }
    Some(parts)
}

/// Where `needle` first starts in `haystack`. Only where its first byte matches is the rest
/// compared: comparing at every offset of each photo's bytes was about a quarter of the
/// fake's time in the load run.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let last = haystack.len().checked_sub(needle.len())?;
    (0..=last).find(|&at| haystack[at] == first && haystack[at + 1..at + needle.len()] == *rest)
}

fn split<'a>(mut data: &'a [u8], boundary: &[u8]) -> Vec<&'a [u8]> {
    let mut parts = Vec::new();
    while let Some(at) = find(data, boundary) {
        if at > 0 {
            parts.push(&data[..at]);
        }
        data = &data[at + boundary.len()..];
        if data.starts_with(b"--") {
            break;
        }
        if data.starts_with(b"\r\n") {
            data = &data[2..];
        }
    }
    parts
}

/// An answer from the bot's own server: its status, headers (names in lower case) and body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, value)| value.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or(serde_json::Value::Null)
    }
}

/// Splits `url` (`http://host:port/path`) into its authority and path.
fn authority_and_path(url: &str) -> Option<(String, String)> {
    let rest = url.strip_prefix("http://")?;
    Some(match rest.split_once('/') {
        Some((authority, path)) => (authority.to_owned(), format!("/{path}")),
        None => (rest.to_owned(), "/".to_owned()),
    })
}

/// Writes a request's head (and `body`) on a new connection to `url`.
async fn send(
    method: &str,
    url: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Option<BufReader<TcpStream>> {
    let (authority, path) = authority_and_path(url)?;
    let mut stream = TcpStream::connect(&authority).await.ok()?;
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nhost: {authority}\r\ncontent-length: {}\r\n\
         connection: close\r\n",
        body.len()
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.ok()?;
    stream.write_all(body).await.ok()?;
    Some(BufReader::new(stream))
}

/// Reads an answer's status line and headers.
async fn read_head(stream: &mut BufReader<TcpStream>) -> Option<(u16, Vec<(String, String)>)> {
    let mut line = String::new();
    stream.read_line(&mut line).await.ok()?;
    let status = line.split_whitespace().nth(1)?.parse().ok()?;
    let mut headers = Vec::new();
    loop {
        let mut header = String::new();
        if stream.read_line(&mut header).await.ok()? == 0 {
            return None;
        }
        let header = header.trim_end();
        if header.is_empty() {
            return Some((status, headers));
        }
        let (name, value) = header.split_once(':')?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
    }
}

/// Sends `method` to `url` with `headers` and `body` on a connection of its own; the whole
/// answer, or `None` when nobody answered.
pub async fn request(
    method: &str,
    url: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Option<Answer> {
    let mut stream = send(method, url, headers, body).await?;
    let (status, headers) = read_head(&mut stream).await?;
    let chunked = headers.iter().any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let length = headers
        .iter()
        .find(|(name, _)| name == "content-length")
        .and_then(|(_, value)| value.parse::<usize>().ok());
    let mut body = Vec::new();
    if chunked {
        while let Some(chunk) = read_chunk(&mut stream).await {
            body.extend(chunk);
        }
    } else if let Some(length) = length {
        // Read by length: a server may keep the connection open whatever the request asked.
        body.resize(length, 0);
        stream.read_exact(&mut body).await.ok()?;
    } else {
        stream.read_to_end(&mut body).await.ok()?;
    }
    Some(Answer { status, headers, body: String::from_utf8_lossy(&body).into_owned() })
}

/// The next chunk of a chunked body; `None` at its end.
async fn read_chunk(stream: &mut BufReader<TcpStream>) -> Option<Vec<u8>> {
    let mut size = String::new();
    if stream.read_line(&mut size).await.ok()? == 0 {
        return None;
    }
    let size = usize::from_str_radix(size.trim(), 16).ok()?;
    let mut chunk = vec![0; size + 2];
    stream.read_exact(&mut chunk).await.ok()?;
    if size == 0 {
        return None;
    }
    chunk.truncate(size);
    Some(chunk)
}

/// An open stream of server-sent events.
#[derive(Debug)]
pub struct Events {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    stream: BufReader<TcpStream>,
    buffer: String,
}

impl Events {
    /// Opens `url` as an event stream with `headers`.
    pub async fn open(url: &str, headers: &[(&str, &str)]) -> Option<Events> {
        let mut stream = send("GET", url, headers, b"").await?;
        let (status, headers) = read_head(&mut stream).await?;
        Some(Events { status, headers, stream, buffer: String::new() })
    }

    /// The next event (its `event:` name and `data:`), skipping comments, within `limit`.
    pub async fn next(&mut self, limit: std::time::Duration) -> Option<(String, String)> {
        let until = tokio::time::Instant::now() + limit;
        loop {
            while let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let field = |name: &str| {
                    block.lines().find_map(|line| line.strip_prefix(name)).map(str::to_owned)
                };
                if let Some(event) = field("event: ") {
                    return Some((event, field("data: ").unwrap_or_default()));
                }
            }
            let chunk =
                tokio::time::timeout_at(until, read_chunk(&mut self.stream)).await.ok()??;
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
}
