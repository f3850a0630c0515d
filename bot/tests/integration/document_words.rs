//! What the end-to-end tests ask of a document sent in pieces: every word of it arrives, in
//! order, whatever the marks a platform formats it with.

/// The words of `text`: runs of letters and digits, without markup (HTML tags and entities,
/// Markdown marks) around them.
pub fn words(text: &str) -> Vec<String> {
    let mut plain = String::with_capacity(text.len());
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => plain.push(c),
            _ => {}
        }
    }
    let plain = plain
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
    plain
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Asserts that the messages `sent` together carry every word of `document` in order, and
/// that it took more than one of them (the document is longer than one message).
pub fn assert_whole(document: &str, sent: &[String]) {
    assert!(sent.len() > 1, "the document needs several messages: {}", sent.len());
    let expected = words(document);
    let arrived = words(&sent.join("\n"));
    assert_eq!(arrived.len(), expected.len(), "as many words arrived as the document has");
    assert_eq!(arrived, expected, "every word of the document arrived, in order");
}
