use std::fmt;

use render::RenderError;

use crate::i18n::Text;
use crate::store::StoreError;

/// Why an input produced no normal answer.
#[derive(Debug)]
pub(super) enum CoreError {
    /// The user asked for something not allowed now: they are told why, nothing changed.
    Refused(Text),
    Store(StoreError),
    Render(RenderError),
}

impl fmt::Display for CoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoreError::Refused(text) => write!(f, "refused: {}", text.id),
            CoreError::Store(error) => error.fmt(f),
            CoreError::Render(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for CoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CoreError::Refused(_) => None,
            CoreError::Store(error) => Some(error),
            CoreError::Render(error) => Some(error),
        }
    }
}

impl From<StoreError> for CoreError {
    fn from(error: StoreError) -> CoreError {
        CoreError::Store(error)
    }
}

impl From<RenderError> for CoreError {
    fn from(error: RenderError) -> CoreError {
        CoreError::Render(error)
    }
}

/// A refusal with the message `id`.
pub(super) fn refused(id: &'static str) -> CoreError {
    CoreError::Refused(Text::new(id))
}
