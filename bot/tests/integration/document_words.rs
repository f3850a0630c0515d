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

/// Asserts that every cut between the messages `sent` falls between two lines of `document`
/// (counted in words, whatever marks a platform added): no line is split across messages.
pub fn assert_cut_between_lines(document: &str, sent: &[String]) {
    let mut line_starts = std::collections::HashSet::new();
    let mut offset = 0;
    for line in document.split_inclusive('\n') {
        line_starts.insert(words(&document[..offset]).len());
        offset += line.len();
    }
    let mut cut = 0;
    for piece in sent.iter().take(sent.len().saturating_sub(1)) {
        cut += words(piece).len();
        assert!(line_starts.contains(&cut), "a cut after word {cut} splits a line: {piece:?}");
    }
}

#[test]
fn a_cut_inside_a_line_is_caught_and_one_between_lines_is_not() {
    let document = "# Rules\nOne line here.\n\nTwo words\nthree more words\n";
    let between = ["# Rules\nOne line here.".to_owned(), "Two words\nthree more words".to_owned()];
    assert_cut_between_lines(document, &between);
    let inside =
        ["# Rules\nOne line".to_owned(), "here.\n\nTwo words\nthree more words".to_owned()];
    let caught = std::panic::catch_unwind(|| assert_cut_between_lines(document, &inside));
    assert!(caught.is_err(), "a line cut in two is reported");
}
