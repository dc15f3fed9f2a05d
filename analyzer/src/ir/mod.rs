//! The language-neutral program the front ends lower C and Fortran into, and the evaluator runs.
//!
//! It keeps what datatype evaluation needs: declarations with their types, assignments, calls,
//! loops and branches, and the aggregate types (C structs and unions, Fortran derived types).
//! Everything else lowers to [`StmtKind::Opaque`] or [`ExprKind::Unknown`], which the evaluator
//! treats as "anything may have happened" rather than guessing.

use std::collections::{HashMap, HashSet};

use crate::fingerprint::Fingerprint;
use crate::layout::{CType, FortranType};
use crate::source::{Note, Span};

pub(crate) mod placed;
pub(crate) mod spans;

pub(crate) use placed::PlacedFunction;

/// One translation unit.
#[derive(Clone, Debug, Default)]
pub(crate) struct Program {
    /// Aggregate type declarations, in source order.
    pub aggregates: Vec<Aggregate>,
    /// Type aliases (`typedef`), in source order.
    pub typedefs: Vec<(String, Ty)>,
    /// The names of the C macros the file and its headers define, in definition order (the
    /// code is lowered from its expansion: no macro is left in it).
    pub macro_names: Vec<String>,
    /// File-scope declarations and statements (C globals, enums; Fortran module variables).
    pub globals: Vec<Stmt>,
    /// Shared with the memo that reuses them for the next version.
    pub functions: Vec<PlacedFunction>,
    /// Fortran modules: their span and what their specification part makes visible of MPI.
    pub fortran_modules: Vec<(Span, FortranUnit)>,
    /// Parse errors and constructs the front end skipped.
    pub notes: Vec<Note>,
    /// Uses of C macros, expanded in place: the spans of what their expansions hold lie inside
    /// these, and are not the text of that code.
    pub macro_uses: Vec<Span>,
    /// What it but its functions with an identity was lowered from (`c/memo.rs`,
    /// `fortran/memo.rs`), not where: while it is the same, so are the globals and the types
    /// the roots' results and the checks' findings were keyed on (`eval/roots.rs`).
    pub declarations: Option<Fingerprint>,
}

impl Program {
    /// Whether `span` lies inside the use of a macro (see [`Self::macro_uses`]).
    pub(crate) fn in_macro_use(&self, span: Span) -> bool {
        self.macro_uses
            .iter()
            .any(|u| u.start <= span.start && span.end <= u.end)
    }
}

/// A C function or a Fortran program, subroutine or function.
#[derive(Clone, Debug)]
pub(crate) struct Function {
    pub name: String,
    pub name_span: Span,
    pub params: Vec<Param>,
    pub body: Vec<Stmt>,
    pub span: Span,
    /// A Fortran main program (or C `main`): an entry point.
    pub is_main: bool,
    /// What a Fortran unit's specification part says (`None` for C).
    pub fortran: Option<FortranUnit>,
    /// The Fortran program or procedure this one is an internal procedure of (after its
    /// `CONTAINS`): the names it does not declare are the host's (host association).
    pub host: Option<String>,
    /// What it was lowered from, if nothing else (`c/memo.rs`, `fortran/memo.rs`): alike but for
    /// their places.
    pub identity: Option<Fingerprint>,
}

/// What a Fortran unit's specification part says, for fixes that write code in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FortranUnit {
    /// Where new declarations go: the end of the unit's header or of the last specification
    /// statement, when no executable statement comes before one; `None` when unsure.
    pub specification_end: Option<usize>,
    /// `MPI_ADDRESS_KIND` is visible: `include 'mpif.h'`, `use mpi`, `use mpi_f08` (with an
    /// `only` list, one naming it), in the unit, its host or its module, or in a module of the
    /// file it uses.
    pub address_kind: bool,
    /// `use mpi_f08` is in effect: handles are `TYPE(MPI_Datatype)`, `ierror` is optional.
    pub f08: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct Param {
    pub name: String,
    pub ty: Ty,
    /// Fortran dummy arguments are references to the actual argument.
    pub by_reference: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub(crate) enum StmtKind {
    Decl(Decl),
    /// `target = value`; compound assignments are lowered to a binary operation.
    Assign {
        target: Expr,
        value: Expr,
    },
    /// An expression evaluated for its effects (calls, `i++`).
    Eval(Expr),
    If {
        cond: Expr,
        then: Vec<Stmt>,
        otherwise: Vec<Stmt>,
    },
    /// `for (init; cond; step) body`, `while`, `do ... while` (`test_first` false) and Fortran
    /// `DO` loops, which lower to the same form. A missing condition loops until `break`.
    Loop {
        init: Vec<Stmt>,
        cond: Option<Expr>,
        step: Vec<Stmt>,
        body: Vec<Stmt>,
        test_first: bool,
    },
    Return(Option<Expr>),
    Break,
    Continue,
    Block(Vec<Stmt>),
    /// A jump forward to a label of the same function (`GO TO 99` to an error exit): the path
    /// goes on at [`StmtKind::Label`] of that name. Jumps backward, and labels they reach, are
    /// `Opaque`.
    Goto(String),
    /// Where forward jumps land: the paths that jumped there join the one that falls through.
    Label(String),
    /// Fortran `ALLOCATE(a(lo:hi, n))` of a named allocatable: new contents, and the bounds
    /// evaluated here (none for a scalar).
    Allocate {
        name: String,
        dims: Vec<ArrayDim>,
    },
    /// `DEALLOCATE(a)`: the allocatable has no contents nor bounds any more.
    Deallocate(String),
    /// A statement the front end does not model (a backward `goto`, a `switch`, inline
    /// assembly): the evaluator forgets the variables it names.
    Opaque {
        names: Vec<String>,
    },
}

#[derive(Clone, Debug)]
pub(crate) struct Decl {
    pub name: String,
    pub name_span: Span,
    pub ty: Ty,
    pub init: Option<Init>,
    /// `const` in C, `PARAMETER` in Fortran.
    pub constant: bool,
    pub storage: Storage,
}

/// Where a declared variable lives.
#[derive(Clone, Debug, Default)]
pub(crate) enum Storage {
    /// Its own storage, for one call of its function (or for the program, at file scope).
    #[default]
    Automatic,
    /// Fortran `SAVE`, explicit or implied (an initializer, `DATA`, a bare `SAVE`): the value
    /// outlives the call, so a handle kept there is not lost when the procedure returns. The
    /// front end leaves out the initializer of a procedure's saved variable (it runs once, not
    /// at every call).
    Saved,
    /// A member of a Fortran COMMON block: another name for this place, a component of the
    /// hidden variable that holds the unit's view of the block.
    Common(Expr),
}

/// An initializer.
#[derive(Clone, Debug)]
pub(crate) enum Init {
    Expr(Expr),
    /// `{ ... }`: elements with optional designators (`[3] = x`, `.field = y`).
    List(Vec<(Vec<Designator>, Init)>),
}

#[derive(Clone, Debug)]
pub(crate) enum Designator {
    Index(Expr),
    Field(String),
}

#[derive(Clone, Debug)]
pub(crate) struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub(crate) enum ExprKind {
    Int(i128),
    Float(f64),
    Str(String),
    /// A variable, constant, enumerator, macro or MPI handle by name (Fortran names are lowered
    /// to lower case; MPI names keep their C spelling in upper case).
    Name(String),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A call by name: C functions and function-like macros, Fortran `CALL`s and function
    /// references. Fortran names are lower case.
    Call {
        callee: String,
        callee_span: Span,
        args: Vec<Expr>,
    },
    /// `a[i]` (one index per C subscript) or `a(i, j)` (Fortran, all subscripts at once, in
    /// source order; bounds come from the declaration).
    Index {
        base: Box<Expr>,
        indices: Vec<Expr>,
    },
    /// `s.f`, `p->f` (lowered as `(*p).f`), Fortran `s%f`.
    Member {
        base: Box<Expr>,
        field: String,
    },
    /// Fortran `s(a:b)`, `s(a:)`, `s(:b)`: characters `a` to `b` of a `CHARACTER` scalar, or of
    /// an element or component of one (`names(3)(2:4)`, `r%tag(:4)`); `a` is 1 and `b` the length
    /// when left out. The front end cannot always tell `x%a(1:n)` from an array section: the
    /// evaluator looks at the base's declared type.
    Substring {
        base: Box<Expr>,
        lower: Option<Box<Expr>>,
        upper: Option<Box<Expr>>,
    },
    /// Fortran `a(l:u, j)`: an array section, one subscript per dimension.
    Section {
        base: Box<Expr>,
        subscripts: Vec<Subscript>,
    },
    AddrOf(Box<Expr>),
    Deref(Box<Expr>),
    Cast(Ty, Box<Expr>),
    SizeofType(Ty),
    SizeofExpr(Box<Expr>),
    AlignofType(Ty),
    /// `offsetof(T, a.b[2])`.
    Offsetof(Ty, Vec<Designator>),
    /// Pre/post increment and decrement: `i++` is `IncDec { delta: 1, post: true }`.
    IncDec {
        target: Box<Expr>,
        delta: i128,
        post: bool,
    },
    /// Fortran array constructor `(/ a, b /)` or `[a, b]`; a C compound literal's list.
    ArrayCtor(Vec<Expr>),
    /// An implied DO in a Fortran array constructor, `(i*n, i = 0, k-1)`: the items for each
    /// value of `var` (a variable of the implied DO only) from `start` to `end` by `step`.
    ImpliedDo {
        items: Vec<Expr>,
        var: String,
        start: Box<Expr>,
        end: Box<Expr>,
        step: Option<Box<Expr>>,
    },
    /// C preprocessor `defined(X)`.
    Defined(String),
    /// Anything the front end does not model.
    Unknown,
}

/// One subscript of a Fortran array section.
#[derive(Clone, Debug)]
pub(crate) enum Subscript {
    Index(Expr),
    /// `l:u:s`; a bound left out is the dimension's, a stride left out is 1.
    Range {
        lower: Option<Expr>,
        upper: Option<Expr>,
        stride: Option<Expr>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnOp {
    Neg,
    Plus,
    Not,
    BitNot,
}

impl UnOp {
    /// The operator on an integer, `None` where the result does not fit in `i128`.
    pub(crate) fn apply(self, v: i128) -> Option<i128> {
        match self {
            UnOp::Neg => v.checked_neg(),
            UnOp::Plus => Some(v),
            UnOp::Not => Some(i128::from(v == 0)),
            UnOp::BitNot => Some(!v),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    /// Fortran `**`.
    Pow,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    And,
    Or,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl BinOp {
    /// The operator on integers, as C and Fortran define it (division truncates toward zero,
    /// `&&`/`||` give 0 or 1), `None` where the result is undefined or does not fit in `i128`:
    /// the one integer arithmetic of the analysis, every operation overflow-checked.
    pub(crate) fn apply(self, x: i128, y: i128) -> Option<i128> {
        // A shift by the width or more is undefined in C.
        let shift = || u32::try_from(y).ok().filter(|&y| y < i128::BITS - 1);
        match self {
            BinOp::Add => x.checked_add(y),
            BinOp::Sub => x.checked_sub(y),
            BinOp::Mul => x.checked_mul(y),
            BinOp::Div => x.checked_div(y),
            BinOp::Rem => x.checked_rem(y),
            BinOp::Pow => u32::try_from(y).ok().and_then(|y| x.checked_pow(y)),
            BinOp::Shl => x.checked_shl(shift()?),
            BinOp::Shr => x.checked_shr(shift()?),
            BinOp::BitAnd => Some(x & y),
            BinOp::BitOr => Some(x | y),
            BinOp::BitXor => Some(x ^ y),
            BinOp::And => Some(i128::from(x != 0 && y != 0)),
            BinOp::Or => Some(i128::from(x != 0 || y != 0)),
            BinOp::Eq => Some(i128::from(x == y)),
            BinOp::Ne => Some(i128::from(x != y)),
            BinOp::Lt => Some(i128::from(x < y)),
            BinOp::Le => Some(i128::from(x <= y)),
            BinOp::Gt => Some(i128::from(x > y)),
            BinOp::Ge => Some(i128::from(x >= y)),
        }
    }
}

/// A type as written.
#[derive(Clone, Debug)]
pub(crate) enum Ty {
    /// A C scalar.
    C(CType),
    /// A Fortran intrinsic type; `kind` is an expression (`KIND=MPI_ADDRESS_KIND`, `8`, `dp`) or
    /// `None` for the default kind. `CHARACTER` carries its length in `len`.
    Fortran {
        ty: FortranType,
        kind: Option<Box<Expr>>,
        len: Option<Box<Expr>>,
    },
    /// `MPI_Datatype` / `TYPE(MPI_Datatype)` / a Fortran `INTEGER` used as a handle is still
    /// `Fortran`; this is the C and mpi_f08 handle type.
    MpiDatatype,
    /// Another MPI opaque type (`MPI_Comm`, `MPI_Status`, `MPI_Request`, ...), by name.
    MpiOpaque,
    Pointer(Box<Ty>),
    /// An array: element type and dimensions, outermost first as written (C `a[2][3]`: 2 then 3;
    /// Fortran `a(0:9, 5)`: dimension 1 then 2).
    Array(Box<Ty>, Vec<ArrayDim>),
    /// A struct, union, derived type or typedef by name (C struct tags as `struct tag`).
    Named(String),
    /// A type laid out with another alignment: a typedef with `aligned(n)`, a `packed` member
    /// (1).
    Aligned(Box<Ty>, Box<Expr>),
    /// A GNU vector (`__attribute__((vector_size(n)))`): element type and size in bytes.
    Vector(Box<Ty>, Box<Expr>),
    Void,
    Unknown,
}

/// One array dimension: `lower` is 0 in C, 1 by default in Fortran; `upper` inclusive.
/// `upper` is `None` for `a[]` and assumed-size `a(*)`.
#[derive(Clone, Debug)]
pub(crate) struct ArrayDim {
    pub lower: Expr,
    pub upper: Option<Expr>,
}

/// A C struct or union, or a Fortran derived type.
#[derive(Clone, Debug)]
pub(crate) struct Aggregate {
    /// `struct tag`, `union tag`, or the derived type's name; anonymous ones get a unique name.
    pub name: String,
    /// Declared without a tag (`typedef struct { ... } cell_t;`): `name` is made up.
    pub anonymous: bool,
    pub name_span: Span,
    pub kind: AggregateKind,
    pub fields: Vec<Field>,
    /// `#pragma pack(n)` in force, or `__attribute__((packed))` (as 1).
    pub pack: Option<u32>,
    /// `__attribute__((aligned(n)))` on the type.
    pub align: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AggregateKind {
    Struct,
    Union,
    /// A Fortran derived type with `SEQUENCE` or `BIND(C)`: laid out like a C struct.
    FortranSequence,
    /// Any other Fortran derived type: its layout is the compiler's choice, which gfortran makes
    /// the C struct's (an extended type's parent is an anonymous first member). Not guaranteed:
    /// `-fpack-derived` and other compilers may do otherwise.
    FortranDerived,
    /// A unit's view of a Fortran COMMON block: its members in order, each at the next multiple
    /// of its own alignment as gfortran places them (`-falign-commons`, the default).
    FortranCommon,
}

#[derive(Clone, Debug)]
pub(crate) struct Field {
    /// Empty for an anonymous struct or union member, whose fields are reachable by name.
    pub name: String,
    pub ty: Ty,
    pub bit_width: Option<Expr>,
    /// `_Alignas(n)` or `__attribute__((aligned(n)))` on the member.
    pub align: Option<Expr>,
}

impl Expr {
    pub(crate) fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }

    pub(crate) fn unknown(span: Span) -> Expr {
        Expr::new(ExprKind::Unknown, span)
    }

    pub(crate) fn int(value: i128, span: Span) -> Expr {
        Expr::new(ExprKind::Int(value), span)
    }

    /// The variable this expression names, looking through indexing, members and `&`.
    pub(crate) fn root_name(&self) -> Option<&str> {
        match &self.kind {
            ExprKind::Name(n) => Some(n),
            ExprKind::Index { base, .. }
            | ExprKind::Member { base, .. }
            | ExprKind::Substring { base, .. }
            | ExprKind::Section { base, .. } => base.root_name(),
            ExprKind::AddrOf(e) | ExprKind::Deref(e) | ExprKind::Cast(_, e) => e.root_name(),
            _ => None,
        }
    }
}

/// `MPI_` (any case) followed by more: a name of the MPI library, in C or Fortran spelling.
pub(crate) fn is_mpi_name(name: &str) -> bool {
    name.len() > 4 && name.as_bytes()[..4].eq_ignore_ascii_case(b"mpi_")
}

/// Every statement of `stmts` and of the statements nested in them, outermost first and in
/// source order, each with the number of loops around it (within `stmts`). The one walk over
/// statements: iterative, so nesting depth costs no stack.
pub(crate) fn statements(stmts: &[Stmt]) -> Statements<'_> {
    Statements {
        stack: vec![(stmts.iter(), 0)],
        enter: |_| true,
    }
}

pub(crate) struct Statements<'a> {
    stack: Vec<(std::slice::Iter<'a, Stmt>, usize)>,
    enter: fn(&StmtKind) -> bool,
}

impl Statements<'_> {
    /// Goes only into the statements nested in those `enter` accepts.
    pub(crate) fn entering(self, enter: fn(&StmtKind) -> bool) -> Self {
        Statements { enter, ..self }
    }
}

impl<'a> Iterator for Statements<'a> {
    type Item = (&'a Stmt, usize);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (siblings, loops) = self.stack.last_mut()?;
            let loops = *loops;
            let Some(stmt) = siblings.next() else {
                self.stack.pop();
                continue;
            };
            if (self.enter)(&stmt.kind) {
                let inner = loops + usize::from(matches!(stmt.kind, StmtKind::Loop { .. }));
                for list in stmt.kind.nested().into_iter().rev() {
                    if !list.is_empty() {
                        self.stack.push((list.iter(), inner));
                    }
                }
            }
            return Some((stmt, loops));
        }
    }
}

impl StmtKind {
    /// The statement lists nested in this statement, in source order.
    pub(crate) fn nested(&self) -> [&[Stmt]; 3] {
        match self {
            StmtKind::If {
                then, otherwise, ..
            } => [then, otherwise, &[]],
            StmtKind::Loop {
                init, step, body, ..
            } => [init, step, body],
            StmtKind::Block(b) => [b, &[], &[]],
            _ => [&[], &[], &[]],
        }
    }

    /// Calls `f` on the expressions this statement evaluates itself (initializers, conditions,
    /// right-hand sides), not on those of nested statements nor on sub-expressions.
    pub(crate) fn own_exprs(&self, f: &mut dyn FnMut(&Expr)) {
        match self {
            StmtKind::Decl(d) => {
                if let Some(init) = &d.init {
                    visit_init(init, f);
                }
            }
            StmtKind::Assign { target, value } => {
                f(target);
                f(value);
            }
            StmtKind::Eval(e) | StmtKind::Return(Some(e)) => f(e),
            StmtKind::If { cond, .. }
            | StmtKind::Loop {
                cond: Some(cond), ..
            } => f(cond),
            StmtKind::Allocate { dims, .. } => {
                for d in dims {
                    f(&d.lower);
                    if let Some(upper) = &d.upper {
                        f(upper);
                    }
                }
            }
            StmtKind::Loop { cond: None, .. }
            | StmtKind::Deallocate(_)
            | StmtKind::Block(_)
            | StmtKind::Return(None)
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Goto(_)
            | StmtKind::Label(_)
            | StmtKind::Opaque { .. } => {}
        }
    }
}

/// Calls `f` on every statement, nested ones included, outermost first, to change it.
pub(crate) fn visit_stmts_mut(stmts: &mut [Stmt], f: &mut dyn FnMut(&mut Stmt)) {
    for stmt in stmts {
        f(stmt);
        match &mut stmt.kind {
            StmtKind::If {
                then, otherwise, ..
            } => {
                visit_stmts_mut(then, f);
                visit_stmts_mut(otherwise, f);
            }
            StmtKind::Loop {
                init, step, body, ..
            } => {
                visit_stmts_mut(init, f);
                visit_stmts_mut(step, f);
                visit_stmts_mut(body, f);
            }
            StmtKind::Block(nested) => visit_stmts_mut(nested, f),
            _ => {}
        }
    }
}

/// The labels of a function body that only jumps from before them reach, each jump from inside
/// a statement that precedes the label in the label's own statement list (`goto fn_exit` out
/// of nested blocks and loops): the evaluator joins those jumps' paths where the label stands.
/// A label written twice is none of them.
pub(crate) fn forward_labels(body: &[Stmt]) -> HashSet<String> {
    /// A statement's place: the address of its list and its index there.
    type At = (usize, usize);
    fn walk(
        list: &[Stmt],
        chain: &mut Vec<At>,
        labels: &mut HashMap<String, Vec<At>>,
        gotos: &mut Vec<(String, Vec<At>)>,
    ) {
        let id = list.as_ptr() as usize;
        for (i, stmt) in list.iter().enumerate() {
            chain.push((id, i));
            match &stmt.kind {
                StmtKind::Label(l) => labels.entry(l.clone()).or_default().push((id, i)),
                StmtKind::Goto(l) => gotos.push((l.clone(), chain.clone())),
                StmtKind::If {
                    then, otherwise, ..
                } => {
                    walk(then, chain, labels, gotos);
                    walk(otherwise, chain, labels, gotos);
                }
                StmtKind::Loop {
                    init, step, body, ..
                } => {
                    for nested in [init, step, body] {
                        walk(nested, chain, labels, gotos);
                    }
                }
                StmtKind::Block(nested) => walk(nested, chain, labels, gotos),
                _ => {}
            }
            chain.pop();
        }
    }
    let mut labels = HashMap::new();
    let mut gotos = Vec::new();
    walk(body, &mut Vec::new(), &mut labels, &mut gotos);
    labels
        .into_iter()
        .filter_map(|(label, places)| match places.as_slice() {
            [(list, at)] => {
                let mut to_it = gotos.iter().filter(|(l, _)| *l == label).peekable();
                let reached = to_it.peek().is_some();
                let forward =
                    to_it.all(|(_, chain)| chain.iter().any(|&(l, from)| l == *list && from < *at));
                (reached && forward).then_some(label)
            }
            _ => None,
        })
        .collect()
}

/// Calls every function name called in the statements.
pub(crate) fn visit_calls(stmts: &[Stmt], f: &mut dyn FnMut(&str)) {
    let mut on_expr = |e: &Expr| {
        visit_expr(e, &mut |e| {
            if let ExprKind::Call { callee, .. } = &e.kind {
                f(callee);
            }
        })
    };
    visit_stmt_exprs(stmts, &mut on_expr);
}

/// Calls `f` on every expression the statements contain directly (initializers, conditions,
/// right-hand sides), in nested statements too, but not on sub-expressions.
pub(crate) fn visit_stmt_exprs(stmts: &[Stmt], f: &mut dyn FnMut(&Expr)) {
    for (stmt, _) in statements(stmts) {
        stmt.kind.own_exprs(f);
    }
}

fn visit_init(init: &Init, f: &mut dyn FnMut(&Expr)) {
    match init {
        Init::Expr(e) => f(e),
        Init::List(items) => items.iter().for_each(|(_, i)| visit_init(i, f)),
    }
}

/// Defines a function that calls `f` on an expression and on every sub-expression in it,
/// outermost first (the sub-expressions of what `f` leaves there): over `&Expr`, or, with
/// `mut`, over `&mut Expr`.
macro_rules! expr_visitor {
    ($(#[$doc:meta])* $name:ident $(, $mutability:ident)?) => {
        $(#[$doc])*
        pub(crate) fn $name(e: &$($mutability)? Expr, f: &mut dyn FnMut(&$($mutability)? Expr)) {
            f(e);
            match &$($mutability)? e.kind {
                ExprKind::Unary(_, a)
                | ExprKind::Cast(_, a)
                | ExprKind::SizeofExpr(a)
                | ExprKind::AddrOf(a)
                | ExprKind::Deref(a) => $name(a, f),
                ExprKind::Binary(_, a, b) => {
                    $name(a, f);
                    $name(b, f);
                }
                ExprKind::Cond(a, b, c) => {
                    $name(a, f);
                    $name(b, f);
                    $name(c, f);
                }
                ExprKind::Call { args, .. } | ExprKind::ArrayCtor(args) => {
                    args.into_iter().for_each(|a| $name(a, f))
                }
                ExprKind::Index { base, indices } => {
                    $name(base, f);
                    indices.into_iter().for_each(|a| $name(a, f));
                }
                ExprKind::Member { base, .. } => $name(base, f),
                ExprKind::Substring { base, lower, upper } => {
                    $name(base, f);
                    lower.into_iter().chain(upper).for_each(|a| $name(a, f));
                }
                ExprKind::Section { base, subscripts } => {
                    $name(base, f);
                    for s in subscripts {
                        match s {
                            Subscript::Index(i) => $name(i, f),
                            Subscript::Range {
                                lower,
                                upper,
                                stride,
                            } => lower
                                .into_iter()
                                .chain(upper)
                                .chain(stride)
                                .for_each(|a| $name(a, f)),
                        }
                    }
                }
                ExprKind::ImpliedDo {
                    items,
                    start,
                    end,
                    step,
                    ..
                } => {
                    items.into_iter().for_each(|a| $name(a, f));
                    [start, end]
                        .into_iter()
                        .chain(step)
                        .for_each(|a| $name(a, f));
                }
                ExprKind::IncDec { target, .. } => $name(target, f),
                _ => {}
            }
        }
    };
}

expr_visitor!(
    /// Calls `f` on an expression and every sub-expression in it, outermost first.
    visit_expr
);
expr_visitor!(
    /// Calls `f` on an expression and every sub-expression in it, outermost first, each as
    /// `f` left its parent.
    visit_expr_mut, mut
);

/// Whether `e` calls a function anywhere.
pub(crate) fn calls_a_function(e: &Expr) -> bool {
    let mut calls = false;
    visit_expr(e, &mut |inner| {
        calls |= matches!(inner.kind, ExprKind::Call { .. });
    });
    calls
}

#[cfg(test)]
mod tests;
