//! Types as written: intrinsic types with their kinds and lengths, derived types by name, and
//! derived type definitions, which become the program's aggregates.

use tree_sitter::Node;

use super::decl::{intrinsic, kind_expr, Scope};
use super::{fortran_name, kinds as k, named_children, Lowerer};
use crate::ir::{Aggregate, AggregateKind, Expr, ExprKind, Field, Ty};
use crate::layout::{FortranType, Target};

impl Lowerer<'_> {
    /// `TYPE [, BIND(C)] [, EXTENDS(parent)] :: name ... END TYPE`. The parent of an extended
    /// type is its first component (anonymous: the parent's components are the child's). What
    /// the front end does not follow inside the definition (type parameters, a preprocessor
    /// directive, an include, a syntax error) becomes an anonymous component of unknown type,
    /// which leaves the layout unknown.
    pub(super) fn derived_type_definition(&mut self, node: Node) {
        let mut name = None;
        let mut kind = AggregateKind::FortranDerived;
        let mut fields = Vec::new();
        let unknown = || Field {
            name: String::new(),
            ty: Ty::Unknown,
            bit_width: None,
            align: None,
        };
        for child in named_children(node) {
            if child.has_error() {
                fields.push(unknown());
                continue;
            }
            match child.kind() {
                k::DERIVED_TYPE_STATEMENT => {
                    for part in named_children(child) {
                        match part.kind() {
                            k::TYPE_NAME => {
                                name = Some((fortran_name(self.text(part)), self.span(part)))
                            }
                            k::LANGUAGE_BINDING => kind = AggregateKind::FortranSequence,
                            k::BASE_TYPE_SPECIFIER => {
                                let parent = named_children(part)
                                    .find(|c| c.kind() == k::IDENTIFIER)
                                    .map(|p| fortran_name(self.text(p)));
                                fields.push(Field {
                                    ty: parent.map_or(Ty::Unknown, Ty::Named),
                                    ..unknown()
                                });
                            }
                            k::DERIVED_TYPE_PARAMETER_LIST => fields.push(unknown()),
                            _ => {}
                        }
                    }
                }
                k::SEQUENCE_STATEMENT => kind = AggregateKind::FortranSequence,
                k::VARIABLE_DECLARATION => {
                    // Components are not variables of the unit: declare them in a scratch scope.
                    self.scopes.push(Scope::new(self.kinds));
                    let components = self.variable_declaration(child);
                    self.scopes.pop();
                    fields.extend(components.into_iter().map(|(name, _, ty)| Field {
                        name,
                        ty,
                        bit_width: None,
                        align: None,
                    }));
                }
                // Type-bound procedures and access statements take no storage.
                k::PUBLIC_STATEMENT
                | k::PRIVATE_STATEMENT
                | k::DERIVED_TYPE_PROCEDURES
                | k::END_TYPE_STATEMENT => {}
                _ => fields.push(unknown()),
            }
        }
        let Some((name, name_span)) = name else {
            return;
        };
        self.program.aggregates.push(Aggregate {
            name,
            anonymous: false,
            name_span,
            kind,
            fields,
            pack: None,
            align: None,
            span: self.span(node),
        });
    }

    /// A type as written: `INTEGER*8`, `REAL(KIND=dp)`, `CHARACTER(LEN=8)`, `TYPE(particle)`.
    pub(super) fn type_spec(&mut self, node: Node) -> Ty {
        match node.kind() {
            k::INTRINSIC_TYPE => self.intrinsic_type(node),
            k::DERIVED_TYPE => {
                let Some(name) = named_children(node).find(|c| c.kind() == k::TYPE_NAME) else {
                    return Ty::Unknown;
                };
                let name = fortran_name(self.text(name));
                match name.as_str() {
                    "MPI_DATATYPE" => Ty::MpiDatatype,
                    n if n.starts_with("MPI_") => Ty::MpiOpaque,
                    _ => Ty::Named(name),
                }
            }
            _ => Ty::Unknown,
        }
    }

    fn intrinsic_type(&mut self, node: Node) -> Ty {
        let words: String = super::children(node)
            .filter(|c| !c.is_named())
            .map(|c| c.kind().to_ascii_lowercase())
            .collect::<Vec<_>>()
            .join(" ");
        let (ty, double) = match words.as_str() {
            "integer" => (FortranType::Integer, false),
            "real" => (FortranType::Real, false),
            "complex" => (FortranType::Complex, false),
            "logical" => (FortranType::Logical, false),
            "character" => (FortranType::Character, false),
            "double precision" => (FortranType::Real, true),
            "double complex" => (FortranType::Complex, true),
            _ => return Ty::Unknown,
        };
        // The front end does not know the target; gfortran's DOUBLE PRECISION kind is 8 on all.
        let fixed_kind = kind_expr(if double {
            Some(self.kinds.double_precision_kind(Target::default()))
        } else {
            self.kinds.default_kind(ty)
        });
        let Some(kind_node) = node.child_by_field_name("kind") else {
            return intrinsic(ty, fixed_kind, None);
        };
        let mut args: Vec<Node> = named_children(kind_node).collect();
        // `CHARACTER*(n)` and `CHARACTER*(*)`: the grammar reads the star as an assumed size
        // before the parenthesised length.
        let star_paren = self.text(kind_node).trim_start().starts_with('*')
            && args.len() == 2
            && args[0].kind() == k::ASSUMED_SIZE;
        if star_paren {
            args.remove(0);
        }
        let star = star_paren || super::children(kind_node).any(|c| c.kind() == k::STAR);
        let mut kind = None;
        let mut len = None;
        for (position, arg) in args.into_iter().enumerate() {
            let (keyword, value) = if arg.kind() == k::KEYWORD_ARGUMENT {
                let keyword = arg
                    .child_by_field_name("name")
                    .map(|n| self.first_word(n))
                    .unwrap_or_default();
                (Some(keyword), arg.child_by_field_name("value"))
            } else {
                (None, Some(arg))
            };
            let value = value.map_or(Expr::unknown(self.span(arg)), |v| self.expr(v));
            let is_len = match keyword.as_deref() {
                Some(k::LEN) => true,
                Some(_) => false,
                // `CHARACTER*8` and `CHARACTER(8)` give the length; `CHARACTER(8, 1)` the kind second.
                None => ty == FortranType::Character && position == 0,
            };
            if is_len {
                len = Some(value);
            } else {
                kind = Some(value);
            }
        }
        // `COMPLEX*16` is two REAL*8: the star counts bytes of the pair.
        if star && ty == FortranType::Complex {
            kind = kind.map(|k| match k.kind {
                ExprKind::Int(bytes) => Expr::int(bytes / 2, k.span),
                _ => Expr::unknown(k.span),
            });
        }
        intrinsic(ty, kind.or(fixed_kind), len)
    }
}
