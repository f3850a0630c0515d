//! The `pbrain-cincobot` executable: the Gomocup protocol on standard input and output.

fn main() {}
