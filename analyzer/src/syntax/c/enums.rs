//! Enums: their enumerators become constant declarations, and the enum the integer type the
//! target's compiler gives it (wider than `int` for large values, the smallest one that fits
//! when it is `packed`).

use tree_sitter::Node;

use super::expr::EvalMode;
use super::kinds as k;
use super::{unknown, Lowerer};
use crate::ir::{BinOp, Decl, Expr, ExprKind, Init, Stmt, StmtKind, Storage, Ty};
use crate::layout::{CType, Target};

impl Lowerer<'_> {
    /// An enum specifier: its enumerators become constant declarations (in `pending`); its type
    /// is the integer type the compiler picks for their values (an enum with a tag is recorded
    /// as the typedef `enum tag`, for later references).
    pub(super) fn lower_enum(&mut self, node: Node<'_>) -> Ty {
        let name = node
            .child_by_field_name(k::F_NAME)
            .map(|n| format!("enum {}", self.text(n)));
        let underlying = node
            .child_by_field_name(k::F_UNDERLYING_TYPE)
            .map(|t| self.lower_type_specifier(t));
        let Some(body) = node.child_by_field_name(k::F_BODY) else {
            return match (underlying, name) {
                (Some(ty), _) => ty,
                (None, Some(name)) => Ty::Named(name),
                (None, None) => Ty::Unknown,
            };
        };
        // Enumeration constants are `int`s (wider ones where gcc widens the enum).
        let constant_ty = underlying.clone().unwrap_or(Ty::C(CType::Int));
        let first = self.pending.len();
        let mut next: Option<Expr> = Some(Expr::int(0, self.span(body)));
        self.lower_enumerators(body, &constant_ty, &mut next);
        let values: Option<Vec<i128>> = match next {
            // After an undecided conditional, which enumerators exist is not known.
            None => None,
            Some(_) => self.pending[first..]
                .iter()
                .map(|stmt| match &stmt.kind {
                    StmtKind::Decl(Decl {
                        init:
                            Some(Init::Expr(Expr {
                                kind: ExprKind::Int(v),
                                ..
                            })),
                        ..
                    }) => Some(*v),
                    _ => None,
                })
                .collect(),
        };
        let ty = match (underlying, self.enum_packing(node)) {
            (Some(ty), Some(false)) => ty,
            (None, Some(packed)) => self.enum_type(values.as_deref(), packed),
            _ => Ty::Unknown,
        };
        match name {
            Some(name) => {
                self.program.typedefs.push((name.clone(), ty));
                Ty::Named(name)
            }
            None => ty,
        }
    }

    /// The integer type of an enum with these values (`None` when some are not known): gcc
    /// takes `int` (or `unsigned int`) unless a value needs 8 bytes, and for a packed enum the
    /// smallest type that holds them all; MSVC always takes `int`.
    fn enum_type(&self, values: Option<&[i128]>, packed: bool) -> Ty {
        if self.target == Target::X86_64WindowsMsvc {
            return if packed {
                Ty::Unknown
            } else {
                Ty::C(CType::Int)
            };
        }
        let Some(values) = values else {
            return Ty::Unknown;
        };
        let (low, high) = values
            .iter()
            .fold((0i128, 0i128), |(lo, hi), v| (lo.min(*v), hi.max(*v)));
        let fits = |bits: u32| {
            let signed = low >= -(1i128 << (bits - 1)) && high < (1i128 << (bits - 1));
            let unsigned = low >= 0 && high < (1i128 << bits);
            signed || unsigned
        };
        let sizes: &[(u32, CType)] = if packed {
            &[(8, CType::SignedChar), (16, CType::Short), (32, CType::Int)]
        } else {
            &[(32, CType::Int)]
        };
        let c = match sizes.iter().find(|(bits, _)| fits(*bits)) {
            Some((_, c)) => *c,
            // 8 bytes: `long` on LP64, `long long` on i686 (4-aligned in structs).
            None if fits(64) && self.target == Target::I686LinuxGnu => CType::LongLong,
            None if fits(64) => CType::Long,
            None => return Ty::Unknown,
        };
        Ty::C(c)
    }

    /// Enumerators of a list; `next` is the implicit value of the next one, `None` once it
    /// depends on an undecided conditional.
    fn lower_enumerators(&mut self, list: Node<'_>, ty: &Ty, next: &mut Option<Expr>) {
        let mut cursor = list.walk();
        let children: Vec<Node<'_>> = list.named_children(&mut cursor).collect();
        for child in children {
            self.lower_enumerator_item(child, ty, next);
        }
    }

    /// One item of an enumerator list: an enumerator, a conditional, a directive.
    pub(super) fn lower_enumerator_item(
        &mut self,
        child: Node<'_>,
        ty: &Ty,
        next: &mut Option<Expr>,
    ) {
        match child.kind() {
            k::ENUMERATOR => {
                let Some(name_node) = child.child_by_field_name(k::F_NAME) else {
                    return;
                };
                let name = self.text(name_node).to_owned();
                let name_span = self.span(name_node);
                let value = match child.child_by_field_name(k::F_VALUE) {
                    Some(v) => self.lower_expr(v),
                    None => next.clone().unwrap_or_else(|| unknown(name_span)),
                };
                self.enum_changes += 1;
                let value = match self.const_eval(&value, EvalMode::Constant) {
                    Some(v) => {
                        self.enum_values.insert(name.clone(), v);
                        Expr::int(v, value.span)
                    }
                    None => {
                        self.enum_values.remove(&name);
                        value
                    }
                };
                let one = Expr::int(1, name_span);
                *next = Some(Expr::new(
                    ExprKind::Binary(BinOp::Add, Box::new(value.clone()), Box::new(one)),
                    name_span,
                ));
                let span = self.span(child);
                self.pending.push(Stmt {
                    kind: StmtKind::Decl(Decl {
                        name,
                        name_span,
                        ty: ty.clone(),
                        init: Some(Init::Expr(value)),
                        constant: true,
                        storage: Storage::Automatic,
                    }),
                    span,
                });
            }
            k::PREPROC_IF | k::PREPROC_IFDEF if self.enter(child) => {
                self.lower_conditional_enumerators(child, ty, next);
                self.leave();
            }
            k::PREPROC_DEF | k::PREPROC_FUNCTION_DEF | k::PREPROC_CALL => {
                self.lower_directive(child)
            }
            _ => {}
        }
    }
}
