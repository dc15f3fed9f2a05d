//! Declarations: the symbol table of a program unit (types, kinds, dimensions, `PARAMETER`s,
//! `DATA`, implicit typing), derived type definitions, and the `Decl`s a unit lowers to.

use std::collections::{HashMap, HashSet};

use tree_sitter::Node;

use super::unit::{SpecificationPart, Unseen};
use super::{fortran_name, kinds as k, named_children, with_dims, Lowerer};
use crate::ir::{ArrayDim, Decl, Expr, ExprKind, FortranUnit, Init, Stmt, StmtKind, Storage, Ty};
use crate::layout::{FortranKinds, FortranType};
use crate::source::Span;

/// What a unit's declarations say about one name.
#[derive(Clone, Debug)]
pub(super) struct Symbol {
    pub name_span: Span,
    /// The type from a type declaration; `None` when only implicitly typed.
    pub ty: Option<Ty>,
    pub dims: Option<Vec<ArrayDim>>,
    pub init: Option<Expr>,
    pub constant: bool,
    /// `SAVE`d explicitly, or implicitly by an initializer or `DATA`.
    pub saved: bool,
    /// The hidden variable of the COMMON block the name is a member of.
    pub common: Option<String>,
}

/// The implicit type of each initial letter; `None` for `IMPLICIT NONE`.
#[derive(Clone, Debug)]
pub(super) struct Implicit([Option<Ty>; 26]);

impl Implicit {
    /// Fortran's default: `I`-`N` are default `INTEGER`, the other letters default `REAL`, of
    /// the configured default kinds.
    fn new(kinds: FortranKinds) -> Self {
        Implicit(std::array::from_fn(|i| {
            let ty = if (8..=13).contains(&i) {
                FortranType::Integer
            } else {
                FortranType::Real
            };
            Some(intrinsic(ty, kind_expr(kinds.default_kind(ty)), None))
        }))
    }

    fn of(&self, name: &str) -> Option<Ty> {
        let first = name.bytes().next()?.to_ascii_lowercase();
        let index = first.checked_sub(b'a')?;
        self.0.get(usize::from(index)).cloned().flatten()
    }
}

/// The scope of one program unit (or module specification part).
#[derive(Clone, Debug)]
pub(super) struct Scope {
    pub symbols: HashMap<String, Symbol>,
    /// Names in order of first declaration.
    pub order: Vec<String>,
    /// Symbols of the modules the unit `USE`s, by the names the unit sees.
    pub imported: HashMap<String, Symbol>,
    /// Module entities the unit sees renamed (`USE m, local => remote`): local to remote.
    pub renames: HashMap<String, String>,
    /// Every name the unit's statements write, outside `USE` statements.
    pub named: HashSet<String>,
    pub implicit: Implicit,
    pub dummies: Vec<String>,
    /// Names referenced as variables but not declared, in order of first use.
    pub undeclared: Vec<String>,
    /// `DATA` initialisations, run before the executable statements.
    pub data: Vec<Stmt>,
    /// The result variable of a function.
    pub result: Option<String>,
    /// The unit's `GO TO`s: which labels are reached by forward jumps only.
    pub jumps: super::jumps::Jumps,
    /// What the unit's own statements make visible of MPI (its host's and module's are added
    /// when the unit is lowered).
    pub mpi: FortranUnit,
    pub specification: SpecificationPart,
    /// Names that may be declared where the analysis did not look.
    pub unseen: Unseen,
    /// A bare `SAVE`: every local is saved.
    pub save_all: bool,
    /// The COMMON blocks the unit declares, in order.
    pub commons: Vec<super::storage::CommonBlock>,
    /// Names in an `EQUIVALENCE`: their storage is shared in ways not modelled.
    pub equivalenced: Vec<String>,
    /// The unit's statement functions, by name.
    pub statement_functions: HashMap<String, super::statement_functions::StatementFunction>,
    /// A statement of the unit's executable part was lowered: `f(x) = ...` is from then on the
    /// element of an array declared out of sight, no statement function.
    pub executable_part: bool,
}

/// A kind as the literal a declaration would write.
pub(super) fn kind_expr(kind: Option<u32>) -> Option<Expr> {
    kind.map(|k| Expr::int(i128::from(k), Span::default()))
}

pub(super) fn intrinsic(ty: FortranType, kind: Option<Expr>, len: Option<Expr>) -> Ty {
    Ty::Fortran {
        ty,
        kind: kind.map(Box::new),
        len: len.map(Box::new),
    }
}

impl Scope {
    /// An empty scope whose implicit types have the configured default kinds.
    pub(super) fn new(kinds: FortranKinds) -> Scope {
        Scope {
            symbols: HashMap::new(),
            order: Vec::new(),
            imported: HashMap::new(),
            renames: HashMap::new(),
            named: HashSet::new(),
            implicit: Implicit::new(kinds),
            dummies: Vec::new(),
            undeclared: Vec::new(),
            data: Vec::new(),
            result: None,
            jumps: super::jumps::Jumps::default(),
            mpi: FortranUnit::default(),
            specification: SpecificationPart::default(),
            unseen: Unseen::Nothing,
            save_all: false,
            commons: Vec::new(),
            equivalenced: Vec::new(),
            statement_functions: HashMap::new(),
            executable_part: false,
        }
    }

    pub(super) fn entry(&mut self, name: &str, span: Span) -> &mut Symbol {
        if !self.symbols.contains_key(name) {
            self.order.push(name.to_owned());
        }
        self.symbols.entry(name.to_owned()).or_insert(Symbol {
            name_span: span,
            ty: None,
            dims: None,
            init: None,
            constant: false,
            saved: false,
            common: None,
        })
    }

    /// The type a name has in this unit: declared, or implicit.
    pub(crate) fn type_of(&self, name: &str) -> Ty {
        let symbol = self.symbols.get(name);
        let base = symbol
            .and_then(|s| s.ty.clone())
            .or_else(|| self.implicit_type(name))
            .unwrap_or(Ty::Unknown);
        with_dims(base, symbol.and_then(|s| s.dims.clone()))
    }

    /// The implicit type of an undeclared name, unless it may be declared out of sight.
    fn implicit_type(&self, name: &str) -> Option<Ty> {
        if self.unseen.may_declare(name) {
            return None;
        }
        self.implicit.of(name)
    }

    /// The declarations of the unit's local variables (dummy arguments excluded), with the
    /// implicitly typed ones after the declared ones. A saved variable keeps its initializer
    /// only where `initial_value_holds` says that it holds whenever the unit starts.
    pub(crate) fn decls(&self, initial_value_holds: &dyn Fn(&str) -> bool) -> Vec<Stmt> {
        let mut out = Vec::new();
        for name in &self.order {
            if self.dummies.contains(name) {
                continue;
            }
            let Some(symbol) = self.symbols.get(name) else {
                continue;
            };
            let storage = self.storage(name, symbol);
            let init = match storage {
                Storage::Saved if !initial_value_holds(name) => None,
                _ => symbol.init.clone().map(Init::Expr),
            };
            out.push(Stmt {
                kind: StmtKind::Decl(Decl {
                    name: name.clone(),
                    name_span: symbol.name_span,
                    ty: self.type_of(name),
                    init,
                    constant: symbol.constant,
                    storage,
                }),
                span: symbol.name_span,
            });
        }
        for name in &self.undeclared {
            let ty = match self.unseen.may_declare(name) {
                true => Some(Ty::Unknown),
                false => self.implicit.of(name),
            };
            if let Some(ty) = ty {
                out.push(Stmt {
                    kind: StmtKind::Decl(Decl {
                        name: name.clone(),
                        name_span: Span::default(),
                        ty,
                        init: None,
                        constant: false,
                        storage: if self.save_all {
                            Storage::Saved
                        } else {
                            Storage::Automatic
                        },
                    }),
                    span: Span::default(),
                });
            }
        }
        out
    }

    /// Where a declared name lives: in its COMMON block, saved, or for one call.
    fn storage(&self, name: &str, symbol: &Symbol) -> Storage {
        if let Some(block) = &symbol.common {
            let span = symbol.name_span;
            let base = Expr::new(ExprKind::Name(block.clone()), span);
            let member = ExprKind::Member {
                base: Box::new(base),
                field: name.to_owned(),
            };
            return Storage::Common(Expr::new(member, span));
        }
        let initialized = symbol.init.is_some() && !symbol.constant;
        if symbol.saved || self.save_all || initialized {
            Storage::Saved
        } else {
            Storage::Automatic
        }
    }
}

/// The entities a declaration or a statement such as `DIMENSION` names, as nodes (each is
/// lowered in turn: a `PARAMETER` may use the one before it).
fn declarator_nodes(node: Node) -> Vec<Node> {
    let mut cursor = node.walk();
    node.children_by_field_name("declarator", &mut cursor)
        .collect()
}

/// One entity of a declaration statement.
pub(super) struct Declarator {
    pub name: String,
    pub span: Span,
    pub dims: Option<Vec<ArrayDim>>,
    init: Option<Expr>,
    /// `CHARACTER name*10`.
    len: Option<Expr>,
}

impl<'a> Lowerer<'a> {
    pub(super) fn scope(&mut self) -> &mut Scope {
        if self.scopes.is_empty() {
            self.scopes.push(Scope::new(self.kinds));
        }
        let last = self.scopes.len() - 1;
        &mut self.scopes[last]
    }

    /// The symbol a name refers to: the unit's, a host's, or a `USE`d module's.
    pub(super) fn lookup(&self, name: &str) -> Option<&Symbol> {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.symbols.get(name).or_else(|| s.imported.get(name)))
    }

    pub(super) fn is_array(&self, name: &str) -> bool {
        self.lookup(name).is_some_and(|s| s.dims.is_some())
    }

    /// Records a name used as a variable; undeclared ones get implicit declarations.
    pub(super) fn use_name(&mut self, name: &str) {
        if self.lookup(name).is_some()
            || name.starts_with("MPI_")
            || self.macro_value(name).is_some()
            || self.procedures.contains_key(name)
        {
            return;
        }
        let scope = self.scope();
        if !scope.undeclared.iter().any(|n| n == name) && !scope.dummies.iter().any(|n| n == name) {
            scope.undeclared.push(name.to_owned());
        }
    }

    /// `INTEGER(KIND=...) :: a(3), b = 1`, and the same inside a derived type (returned as
    /// fields instead of recorded).
    pub(super) fn variable_declaration(&mut self, node: Node) -> Vec<(String, Span, Ty)> {
        let mut ty = node
            .child_by_field_name("type")
            .map_or(Ty::Unknown, |t| self.type_spec(t));
        let mut dims = None;
        let mut constant = false;
        let mut saved = false;
        // An allocatable or pointer component is a descriptor, whose layout is the compiler's.
        let mut descriptor = false;
        let mut cursor = node.walk();
        for attribute in node.children_by_field_name("attribute", &mut cursor) {
            let word = self.first_word(attribute);
            match word.as_str() {
                k::PARAMETER => constant = true,
                k::SAVE => saved = true,
                k::DIMENSION => {
                    dims = named_children(attribute)
                        .find(|c| c.kind() == k::ARGUMENT_LIST)
                        .map(|list| self.dimensions(list));
                }
                // A pointer may point anywhere: nothing is known of it.
                k::POINTER => {
                    ty = Ty::Unknown;
                    descriptor = true;
                }
                // An allocatable's elements are known once `ALLOCATE` gives its bounds.
                k::ALLOCATABLE => descriptor = true,
                _ => {}
            }
        }
        let mut fields = Vec::new();
        for d in declarator_nodes(node) {
            let Some(declarator) = self.declarator(d) else {
                continue;
            };
            let mut entity_ty = ty.clone();
            if let (Some(len), Ty::Fortran { ty: t, kind, .. }) = (declarator.len, &ty) {
                entity_ty = Ty::Fortran {
                    ty: *t,
                    kind: kind.clone(),
                    len: Some(Box::new(len)),
                };
            }
            let entity_dims = declarator.dims.or_else(|| dims.clone());
            let component = match descriptor {
                true => Ty::Unknown,
                false => with_dims(entity_ty.clone(), entity_dims.clone()),
            };
            fields.push((declarator.name.clone(), declarator.span, component));
            let symbol = self.scope().entry(&declarator.name, declarator.span);
            symbol.ty = Some(entity_ty);
            if entity_dims.is_some() {
                symbol.dims = entity_dims;
            }
            if declarator.init.is_some() {
                symbol.init = declarator.init;
            }
            symbol.constant |= constant;
            symbol.saved |= saved;
        }
        fields
    }

    /// `DIMENSION w(3)`, `ALLOCATABLE w(:)`, `INTENT(IN) n` and the like.
    pub(super) fn variable_modification(&mut self, node: Node) {
        let word = named_children(node)
            .find(|c| c.kind() == k::TYPE_QUALIFIER)
            .map(|q| self.first_word(q))
            .unwrap_or_default();
        for d in declarator_nodes(node) {
            let Some(declarator) = self.declarator(d) else {
                continue;
            };
            let symbol = self.scope().entry(&declarator.name, declarator.span);
            match word.as_str() {
                k::DIMENSION => symbol.dims = declarator.dims,
                k::ALLOCATABLE if declarator.dims.is_some() => symbol.dims = declarator.dims,
                k::POINTER => symbol.ty = Some(Ty::Unknown),
                k::SAVE => symbol.saved = true,
                _ => {}
            }
        }
    }

    /// `PARAMETER (n = 10, m = n*2)`.
    pub(super) fn parameter_statement(&mut self, node: Node) {
        for assignment in named_children(node).filter(|c| c.kind() == k::PARAMETER_ASSIGNMENT) {
            let mut parts = named_children(assignment);
            let (Some(name), Some(value)) = (parts.next(), parts.next()) else {
                continue;
            };
            let span = self.span(name);
            let name = fortran_name(self.text(name));
            let value = self.expr(value);
            let symbol = self.scope().entry(&name, span);
            symbol.init = Some(value);
            symbol.constant = true;
        }
    }

    /// `DATA w /1.0, 2.0, 3.0/, n /5/`: assignments before the executable statements.
    pub(super) fn data_statement(&mut self, node: Node) {
        for set in named_children(node).filter(|c| c.kind() == k::DATA_SET) {
            let span = self.span(set);
            let mut names = Vec::new();
            let mut values = Vec::new();
            for part in named_children(set) {
                if part.kind() == k::DATA_VALUE {
                    for v in named_children(part) {
                        // `3*0.0` is a repeat count, not a product.
                        values.push(if v.kind() == k::MATH_EXPRESSION {
                            Expr::unknown(self.span(v))
                        } else {
                            self.expr(v)
                        });
                    }
                } else {
                    names.push(self.expr(part));
                }
            }
            // `DATA` implies `SAVE`.
            for name in names.iter().filter_map(Expr::root_name) {
                let span = self.span(set);
                self.scope().entry(name, span).saved = true;
            }
            let stmts: Vec<Stmt> = match (names.as_slice(), values.len()) {
                ([target], n) if n > 1 => {
                    vec![assign(target.clone(), array_ctor(values, span), span)]
                }
                (targets, n) if targets.len() == n => targets
                    .iter()
                    .cloned()
                    .zip(values)
                    .map(|(t, v)| assign(t, v, span))
                    .collect(),
                _ => vec![Stmt {
                    kind: StmtKind::Opaque {
                        names: names
                            .iter()
                            .filter_map(|n| n.root_name().map(str::to_owned))
                            .collect(),
                    },
                    span,
                }],
            };
            self.scope().data.extend(stmts);
        }
    }

    /// `IMPLICIT NONE`, `IMPLICIT DOUBLE PRECISION (A-H, O-Z)`.
    pub(super) fn implicit_statement(&mut self, node: Node) {
        let mut current: Option<Ty> = None;
        for child in named_children(node) {
            match child.kind() {
                k::NONE => self.scope().implicit = Implicit(std::array::from_fn(|_| None)),
                k::INTRINSIC_TYPE => current = Some(self.type_spec(child)),
                k::IMPLICIT_RANGE => {
                    let range = self.text(child).to_ascii_lowercase();
                    let letters: Vec<u8> = range.bytes().filter(u8::is_ascii_lowercase).collect();
                    let (first, last) = match letters.as_slice() {
                        [one] => (*one, *one),
                        [first, last] => (*first, *last),
                        _ => continue,
                    };
                    for letter in first..=last {
                        let scope = self.scope();
                        scope.implicit.0[usize::from(letter - b'a')] = current.clone();
                    }
                }
                _ => {}
            }
        }
    }

    /// The first keyword of a node, lower case (`dimension` of `DIMENSION(3)`).
    pub(super) fn first_word(&self, node: Node) -> String {
        self.text(node)
            .trim()
            .split(|c: char| !c.is_ascii_alphabetic())
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
    }

    /// Array bounds: `(n)`, `(0:129, 0:65)`, `(*)`, `(:)`.
    pub(super) fn dimensions(&mut self, list: Node) -> Vec<ArrayDim> {
        named_children(list)
            .map(|d| {
                let span = self.span(d);
                match d.kind() {
                    k::EXTENT_SPECIFIER => {
                        let mut parts = Vec::new();
                        let mut before_colon = true;
                        for c in super::children(d) {
                            if !c.is_named() {
                                before_colon = false;
                            } else {
                                parts.push((before_colon, c));
                            }
                        }
                        let lower = parts
                            .iter()
                            .find(|(before, _)| *before)
                            .map(|&(_, n)| self.expr(n))
                            .unwrap_or_else(|| Expr::int(1, span));
                        let upper = parts
                            .iter()
                            .find(|(before, n)| !*before && n.kind() != k::ASSUMED_SIZE)
                            .map(|&(_, n)| self.expr(n));
                        ArrayDim { lower, upper }
                    }
                    k::ASSUMED_SIZE => ArrayDim {
                        lower: Expr::int(1, span),
                        upper: None,
                    },
                    _ => ArrayDim {
                        lower: Expr::int(1, span),
                        upper: Some(self.expr(d)),
                    },
                }
            })
            .collect()
    }

    pub(super) fn declarator(&mut self, node: Node) -> Option<Declarator> {
        match node.kind() {
            k::IDENTIFIER => Some(Declarator {
                name: fortran_name(self.text(node)),
                span: self.span(node),
                dims: None,
                init: None,
                len: None,
            }),
            k::SIZED_DECLARATOR => {
                let mut declarator = self.declarator(named_children(node).next()?)?;
                for part in named_children(node).skip(1) {
                    match part.kind() {
                        k::SIZE => declarator.dims = Some(self.dimensions(part)),
                        k::CHARACTER_LENGTH => {
                            // `name*8`: the grammar keeps the number in the token.
                            let span = self.span(part);
                            let digits = self.text(part).trim().trim_start_matches('*').trim();
                            let literal = digits
                                .parse::<i128>()
                                .ok()
                                .filter(|_| digits.bytes().all(|b| b.is_ascii_digit()))
                                .map(|n| Expr::int(n, span));
                            declarator.len = Some(
                                named_children(part)
                                    .next()
                                    .filter(|n| n.kind() == k::NUMBER_LITERAL)
                                    .map(|n| self.expr(n))
                                    .or(literal)
                                    .unwrap_or(Expr::unknown(span)),
                            )
                        }
                        _ => {}
                    }
                }
                Some(declarator)
            }
            k::INIT_DECLARATOR => {
                let mut declarator = self.declarator(node.child_by_field_name("left")?)?;
                declarator.init = node.child_by_field_name("right").map(|r| self.expr(r));
                Some(declarator)
            }
            _ => None,
        }
    }
}

pub(super) fn assign(target: Expr, value: Expr, span: Span) -> Stmt {
    Stmt {
        kind: StmtKind::Assign { target, value },
        span,
    }
}

fn array_ctor(values: Vec<Expr>, span: Span) -> Expr {
    Expr::new(ExprKind::ArrayCtor(values), span)
}
