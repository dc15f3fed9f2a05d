//! Type signatures as runs of basic types, and the comparison of a message's signature with a
//! receive's, without expanding either beyond a work budget.

use super::node::Datatype;
use super::typemap::{Step, Typemap, DEFAULT_BUDGET};
use super::{MpiModel, Predefined};

/// `count` consecutive entries of one basic type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignatureRun {
    pub basic: Predefined,
    pub count: u128,
}

/// How a sent signature relates to the signature a receive expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignatureComparison {
    Equal,
    /// The message is a proper prefix of what the receive can hold: legal, shorter message.
    Shorter,
    /// The message is longer than the receive: a truncation error.
    Longer,
    /// The first differing element (0-based) and the two basic types there.
    Mismatch {
        element: u128,
        sent: Predefined,
        received: Predefined,
    },
    /// The budget ran out before an answer.
    Unknown,
}

/// The signature of `count` copies of a datatype, as maximal runs.
pub struct SignatureRuns {
    ty: Datatype,
    repeats_left: u128,
    walk: Option<Typemap>,
    pending: Option<SignatureRun>,
    budget: u64,
    over_budget: bool,
}

impl Datatype {
    /// The signature of `count` elements of this type, as runs (`729 x MPI_REAL`).
    pub fn signature_runs(&self, count: u128) -> SignatureRuns {
        // A uniform type repeats as one run, whatever the count.
        let (repeats_left, pending) = match self.uniform_basic() {
            Some(basic) => (
                0,
                Some(SignatureRun {
                    basic,
                    count: self.entry_count().saturating_mul(count),
                }),
            ),
            None => (count, None),
        };
        SignatureRuns {
            ty: self.clone(),
            repeats_left,
            walk: None,
            pending,
            budget: DEFAULT_BUDGET,
            over_budget: false,
        }
    }
}

impl SignatureRuns {
    pub fn with_budget(mut self, budget: u64) -> SignatureRuns {
        self.budget = budget;
        self
    }

    pub fn over_budget(&self) -> bool {
        self.over_budget
    }

    /// The next run before merging with its neighbours.
    fn next_piece(&mut self) -> Option<SignatureRun> {
        loop {
            if let Some(walk) = &mut self.walk {
                match walk.step() {
                    Some(Step::Entry(e)) => {
                        return Some(SignatureRun {
                            basic: e.basic,
                            count: 1,
                        })
                    }
                    Some(Step::Run(basic, count)) => return Some(SignatureRun { basic, count }),
                    None => {
                        if walk.over_budget() {
                            self.over_budget = true;
                            return None;
                        }
                        self.walk = None;
                    }
                }
            }
            if self.repeats_left == 0 || self.ty.entry_count() == 0 {
                return None;
            }
            self.repeats_left -= 1;
            self.walk = Some(
                self.ty
                    .typemap(MpiModel::Standard)
                    .collapsing()
                    .with_budget(self.budget),
            );
        }
    }
}

impl Iterator for SignatureRuns {
    type Item = SignatureRun;

    fn next(&mut self) -> Option<SignatureRun> {
        loop {
            match (self.pending, self.next_piece()) {
                (None, None) => return None,
                (Some(p), None) => {
                    self.pending = None;
                    return (p.count > 0).then_some(p);
                }
                (None, Some(piece)) => self.pending = Some(piece),
                (Some(p), Some(piece)) if p.basic == piece.basic => {
                    self.pending = Some(SignatureRun {
                        basic: p.basic,
                        count: p.count + piece.count,
                    });
                }
                (Some(p), Some(piece)) => {
                    self.pending = Some(piece);
                    if p.count > 0 {
                        return Some(p);
                    }
                }
            }
        }
    }
}

/// Compares the signature of `sent_count` x `sent` with that of `received_count` x
/// `received`. Type matching is by basic type: `MPI_INT` does not match `MPI_INT32_T`.
pub fn compare_signatures(
    sent: &Datatype,
    sent_count: u128,
    received: &Datatype,
    received_count: u128,
    budget: u64,
) -> SignatureComparison {
    let mut a = sent.signature_runs(sent_count).with_budget(budget);
    let mut b = received.signature_runs(received_count).with_budget(budget);
    let (mut ra, mut rb) = (None::<SignatureRun>, None::<SignatureRun>);
    let mut element: u128 = 0;
    let mut steps = 0u64;
    loop {
        steps += 1;
        if steps > budget {
            return SignatureComparison::Unknown;
        }
        if ra.is_none_or(|r| r.count == 0) {
            ra = a.next();
        }
        if rb.is_none_or(|r| r.count == 0) {
            rb = b.next();
        }
        if a.over_budget() || b.over_budget() {
            return SignatureComparison::Unknown;
        }
        match (&mut ra, &mut rb) {
            (None, None) => return SignatureComparison::Equal,
            (None, Some(_)) => return SignatureComparison::Shorter,
            (Some(_), None) => return SignatureComparison::Longer,
            (Some(x), Some(y)) if x.basic != y.basic => {
                return SignatureComparison::Mismatch {
                    element,
                    sent: x.basic,
                    received: y.basic,
                };
            }
            (Some(x), Some(y)) => {
                let n = x.count.min(y.count);
                x.count -= n;
                y.count -= n;
                element += n;
            }
        }
    }
}
