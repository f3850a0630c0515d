use std::cell::Cell;

/// Tells a search when to stop. Searches ask often (every few thousand nodes) and always
/// between iterations, so the answer should be cheap.
pub trait Deadline {
    fn is_past(&self) -> bool;
}

/// Never stops: the search ends at its own depth limit. For tests and analysis.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unlimited;

impl Deadline for Unlimited {
    fn is_past(&self) -> bool {
        false
    }
}

/// Stops after a number of questions: a deterministic stand-in for a clock, so tests and
/// matches give the same moves on every machine.
#[derive(Debug)]
pub struct NodeBudget {
    left: Cell<u64>,
}

impl NodeBudget {
    #[must_use]
    pub fn new(checks: u64) -> NodeBudget {
        NodeBudget { left: Cell::new(checks) }
    }
}

impl Deadline for NodeBudget {
    fn is_past(&self) -> bool {
        let left = self.left.get();
        self.left.set(left.saturating_sub(1));
        left == 0
    }
}

impl<F: Fn() -> bool> Deadline for F {
    fn is_past(&self) -> bool {
        self()
    }
}
