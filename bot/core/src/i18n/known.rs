//! The message ids and argument names this build knows, as the `&'static str`s a [`Text`]
//! holds: what a `Text` read back from JSON (another process's answer, see
//! `core::wire`) is given instead of a string of its own.
//!
//! Message ids are those of the Fluent files compiled into the binary, parsed once from the
//! embedded sources: each id is a slice of those `'static` sources, so nothing is leaked and
//! nothing outside the files is accepted (an id a newer build added is refused).
//!
//! Argument names are the Fluent variables of the same files, likewise slices of the sources.
//! The code may pass an argument no message of this build reads (`internal-error`'s `why`),
//! and a newer build may pass one a message of this build ignores: such names are interned,
//! each leaked once, up to [`MAX_OTHER_NAMES`] names of at most [`MAX_NAME_LENGTH`] bytes,
//! so a process leaks at most 128 KiB of names whatever it reads; beyond, a name is refused.
//!
//! [`Text`]: super::Text

use std::collections::{BTreeSet, HashSet};
use std::sync::{Mutex, OnceLock, PoisonError};

use fluent_syntax::ast::{
    CallArguments, Entry, Expression, InlineExpression, Pattern, PatternElement,
};

use super::Locale;
use super::texts::sources;

/// The most argument names outside the Fluent files a process keeps.
pub const MAX_OTHER_NAMES: usize = 2048;

/// The longest argument name outside the Fluent files a process keeps, in bytes (Fluent
/// identifiers are a few words).
pub const MAX_NAME_LENGTH: usize = 64;

/// The `'static` id of the message `id`, if the Fluent files of this build have one.
#[must_use]
pub fn message_id(id: &str) -> Option<&'static str> {
    from_files().ids.get(id).copied()
}

/// The `'static` name of the argument `name`: a variable of the Fluent files, or another name
/// interned while fewer than [`MAX_OTHER_NAMES`] are.
#[must_use]
pub fn argument_name(name: &str) -> Option<&'static str> {
    static OTHER_NAMES: Mutex<Interned> = Mutex::new(Interned::new(MAX_OTHER_NAMES));
    if let Some(&known) = from_files().variables.get(name) {
        return Some(known);
    }
    // A panic elsewhere while the lock was held leaves the set whole: each change is one
    // insertion.
    OTHER_NAMES.lock().unwrap_or_else(PoisonError::into_inner).intern(name)
}

/// The names the Fluent files define and use.
#[derive(Debug, Default)]
struct FromFiles {
    ids: HashSet<&'static str>,
    variables: HashSet<&'static str>,
}

fn from_files() -> &'static FromFiles {
    static FROM_FILES: OnceLock<FromFiles> = OnceLock::new();
    FROM_FILES.get_or_init(|| {
        let mut found = FromFiles::default();
        for source in Locale::ALL.into_iter().flat_map(sources) {
            // A file that does not parse fails `Texts::load` and its tests; what parsed of it
            // still counts here.
            let resource = fluent_syntax::parser::parse_runtime(*source)
                .unwrap_or_else(|(partial, _errors)| partial);
            for entry in resource.body {
                match entry {
                    Entry::Message(message) => {
                        found.ids.insert(message.id.name);
                        let patterns = message.value.iter();
                        for pattern in patterns.chain(message.attributes.iter().map(|a| &a.value)) {
                            found.pattern(pattern);
                        }
                    }
                    Entry::Term(term) => {
                        found.pattern(&term.value);
                        for attribute in &term.attributes {
                            found.pattern(&attribute.value);
                        }
                    }
                    Entry::Comment(_)
                    | Entry::GroupComment(_)
                    | Entry::ResourceComment(_)
                    | Entry::Junk { .. } => {}
                }
            }
        }
        found
    })
}

impl FromFiles {
    fn pattern(&mut self, pattern: &Pattern<&'static str>) {
        for element in &pattern.elements {
            match element {
                PatternElement::Placeable { expression } => self.expression(expression),
                PatternElement::TextElement { .. } => {}
            }
        }
    }

    fn expression(&mut self, expression: &Expression<&'static str>) {
        match expression {
            Expression::Select { selector, variants } => {
                self.inline(selector);
                for variant in variants {
                    self.pattern(&variant.value);
                }
            }
            Expression::Inline(inline) => self.inline(inline),
        }
    }

    fn inline(&mut self, inline: &InlineExpression<&'static str>) {
        match inline {
            InlineExpression::VariableReference { id } => {
                self.variables.insert(id.name);
            }
            InlineExpression::FunctionReference { arguments, .. }
            | InlineExpression::TermReference { arguments: Some(arguments), .. } => {
                self.arguments(arguments);
            }
            InlineExpression::Placeable { expression } => self.expression(expression),
            InlineExpression::StringLiteral { .. }
            | InlineExpression::NumberLiteral { .. }
            | InlineExpression::MessageReference { .. }
            | InlineExpression::TermReference { arguments: None, .. } => {}
        }
    }

    fn arguments(&mut self, arguments: &CallArguments<&'static str>) {
        for positional in &arguments.positional {
            self.inline(positional);
        }
        for named in &arguments.named {
            self.inline(&named.value);
        }
    }
}

/// Names leaked once each, at most `capacity` of them.
#[derive(Debug)]
struct Interned {
    names: BTreeSet<&'static str>,
    capacity: usize,
}

impl Interned {
    const fn new(capacity: usize) -> Interned {
        Interned { names: BTreeSet::new(), capacity }
    }

    /// `name`'s one `'static` copy; `None` once `capacity` names are kept, or for a name
    /// longer than [`MAX_NAME_LENGTH`].
    fn intern(&mut self, name: &str) -> Option<&'static str> {
        if let Some(&kept) = self.names.get(name) {
            return Some(kept);
        }
        if self.names.len() >= self.capacity || name.len() > MAX_NAME_LENGTH {
            return None;
        }
        let kept: &'static str = Box::leak(name.to_owned().into_boxed_str());
        self.names.insert(kept);
        Some(kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Texts;

    #[test]
    fn every_message_of_the_files_is_known_and_nothing_else() {
        for locale in Locale::ALL {
            for id in Texts::ids(locale) {
                assert_eq!(message_id(&id), Some(id.as_str()));
            }
        }
        assert_eq!(message_id("game-gomoku"), Some("game-gomoku"));
        // Put together, since the texts test takes such a literal for a message the code says.
        let from_a_newer_build = ["game", "tetris"].join("-");
        for unknown in ["", &from_a_newer_build, "GAME-GOMOKU", "game-gomoku ", "-term"] {
            assert_eq!(message_id(unknown), None, "{unknown:?}");
        }
    }

    #[test]
    fn the_variables_of_the_files_are_argument_names() {
        // `status-turn = … { $name } … { $colour } …`, and a selector (`{ $count -> …}`).
        for name in ["name", "colour", "id", "ply", "point", "size"] {
            let known = argument_name(name);
            assert_eq!(known, Some(name));
            assert!(from_files().variables.contains(name), "{name} is a variable of the files");
        }
        assert!(from_files().variables.len() > 50, "{}", from_files().variables.len());
    }

    #[test]
    fn other_names_are_interned_once_up_to_the_cap() {
        let mut interned = Interned::new(2);
        let first = interned.intern("why");
        assert_eq!(first, Some("why"));
        let again = interned.intern(&String::from("why"));
        assert!(first.zip(again).is_some_and(|(a, b)| std::ptr::eq(a, b)), "one copy");
        assert_eq!(interned.intern("because"), Some("because"));
        assert_eq!(interned.intern("third"), None, "the cap is reached");
        assert_eq!(interned.intern("why"), Some("why"), "kept names still read");
        let long = "x".repeat(MAX_NAME_LENGTH + 1);
        assert_eq!(Interned::new(2).intern(&long), None);
        assert_eq!(interned.names.len(), 2);
    }

    #[test]
    fn a_name_the_code_passes_but_no_message_reads_is_still_an_argument() {
        assert!(!from_files().variables.contains("why"));
        assert_eq!(argument_name("why"), Some("why"));
    }
}
