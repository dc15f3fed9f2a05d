//! BLOCK and ASSOCIATE constructs lowered where they stand, when the names they declare are
//! their own: no such name is named elsewhere in the unit or known to its scopes, so it hides
//! nothing, and the construct's statements can join the unit's. Any other construct stays
//! opaque (what it may change is forgotten).

use tree_sitter::Node;

use super::decl::assign;
use super::{fortran_name, kinds as k, named_children, visit_nodes, Lowerer};
use crate::ir::{Expr, ExprKind, Stmt, Ty};

/// What an ASSOCIATE name stands for.
enum Selector<'t> {
    /// The value of an expression, fixed when the construct starts.
    Value(Node<'t>),
    /// A variable (a name, a component, an element with literal subscripts): the name is that
    /// variable, read and written where it is.
    Variable(Node<'t>),
}

/// One `name => selector` of an ASSOCIATE statement.
struct Association<'t> {
    name: String,
    name_node: Node<'t>,
    selector: Selector<'t>,
}

impl Lowerer<'_> {
    /// Whether a BLOCK construct can be lowered where it stands: its names are its own, and it
    /// has no USE, IMPORT, IMPLICIT, interface or type of its own.
    pub(super) fn block_in_place(&self, node: Node) -> bool {
        let mut declared = Vec::new();
        for child in named_children(node) {
            match child.kind() {
                k::VARIABLE_DECLARATION => {
                    let mut cursor = child.walk();
                    let declarators: Vec<Node> = child
                        .children_by_field_name("declarator", &mut cursor)
                        .collect();
                    declared.extend(declarators.into_iter().map(|d| self.first_name(d)));
                }
                k::PARAMETER_STATEMENT => declared.extend(
                    named_children(child)
                        .filter(|c| c.kind() == k::PARAMETER_ASSIGNMENT)
                        .map(|c| self.first_name(c)),
                ),
                k::USE_STATEMENT
                | k::IMPORT_STATEMENT
                | k::IMPLICIT_STATEMENT
                | k::INTERFACE
                | k::DERIVED_TYPE_DEFINITION => return false,
                _ => {}
            }
        }
        self.names_are_own(node, &declared)
    }

    /// The statements of a BLOCK or ASSOCIATE construct lowered in place.
    pub(super) fn construct_in_place(&mut self, node: Node, out: &mut Vec<Stmt>) {
        if !self.enter(node) {
            return;
        }
        for child in named_children(node).filter(|c| {
            !matches!(
                c.kind(),
                k::BLOCK_LABEL_START_EXPRESSION
                    | k::END_BLOCK_CONSTRUCT_STATEMENT
                    | k::ASSOCIATION_LIST
                    | k::END_ASSOCIATE_STATEMENT
            )
        }) {
            self.lower_item(child, out);
        }
        self.leave();
    }

    /// The associations of an ASSOCIATE construct that can be lowered where it stands: its
    /// names are its own, each is used only as a whole (never subscripted or a component taken
    /// of it), and each selector is a variable with literal subscripts or a value (an
    /// expression that is no variable, a function reference). `None` otherwise.
    fn associations_in_place<'t>(&self, node: Node<'t>) -> Option<Vec<Association<'t>>> {
        let list = named_children(node).find(|c| c.kind() == k::ASSOCIATION_LIST)?;
        let mut associations = Vec::new();
        for association in named_children(list).filter(|c| c.kind() == k::ASSOCIATION) {
            let name_node = association.child_by_field_name("name")?;
            let selector = association.child_by_field_name("selector")?;
            associations.push(Association {
                name: fortran_name(self.text(name_node)),
                name_node,
                selector: self.selector(selector)?,
            });
        }
        let declared: Vec<Option<String>> =
            associations.iter().map(|a| Some(a.name.clone())).collect();
        let mut used_whole = true;
        visit_nodes(node, |n| {
            if n.kind() == k::IDENTIFIER {
                let name = fortran_name(self.text(n));
                let named = associations.iter().any(|a| a.name == name);
                let whole = associations.iter().any(|a| a.name_node == n)
                    || n.parent().is_none_or(|p| {
                        !matches!(
                            p.kind(),
                            k::CALL_EXPRESSION | k::DERIVED_TYPE_MEMBER_EXPRESSION
                        ) || p.named_child(0) != Some(n)
                    });
                used_whole &= !named || whole;
            }
            used_whole
        });
        (used_whole && self.names_are_own(node, &declared)).then_some(associations)
    }

    /// How a selector is associated; `None` for one that is neither a value nor a variable
    /// placed by literal subscripts (`a(i)`, whose element would follow `i` if it changed).
    fn selector<'t>(&self, node: Node<'t>) -> Option<Selector<'t>> {
        match node.kind() {
            k::IDENTIFIER => Some(Selector::Variable(node)),
            k::DERIVED_TYPE_MEMBER_EXPRESSION | k::CALL_EXPRESSION => {
                let base = self.first_name(node)?;
                let named = node
                    .named_child(0)
                    .is_some_and(|c| c.kind() == k::IDENTIFIER);
                if node.kind() == k::CALL_EXPRESSION && named && !self.is_array(&base) {
                    // A function reference (its value taken once), unless the name may be an
                    // array declared out of sight, or is declared as something else.
                    let function = self.lookup(&base).is_none()
                        && !self.scopes.iter().any(|s| s.unseen.may_declare(&base));
                    return function.then_some(Selector::Value(node));
                }
                let mut placed = true;
                visit_nodes(node, |n| {
                    let in_subscript = n.kind() == k::IDENTIFIER
                        && n.parent().is_some_and(|p| p.kind() == k::ARGUMENT_LIST);
                    placed &= !in_subscript && n.kind() != k::ERROR;
                    placed
                });
                placed.then_some(Selector::Variable(node))
            }
            _ => Some(Selector::Value(node)),
        }
    }

    /// An ASSOCIATE construct lowered where it stands, when it can be (`false`, with nothing
    /// lowered, otherwise): a name of a value is a local assigned the value when the construct
    /// starts; a name of a variable is that variable.
    pub(super) fn associate_in_place(&mut self, node: Node, out: &mut Vec<Stmt>) -> bool {
        let Some(associations) = self.associations_in_place(node) else {
            return false;
        };
        for association in &associations {
            let span = self.span(association.name_node);
            match association.selector {
                Selector::Value(selector) => {
                    let value = self.expr(selector);
                    self.declare_hidden(&association.name, Ty::Unknown, span);
                    let target = Expr::new(ExprKind::Name(association.name.clone()), span);
                    out.push(assign(target, value, span));
                }
                Selector::Variable(selector) => {
                    let variable = self.expr(selector);
                    self.associated.insert(association.name.clone(), variable);
                }
            }
        }
        self.construct_in_place(node, out);
        for association in &associations {
            self.associated.remove(&association.name);
        }
        true
    }

    /// Whether the names a construct declares are its own: each is named nowhere else in its
    /// unit and known to none of the scopes, and no `EXIT name` leaves the construct early.
    fn names_are_own(&self, node: Node, declared: &[Option<String>]) -> bool {
        let mut leaves_early = false;
        visit_nodes(node, |n| {
            leaves_early |= n.kind() == k::KEYWORD_STATEMENT
                && self.first_word(n) == k::EXIT
                && named_children(n).next().is_some();
            !leaves_early
        });
        let mut unit = node;
        while let Some(parent) = unit.parent() {
            unit = parent;
            if matches!(
                unit.kind(),
                k::PROGRAM | k::SUBROUTINE | k::FUNCTION | k::MODULE
            ) {
                break;
            }
        }
        let mut outside = std::collections::HashSet::new();
        visit_nodes(unit, |n| {
            if n.kind() == k::IDENTIFIER {
                outside.insert(fortran_name(self.text(n)));
            }
            n != node
        });
        !leaves_early
            && declared.iter().all(|name| {
                name.as_ref().is_some_and(|name| {
                    !outside.contains(name)
                        && !self.scopes.iter().any(|s| s.symbols.contains_key(name))
                })
            })
    }

    /// The first name below `node` (a declarator's, a `PARAMETER` assignment's, a
    /// designator's base).
    fn first_name(&self, node: Node) -> Option<String> {
        let mut name = None;
        visit_nodes(node, |n| {
            if name.is_none() && n.kind() == k::IDENTIFIER {
                name = Some(fortran_name(self.text(n)));
            }
            name.is_none()
        });
        name
    }
}
