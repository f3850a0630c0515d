//! Long texts in pieces that fit a platform's message limit (Telegram 4,096 characters, 1,024
//! in a caption; Discord 2,000), cut where a reader expects a break: between paragraphs, else
//! between lines, and only inside a line longer than the limit. Each adapter says its limit;
//! the cutting is the same for all, so the whole text arrives everywhere. What must stay one
//! message (a caption, a button's label, a turn notice) is clipped instead.

/// `text` in pieces of at most `limit` characters (`limit` ≥ 1), in order; nothing is lost but
/// the blank lines a cut falls on.
#[must_use]
pub fn pieces(text: &str, limit: usize) -> Vec<String> {
    let limit = limit.max(1);
    let mut pieces = Vec::new();
    let mut piece = String::new();
    let mut piece_chars = 0;
    for paragraph in text.split_inclusive("\n\n") {
        let paragraph_chars = paragraph.chars().count();
        if piece_chars + paragraph_chars <= limit {
            piece.push_str(paragraph);
            piece_chars += paragraph_chars;
            continue;
        }
        if piece_chars > 0 {
            pieces.push(std::mem::take(&mut piece));
            piece_chars = 0;
        }
        for line in paragraph.split_inclusive('\n') {
            let line_chars = line.chars().count();
            if piece_chars + line_chars > limit && piece_chars > 0 {
                pieces.push(std::mem::take(&mut piece));
                piece_chars = 0;
            }
            if line_chars > limit {
                let chars: Vec<char> = line.chars().collect();
                let mut chunks = chars.chunks(limit).peekable();
                while let Some(chunk) = chunks.next() {
                    if chunks.peek().is_some() {
                        pieces.push(chunk.iter().collect());
                    } else {
                        piece = chunk.iter().collect();
                        piece_chars = chunk.len();
                    }
                }
            } else {
                piece.push_str(line);
                piece_chars += line_chars;
            }
        }
    }
    if !piece.trim().is_empty() || pieces.is_empty() {
        pieces.push(piece);
    }
    pieces.into_iter().map(|piece| piece.trim_end().to_owned()).collect()
}

/// `text` cut to `limit` characters, with an ellipsis when cut.
#[must_use]
pub fn clip(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_owned();
    }
    let mut clipped: String = text.chars().take(limit.saturating_sub(1)).collect();
    clipped.push('…');
    clipped
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<&str> {
        text.split_whitespace().collect()
    }

    #[test]
    fn a_short_text_is_one_piece() {
        assert_eq!(pieces("short", 2000), ["short"]);
        assert_eq!(pieces("", 2000), [""]);
    }

    #[test]
    fn cuts_fall_between_paragraphs_when_they_fit() {
        let text = "aaaa aaaa\n\nbbbb\nbbbb\n\ncccc";
        assert_eq!(pieces(text, 12), ["aaaa aaaa", "bbbb\nbbbb", "cccc"]);
        assert_eq!(pieces(text, 22), ["aaaa aaaa\n\nbbbb\nbbbb", "cccc"]);
    }

    #[test]
    fn a_clipped_text_ends_in_an_ellipsis_within_the_limit() {
        assert_eq!(clip("abcdef", 4), "abc…");
        assert_eq!(clip("abcd", 4), "abcd");
        assert_eq!(clip("ñandú 李", 3), "ña…");
    }

    #[test]
    fn a_paragraph_too_long_is_cut_between_lines_then_inside_a_line() {
        assert_eq!(pieces("one\ntwo\nthree", 8), ["one\ntwo", "three"]);
        assert_eq!(pieces("abcdefghij", 4), ["abcd", "efgh", "ij"]);
    }

    #[test]
    fn every_word_of_a_long_document_arrives_in_order_within_the_limit() {
        let document: String = (0..400)
            .map(|n| format!("### Section {n}\nLine {n} of the rules, ñandú 李 {n}.\n\n"))
            .collect();
        for limit in [1024, 2000, 4096] {
            let parts = pieces(&document, limit);
            assert!(parts.len() > 1);
            assert!(parts.iter().all(|part| part.chars().count() <= limit), "{limit}");
            assert_eq!(words(&parts.join("\n")), words(&document), "{limit}");
        }
    }
}
