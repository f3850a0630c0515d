//! The Gomocup brain through its protocol: the real binary on pipes, the protocol parser
//! under generated input, and the match manager playing real processes.

mod gomocup_match;
mod pipes;
mod protocol_properties;
