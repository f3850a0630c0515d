use crate::{BrainError, Coords};

/// One line from the manager, read. Command words are matched in any case: the manager
/// sends capitals, but people typing at a console often do not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Start(u32),
    RectStart {
        width: u32,
        height: u32,
    },
    Restart,
    Begin,
    Turn(Coords),
    /// The stones follow on their own lines, up to `DONE`.
    Board,
    /// The opening stones follow on their own lines, up to `DONE`.
    Swap2Board,
    Info {
        key: String,
        value: String,
    },
    End,
    About,
    Takeback(Coords),
    Play(Coords),
    /// A command this brain does not know (the word as sent).
    Unknown(String),
}

impl Command {
    /// Reads one line (without its line ending); `None` for a blank line, which the
    /// protocol says to ignore.
    ///
    /// # Errors
    /// [`BrainError`] when a known command has arguments that cannot be read.
    pub fn parse(line: &str) -> Option<Result<Command, BrainError>> {
        let line = line.trim();
        if line.is_empty() {
            return None;
        }
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let command = match word.to_ascii_uppercase().as_str() {
            "START" => size(rest).map(Command::Start),
            "RECTSTART" => rest
                .split_once(',')
                .ok_or_else(|| BrainError::MalformedSize(rest.to_owned()))
                .and_then(|(width, height)| {
                    Ok(Command::RectStart { width: size(width)?, height: size(height)? })
                }),
            "RESTART" => Ok(Command::Restart),
            "BEGIN" => Ok(Command::Begin),
            "TURN" => Coords::parse(rest).map(Command::Turn),
            "BOARD" => Ok(Command::Board),
            "SWAP2BOARD" => Ok(Command::Swap2Board),
            "INFO" => {
                let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                Ok(Command::Info { key: key.to_ascii_lowercase(), value: value.trim().to_owned() })
            }
            "END" => Ok(Command::End),
            "ABOUT" => Ok(Command::About),
            "TAKEBACK" => Coords::parse(rest).map(Command::Takeback),
            "PLAY" => Coords::parse(rest).map(Command::Play),
            _ => Ok(Command::Unknown(word.to_owned())),
        };
        Some(command)
    }
}

fn size(text: &str) -> Result<u32, BrainError> {
    text.trim().parse().map_err(|_| BrainError::MalformedSize(text.trim().to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Command, BrainError> {
        Command::parse(line).expect("not blank")
    }

    #[test]
    fn every_command_is_read() {
        assert_eq!(parse("START 20"), Ok(Command::Start(20)));
        assert_eq!(parse("RECTSTART 30,20"), Ok(Command::RectStart { width: 30, height: 20 }));
        assert_eq!(parse("RESTART"), Ok(Command::Restart));
        assert_eq!(parse("BEGIN"), Ok(Command::Begin));
        assert_eq!(parse("TURN 10,11"), Ok(Command::Turn(Coords { x: 10, y: 11 })));
        assert_eq!(parse("BOARD"), Ok(Command::Board));
        assert_eq!(parse("SWAP2BOARD"), Ok(Command::Swap2Board));
        assert_eq!(
            parse("INFO timeout_turn 5000"),
            Ok(Command::Info { key: "timeout_turn".into(), value: "5000".into() })
        );
        assert_eq!(
            parse("INFO folder C:\\My Files"),
            Ok(Command::Info { key: "folder".into(), value: "C:\\My Files".into() })
        );
        assert_eq!(parse("END"), Ok(Command::End));
        assert_eq!(parse("ABOUT"), Ok(Command::About));
        assert_eq!(parse("TAKEBACK 9,10"), Ok(Command::Takeback(Coords { x: 9, y: 10 })));
        assert_eq!(parse("PLAY 12,10"), Ok(Command::Play(Coords { x: 12, y: 10 })));
    }

    #[test]
    fn case_and_spacing_do_not_matter() {
        assert_eq!(parse("  turn   3,4  "), Ok(Command::Turn(Coords { x: 3, y: 4 })));
        assert_eq!(parse("Start 15\r"), Ok(Command::Start(15)));
        assert_eq!(Command::parse("   "), None);
        assert_eq!(Command::parse(""), None);
    }

    #[test]
    fn unknown_words_and_bad_arguments_are_told_apart() {
        assert_eq!(parse("YXBOARD"), Ok(Command::Unknown("YXBOARD".into())));
        assert_eq!(parse("START twenty"), Err(BrainError::MalformedSize("twenty".into())));
        assert_eq!(parse("START"), Err(BrainError::MalformedSize(String::new())));
        assert_eq!(parse("RECTSTART 30"), Err(BrainError::MalformedSize("30".into())));
        assert_eq!(parse("TURN 3"), Err(BrainError::MalformedCoords("3".into())));
        assert_eq!(parse("TAKEBACK"), Err(BrainError::MalformedCoords(String::new())));
    }
}
