//! The program's functions by where their text starts, to find the innermost one around a span
//! without looking at every function (the rules ask it for every call and definition).

use std::cmp::Reverse;

use crate::ir::PlacedFunction;
use crate::source::Span;

pub(super) struct FunctionIndex {
    /// Indices of the program's functions by start, the longer of two at one start first, and
    /// for each the entry in `order` of the innermost function around it, and its span (here,
    /// not read from the function, so that a search reads one small array).
    order: Vec<(usize, Option<usize>, Span)>,
    /// Two functions' texts overlap without one holding the other: the index cannot answer.
    tangled: bool,
}

fn contains(outer: Span, inner: Span) -> bool {
    outer.start <= inner.start && inner.end <= outer.end
}

impl FunctionIndex {
    pub(super) fn new(functions: &[PlacedFunction]) -> FunctionIndex {
        let mut sorted: Vec<usize> = (0..functions.len()).collect();
        sorted.sort_by_key(|&i| {
            (
                functions[i].span().start,
                Reverse(functions[i].span().end),
                i,
            )
        });
        let mut order: Vec<(usize, Option<usize>, Span)> = Vec::with_capacity(sorted.len());
        let mut tangled = false;
        // The entries around the current one, outermost first.
        let mut around: Vec<usize> = Vec::new();
        for (entry, &i) in sorted.iter().enumerate() {
            let span = functions[i].span();
            while let Some(&top) = around.last() {
                let outer = order[top].2;
                if contains(outer, span) {
                    break;
                }
                tangled |= span.start < outer.end;
                around.pop();
            }
            order.push((i, around.last().copied(), span));
            around.push(entry);
        }
        FunctionIndex { order, tangled }
    }

    /// Whether two functions' texts overlap without one holding the other: a search then
    /// looks at every function.
    pub(super) fn is_tangled(&self) -> bool {
        self.tangled
    }

    /// The innermost function whose text contains `span`; of several alike, the first in the
    /// program.
    pub(super) fn at<'f>(
        &self,
        functions: &'f [PlacedFunction],
        span: Span,
    ) -> Option<&'f PlacedFunction> {
        self.index_at(functions, span).map(|i| &functions[i])
    }

    /// The index in `functions` of the one [`at`](Self::at) finds.
    pub(super) fn index_at(&self, functions: &[PlacedFunction], span: Span) -> Option<usize> {
        // An empty span where one function ends and the next begins lies in both.
        if self.tangled || span.start == span.end {
            return functions
                .iter()
                .enumerate()
                .filter(|(_, f)| contains(f.span(), span))
                .min_by_key(|(_, f)| f.span().len())
                .map(|(i, _)| i);
        }
        let after = self
            .order
            .partition_point(|&(_, _, function)| function.start <= span.start);
        // The innermost function around `span` starts last among those before it, or holds
        // the one that does.
        let mut entry = after.checked_sub(1)?;
        while !contains(self.order[entry].2, span) {
            entry = self.order[entry].1?;
        }
        let found = self.order[entry].2;
        while entry > 0 && self.order[entry - 1].2 == found {
            entry -= 1;
        }
        Some(self.order[entry].0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Function;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn function(start: usize, end: usize) -> PlacedFunction {
        PlacedFunction::new(Function {
            name: format!("f{start}_{end}"),
            name_span: Span::new(start, start),
            params: Vec::new(),
            body: Vec::new(),
            span: Span::new(start, end),
            is_main: false,
            fortran: None,
            host: None,
            identity: None,
        })
    }

    /// What every function is asked: the innermost around, the first of alike ones.
    fn looked_at_one_by_one(functions: &[PlacedFunction], span: Span) -> Option<&PlacedFunction> {
        functions
            .iter()
            .filter(|f| contains(f.span(), span))
            .min_by_key(|f| f.span().len())
    }

    /// Nested, disjoint and equal texts (Fortran hosts with internal procedures, functions that
    /// one macro use defines), and, in one of four programs, overlapping ones.
    fn random_functions(rng: &mut ChaCha8Rng) -> Vec<PlacedFunction> {
        let mut functions = Vec::new();
        let mut start = 0;
        for _ in 0..rng.gen_range(0..12) {
            let len = rng.gen_range(1..60);
            functions.push(function(start, start + len));
            for _ in 0..rng.gen_range(0..3) {
                let inner = start + rng.gen_range(0..len);
                functions.push(function(inner, rng.gen_range(inner..=start + len)));
            }
            if rng.gen_bool(0.1) {
                functions.push(function(start, start + len));
            }
            start += len + rng.gen_range(0..5);
        }
        if rng.gen_bool(0.25) && start > 2 {
            functions.push(function(rng.gen_range(0..start / 2), start + 3));
        }
        functions
    }

    #[test]
    fn finds_what_looking_at_every_function_finds() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..2000 {
            let functions = random_functions(&mut rng);
            let index = FunctionIndex::new(&functions);
            for _ in 0..20 {
                let start = rng.gen_range(0..300);
                let span = Span::new(start, start + rng.gen_range(0..20));
                let found = index.at(&functions, span).map(std::ptr::from_ref);
                let expected = looked_at_one_by_one(&functions, span).map(std::ptr::from_ref);
                assert_eq!(
                    found,
                    expected,
                    "{span:?} in {:?}",
                    functions.iter().map(|f| f.span()).collect::<Vec<_>>()
                );
            }
        }
    }
}
