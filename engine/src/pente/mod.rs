//! The two games with captures: pente and ninuki ("cinco con capturas").
//!
//! Both place stones on a go-like board and take off any two opponent stones that the placed
//! stone and another of its colour enclose in a line; they differ in who starts, the opening,
//! the board, the notation and the end-of-game score.

mod captures;
mod ninuki;
#[expect(clippy::module_inception, reason = "the pente position lives among its siblings")]
mod pente;
mod record;
mod rejection;
mod score;
mod settings;

pub use captures::Capture;
pub use ninuki::Ninuki;
pub use pente::Pente;
pub use rejection::{NinukiRejection, PenteRejection};
pub use score::Score;
pub use settings::{NinukiSettings, NinukiSize, PenteSettings, PenteSize};
