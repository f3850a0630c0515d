//! The Gomocup brain through its protocol: the real binary on pipes, and the protocol parser
//! under generated input.

mod pipes;
mod protocol_properties;
