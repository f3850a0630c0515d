//! A Markdown document (a rules document) as Telegram's HTML: headings and **bold** in bold,
//! `code` as code, links as links, list items with a bullet; everything else escaped, so
//! that no text of the document can be read as markup.

use teloxide::utils::html;

/// One line of `markdown` in Telegram's HTML; a line never opens a tag it does not close, so
/// a document cut between lines stays well formed.
fn line_html(line: &str) -> String {
    let trimmed = line.trim_start();
    if let Some(heading) = trimmed.strip_prefix('#') {
        let title = heading.trim_start_matches('#').trim();
        return format!("<b>{}</b>", inline_html(title));
    }
    if let Some(item) = trimmed.strip_prefix("- ").or_else(|| trimmed.strip_prefix("* ")) {
        let indent = &line[..line.len() - trimmed.len()];
        return format!("{indent}• {}", inline_html(item));
    }
    inline_html(line)
}

/// `text`'s inline marks: `**bold**`, `` `code` `` and `[text](url)`; a mark left open is
/// shown as it was typed.
fn inline_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("**")
            && let Some(end) = after.find("**")
        {
            out.push_str(&format!("<b>{}</b>", inline_html(&after[..end])));
            rest = &after[end + 2..];
        } else if let Some(after) = rest.strip_prefix('`')
            && let Some(end) = after.find('`')
        {
            out.push_str(&format!("<code>{}</code>", html::escape(&after[..end])));
            rest = &after[end + 1..];
        } else if let Some(after) = rest.strip_prefix('[')
            && let Some((label, tail)) = after.split_once("](")
            && let Some((url, tail)) = tail.split_once(')')
            && !label.contains(']')
        {
            let url = html::escape(url).replace('"', "&quot;");
            out.push_str(&format!("<a href=\"{url}\">{}</a>", html::escape(label)));
            rest = tail;
        } else {
            let next = rest.char_indices().skip(1).map(|(at, _)| at).find(|&at| {
                let tail = &rest[at..];
                tail.starts_with("**") || tail.starts_with('`') || tail.starts_with('[')
            });
            let (plain, tail) = rest.split_at(next.unwrap_or(rest.len()));
            out.push_str(&html::escape(plain));
            rest = tail;
        }
    }
    out
}

/// `markdown`, line by line, in Telegram's HTML.
#[must_use]
pub fn to_html(markdown: &str) -> String {
    markdown.lines().map(line_html).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_bold_code_links_and_lists_become_html() {
        let markdown = "### Fin de la partida\n- Gana **quien** reúne `cinco 5`.\nVer [reglas](https://example.org/a?b=1&c=2).";
        assert_eq!(
            to_html(markdown),
            "<b>Fin de la partida</b>\n• Gana <b>quien</b> reúne <code>cinco 5</code>.\nVer <a href=\"https://example.org/a?b=1&amp;c=2\">reglas</a>."
        );
    }

    #[test]
    fn text_is_escaped_and_an_open_mark_stays_as_typed() {
        assert_eq!(to_html("a < b & c > d"), "a &lt; b &amp; c &gt; d");
        assert_eq!(to_html("5 ** 2 and `x"), "5 ** 2 and `x");
        assert_eq!(to_html("**<b>**"), "<b>&lt;b&gt;</b>");
    }
}
