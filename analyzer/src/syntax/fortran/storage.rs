//! Where a unit's variables live beyond one call: `SAVE` (explicit, or implied by an
//! initializer or `DATA`), and COMMON blocks. The members of a COMMON block are components of
//! one hidden variable per block (`common /grid/`), laid out as gfortran lays out the block, so
//! that their addresses are known relative to each other. The unit's view of a block is its own:
//! what other units assign to it is not followed, and the evaluator forgets it at their calls.

use tree_sitter::Node;

use super::{fortran_name, identifiers_in, kinds as k, named_children, Lowerer};
use crate::ir::{Aggregate, AggregateKind, Decl, Field, Stmt, StmtKind, Storage, Ty};
use crate::source::Span;

/// A COMMON block as one unit declares it.
#[derive(Clone, Debug)]
pub(super) struct CommonBlock {
    /// Lower case; empty for blank COMMON.
    pub name: String,
    /// Where the unit first names it.
    pub name_span: Span,
    pub members: Vec<String>,
}

impl Lowerer<'_> {
    /// `SAVE x, /blk/`, or a bare `SAVE` (every local).
    pub(super) fn save_statement(&mut self, node: Node) {
        let mut bare = true;
        for child in named_children(node) {
            bare = false;
            if child.kind() == k::IDENTIFIER {
                let span = self.span(child);
                let name = fortran_name(self.text(child));
                self.scope().entry(&name, span).saved = true;
            }
        }
        if bare {
            self.scope().save_all = true;
        }
    }

    /// `COMMON /blk/ x, y(10) /other/ z` and blank `COMMON a, b`.
    pub(super) fn common_statement(&mut self, node: Node) {
        for child in named_children(node) {
            if child.kind() != k::VARIABLE_GROUP {
                let span = self.span(child);
                self.common_member("", span, child);
                continue;
            }
            let name = named_children(child).find(|c| c.kind() == k::NAME);
            let block = name.map_or_else(String::new, |n| self.text(n).trim().to_lowercase());
            let span = self.span(name.unwrap_or(child));
            for member in named_children(child).filter(|c| c.kind() != k::NAME) {
                self.common_member(&block, span, member);
            }
        }
    }

    fn common_member(&mut self, block: &str, block_span: Span, node: Node) {
        let Some(declarator) = self.declarator(node) else {
            return;
        };
        let scope = self.scope();
        let symbol = scope.entry(&declarator.name, declarator.span);
        if declarator.dims.is_some() {
            symbol.dims = declarator.dims;
        }
        match scope.commons.iter_mut().find(|b| b.name == block) {
            Some(b) => b.members.push(declarator.name),
            None => scope.commons.push(CommonBlock {
                name: block.to_owned(),
                name_span: block_span,
                members: vec![declarator.name],
            }),
        }
    }

    /// `EQUIVALENCE (a, b)`: storage shared in ways not modelled. The names are forgotten there,
    /// and a COMMON block with one of them as a member keeps its members apart.
    pub(super) fn equivalence_statement(&mut self, node: Node, out: &mut Vec<Stmt>) {
        let names = identifiers_in(node, &self.file.text.clone());
        self.scope().equivalenced.extend(names.iter().cloned());
        out.push(Stmt {
            kind: StmtKind::Opaque { names },
            span: self.span(node),
        });
    }

    /// The hidden variable of each COMMON block of the current unit, of an aggregate type made
    /// of the block's members in order. A block with a member in an `EQUIVALENCE`, a dummy
    /// argument or a name in two blocks (not Fortran) keeps its members as separate variables.
    pub(super) fn common_declarations(&mut self) -> Vec<Stmt> {
        let blocks = self.scope().commons.clone();
        let mut out = Vec::new();
        for block in blocks {
            let scope = self.scope();
            let apart = block.members.iter().any(|m| {
                scope.equivalenced.contains(m)
                    || scope.dummies.contains(m)
                    || scope
                        .commons
                        .iter()
                        .flat_map(|b| &b.members)
                        .filter(|n| *n == m)
                        .count()
                        > 1
            });
            if apart {
                continue;
            }
            let variable = format!("common /{}/", block.name);
            let fields = block
                .members
                .iter()
                .map(|m| Field {
                    name: m.clone(),
                    ty: scope.type_of(m),
                    bit_width: None,
                    align: None,
                })
                .collect();
            for member in &block.members {
                if let Some(symbol) = scope.symbols.get_mut(member) {
                    symbol.common = Some(variable.clone());
                }
            }
            // Aggregates are found by name: each unit's view of a block is a type of its own.
            self.common_counter += 1;
            let aggregate = format!("{variable} #{}", self.common_counter);
            self.program.aggregates.push(Aggregate {
                name: aggregate.clone(),
                anonymous: false,
                name_span: block.name_span,
                kind: AggregateKind::FortranCommon,
                fields,
                pack: None,
                align: None,
                span: block.name_span,
            });
            out.push(Stmt {
                kind: StmtKind::Decl(Decl {
                    name: variable,
                    name_span: block.name_span,
                    ty: Ty::Named(aggregate),
                    init: None,
                    constant: false,
                    storage: Storage::Saved,
                }),
                span: block.name_span,
            });
        }
        out
    }
}

impl Lowerer<'_> {
    /// `ALLOCATE(a(n), b(0:n+1, m), STAT=ierr)`: each named allocatable gets its bounds. What
    /// else the statement allocates (a component, a typed allocation, an array shaped by
    /// `SOURCE=` or `MOLD=`) and its `STAT=` and `ERRMSG=` variables are forgotten.
    pub(super) fn allocate_statement(&mut self, node: Node, out: &mut Vec<Stmt>) {
        let span = self.span(node);
        let typed = node.child_by_field_name("type").is_some();
        let mut cursor = node.walk();
        let allocations: Vec<Node> = node
            .children_by_field_name("allocation", &mut cursor)
            .collect();
        let mut forgotten = Vec::new();
        for allocation in allocations {
            let sized = match allocation.kind() {
                k::SIZED_ALLOCATION => {
                    let mut parts = named_children(allocation);
                    parts.next().zip(parts.next())
                }
                _ => None,
            };
            let allocated = match (typed, allocation.kind(), sized) {
                (false, _, Some((name, bounds)))
                    if name.kind() == k::IDENTIFIER && bounds.kind() == k::SIZE =>
                {
                    Some((name, self.dimensions(bounds)))
                }
                (false, k::IDENTIFIER, _) => Some((allocation, Vec::new())),
                _ => None,
            };
            match allocated {
                Some((name, dims)) => {
                    let name = fortran_name(self.text(name));
                    self.use_name(&name);
                    // An array without bounds here takes its shape from `SOURCE=`/`MOLD=`.
                    if dims.is_empty() && self.is_array(&name) {
                        forgotten.push(name);
                        continue;
                    }
                    out.push(Stmt {
                        kind: StmtKind::Allocate { name, dims },
                        span,
                    });
                }
                None => forgotten.extend(identifiers_in(allocation, &self.file.text.clone())),
            }
        }
        forgotten.extend(self.status_variables(node));
        if !forgotten.is_empty() {
            out.push(Stmt {
                kind: StmtKind::Opaque { names: forgotten },
                span,
            });
        }
    }

    /// `DEALLOCATE(a, t%b, STAT=ierr)`.
    pub(super) fn deallocate_statement(&mut self, node: Node, out: &mut Vec<Stmt>) {
        let span = self.span(node);
        let mut forgotten = self.status_variables(node);
        for child in named_children(node).filter(|c| c.kind() != k::KEYWORD_ARGUMENT) {
            if child.kind() == k::IDENTIFIER {
                let name = fortran_name(self.text(child));
                out.push(Stmt {
                    kind: StmtKind::Deallocate(name),
                    span,
                });
            } else {
                forgotten.extend(identifiers_in(child, &self.file.text.clone()));
            }
        }
        if !forgotten.is_empty() {
            out.push(Stmt {
                kind: StmtKind::Opaque { names: forgotten },
                span,
            });
        }
    }

    /// The variables `STAT=` and `ERRMSG=` of an (de)allocation name: the statement writes them.
    fn status_variables(&self, node: Node) -> Vec<String> {
        let text = self.file.text.clone();
        named_children(node)
            .filter(|c| c.kind() == k::KEYWORD_ARGUMENT)
            .filter(|c| {
                c.child_by_field_name("name")
                    .is_some_and(|n| matches!(self.first_word(n).as_str(), "stat" | "errmsg"))
            })
            .filter_map(|c| c.child_by_field_name("value"))
            .flat_map(|v| identifiers_in(v, &text))
            .collect()
    }
}
