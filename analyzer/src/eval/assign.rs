//! Assignments and initialisers: scalars, aggregates, `{...}` lists with designators, and
//! Fortran whole-array assignments evaluated element by element (bounded).

use super::value::{PathElem, Place, State, Value};
use super::Evaluator;
use crate::ir::{AggregateKind, Designator, Expr, ExprKind, Init, Ty};
use crate::layout::aggregate::dimension_extent;
use crate::layout::CType;

/// Elements a whole-array assignment evaluates one by one at most.
pub(super) const MAX_ELEMENTWISE: i128 = 1 << 14;

/// Scalars one zero fill stores at most; a larger object is forgotten instead.
const MAX_ZERO_FILL: usize = 1 << 10;

/// Bounds of each dimension of the arrays an expression names, by name (`None` when unknown).
pub(super) type ArrayOperands = Vec<(String, Option<Vec<(i128, i128)>>)>;

impl Evaluator<'_> {
    /// Initialises a freshly declared object.
    pub(crate) fn initialize(&mut self, state: &mut State, place: &Place, ty: &Ty, init: &Init) {
        match init {
            Init::Expr(e) => {
                if let (Ty::Array(..), ExprKind::ArrayCtor(items)) =
                    (self.resolve(ty).clone(), &e.kind)
                {
                    match self.array_values(state, items) {
                        Some(values) => self.write_elements(state, place, values),
                        None => state.forget(place),
                    }
                    return;
                }
                let v = self.eval(state, e);
                self.assign_value(state, place, ty, e, v);
            }
            Init::List(items) => {
                // What the list leaves out is zero (C11 6.7.9p21).
                self.zero_fill(state, place, ty);
                let resolved = self.resolve(ty).clone();
                let fields: Vec<(String, Ty)> = match &resolved {
                    Ty::Named(_) => self
                        .aggregate(ty)
                        .map(|a| {
                            a.fields
                                .iter()
                                .map(|f| (f.name.clone(), f.ty.clone()))
                                .collect()
                        })
                        .unwrap_or_default(),
                    _ => Vec::new(),
                };
                let element_ty = match &resolved {
                    Ty::Array(inner, dims) if dims.len() > 1 => {
                        Some(Ty::Array(inner.clone(), dims[1..].to_vec()))
                    }
                    Ty::Array(inner, _) => Some((**inner).clone()),
                    _ => None,
                };
                let mut next = 0i128;
                for (designators, item) in items {
                    let mut target = place.clone();
                    let mut item_ty = None;
                    match designators.first() {
                        Some(Designator::Index(i)) => match self.eval_const(state, i) {
                            Some(i) => next = i,
                            None => {
                                state.forget(place);
                                return;
                            }
                        },
                        Some(Designator::Field(f)) => {
                            if let Some(pos) = fields.iter().position(|(n, _)| n == f) {
                                next = pos as i128;
                            }
                        }
                        None => {}
                    }
                    if let Some(ety) = &element_ty {
                        target.path.push(PathElem::Index(next));
                        item_ty = Some(ety.clone());
                    } else if let Some((name, fty)) = fields.get(next as usize) {
                        target.path.push(PathElem::Field(name.clone()));
                        item_ty = Some(fty.clone());
                    }
                    match item_ty {
                        Some(ity) => self.initialize(state, &target, &ity, item),
                        None => state.forget(place),
                    }
                    next += 1;
                }
            }
        }
    }

    /// Assignment of a value to a place of type `ty`: structs and arrays copy, Fortran whole
    /// arrays assign elementwise.
    pub(crate) fn assign_value(
        &mut self,
        state: &mut State,
        place: &Place,
        ty: &Ty,
        value_expr: &Expr,
        value: Value,
    ) {
        match (self.resolve(ty).clone(), &value) {
            (Ty::Named(_), _) => match self.place(state, value_expr) {
                Some(from) => {
                    for pointed in state.copy_subtree(&from, place) {
                        self.holders
                            .entry(pointed)
                            .or_default()
                            .insert(place.object);
                    }
                }
                None => state.forget(place),
            },
            (Ty::Array(_, dims), _) => self.assign_elementwise(state, place, &dims, value_expr),
            _ => {
                let value = self.convert(state, ty, value);
                self.write_place(state, place, value);
            }
        }
    }

    /// `a = expr` on a whole Fortran array: `expr` is evaluated once per element, array names in
    /// it standing for the element at the same position.
    pub(super) fn assign_elementwise(
        &mut self,
        state: &mut State,
        place: &Place,
        dims: &[crate::ir::ArrayDim],
        e: &Expr,
    ) {
        // Each element costs a step: a whole-array assignment to a large array (`a = 0.0` on a
        // field) forgets the array rather than spending the budget.
        let Some(count) = self
            .element_count(state, dims)
            .filter(|&c| c <= MAX_ELEMENTWISE && c <= i128::from(self.steps_left))
        else {
            state.forget(place);
            return;
        };
        self.steps_left -= count as u64;
        // A constructor or an array-valued intrinsic gives all the elements at once.
        let whole = match &e.kind {
            ExprKind::ArrayCtor(items) => Some(self.array_values(state, items)),
            ExprKind::Call { callee, args, .. }
                if matches!(callee.as_str(), "shape" | "lbound" | "ubound") && args.len() == 1 =>
            {
                let array = self.eval(state, e);
                Some(self.read_array(state, &array, count))
            }
            _ => None,
        };
        if let Some(values) = whole {
            match values {
                Some(values) => self.write_elements(state, place, values),
                None => state.forget(place),
            }
            return;
        }
        let single = dims.len() == 1;
        let element = |k: i128| {
            if single {
                PathElem::Index(k)
            } else {
                PathElem::Element(k)
            }
        };
        let arrays = self.array_operands(state, e);
        let mut values = Vec::with_capacity(count as usize);
        for k in 0..count {
            let elemental = elemental_expr(e, &arrays, k);
            values.push(self.eval(state, &elemental));
        }
        for (k, v) in values.into_iter().enumerate() {
            let mut p = place.clone();
            p.path.push(element(k as i128));
            self.write_place(state, &p, v);
        }
    }

    /// The arrays an expression names (through dummy-argument aliases), with their bounds.
    pub(super) fn array_operands(&mut self, state: &mut State, e: &Expr) -> ArrayOperands {
        let mut names = Vec::new();
        rewrite_names(&mut e.clone(), &mut |name, _| {
            names.push(name.to_owned());
            None
        });
        let mut arrays = Vec::new();
        for name in names {
            let Some(place) = self.place(state, &Expr::new(ExprKind::Name(name.clone()), e.span))
            else {
                continue;
            };
            if let Some(Ty::Array(_, dims)) = self
                .place_type(state, &place)
                .map(|t| self.resolve(&t).clone())
            {
                let bounds = self.bounds(state, &dims);
                arrays.push((name, bounds));
            }
        }
        arrays
    }

    /// C's zero initialisation of an object (what an initialiser list leaves out, a `memset`
    /// to 0 of the whole object): zero in every integer and double, null in every pointer. An
    /// object with a union, a handle, a `float` or anything of unknown layout in it, or too many
    /// scalars, is forgotten instead.
    pub(crate) fn zero_fill(&mut self, state: &mut State, place: &Place, ty: &Ty) {
        let mut zeros = Vec::new();
        if self.zeros(state, place.clone(), ty, &mut zeros) {
            for (p, v) in zeros {
                self.write_place(state, &p, v);
            }
        } else {
            state.forget(place);
        }
    }

    fn zeros(
        &mut self,
        state: &mut State,
        place: Place,
        ty: &Ty,
        out: &mut Vec<(Place, Value)>,
    ) -> bool {
        if out.len() >= MAX_ZERO_FILL {
            return false;
        }
        match self.resolve(ty).clone() {
            Ty::C(CType::Double) => out.push((place, Value::Float(0.0))),
            Ty::C(CType::Float | CType::LongDouble | CType::Float128)
            | Ty::C(CType::FloatComplex | CType::DoubleComplex | CType::LongDoubleComplex) => {
                return false
            }
            Ty::C(_) | Ty::Pointer(_) => out.push((place, Value::Int(0))),
            Ty::Array(inner, dims) => {
                let Some(n) = self.element_count(state, &dims[..1]) else {
                    return false;
                };
                let element = if dims.len() > 1 {
                    Ty::Array(inner, dims[1..].to_vec())
                } else {
                    *inner
                };
                for i in 0..n {
                    let mut p = place.clone();
                    p.path.push(PathElem::Index(i));
                    if !self.zeros(state, p, &element, out) {
                        return false;
                    }
                }
            }
            Ty::Named(_) => {
                let Some(aggregate) = self.aggregate(ty) else {
                    return false;
                };
                if aggregate.kind != AggregateKind::Struct {
                    return false;
                }
                for field in &aggregate.fields {
                    if field.name.is_empty() {
                        return false;
                    }
                    let mut p = place.clone();
                    p.path.push(PathElem::Field(field.name.clone()));
                    if !self.zeros(state, p, &field.ty, out) {
                        return false;
                    }
                }
            }
            _ => return false,
        }
        true
    }

    pub(super) fn write_elements(&mut self, state: &mut State, place: &Place, values: Vec<Value>) {
        for (k, v) in values.into_iter().enumerate() {
            let mut p = place.clone();
            p.path.push(PathElem::Index(k as i128));
            self.write_place(state, &p, v);
        }
    }
}

/// Rewrites an expression for one element of a whole-array assignment: every name of an array
/// becomes that array's element `k` (column-major), or unknown when its bounds are.
pub(super) fn elemental_expr(e: &Expr, arrays: &ArrayOperands, k: i128) -> Expr {
    let mut e = e.clone();
    rewrite_names(&mut e, &mut |name, span| {
        let (_, bounds) = arrays.iter().find(|(n, _)| n == name)?;
        let Some(bounds) = bounds else {
            return Some(Expr::unknown(span));
        };
        let mut rest = k;
        let mut indices = Vec::with_capacity(bounds.len());
        for &(lower, upper) in bounds {
            let Some(extent) = dimension_extent(lower, upper) else {
                return Some(Expr::unknown(span));
            };
            let extent = extent.max(1);
            let Some(index) = lower.checked_add(rest % extent) else {
                return Some(Expr::unknown(span));
            };
            indices.push(Expr::int(index, span));
            rest /= extent;
        }
        Some(Expr::new(
            ExprKind::Index {
                base: Box::new(Expr::new(ExprKind::Name(name.to_owned()), span)),
                indices,
            },
            span,
        ))
    });
    e
}

fn rewrite_names(e: &mut Expr, f: &mut dyn FnMut(&str, crate::source::Span) -> Option<Expr>) {
    if let ExprKind::Name(n) = &e.kind {
        if let Some(new) = f(n, e.span) {
            *e = new;
        }
        return;
    }
    match &mut e.kind {
        // Which element of a section or constructor stands at a position is not followed.
        ExprKind::Section { .. } | ExprKind::ArrayCtor(_) => *e = Expr::unknown(e.span),
        ExprKind::Unary(_, a) | ExprKind::Cast(_, a) | ExprKind::SizeofExpr(a) => {
            rewrite_names(a, f)
        }
        ExprKind::Binary(_, a, b) => {
            rewrite_names(a, f);
            rewrite_names(b, f);
        }
        ExprKind::Cond(a, b, c) => {
            rewrite_names(a, f);
            rewrite_names(b, f);
            rewrite_names(c, f);
        }
        ExprKind::Call { args, .. } => args.iter_mut().for_each(|a| rewrite_names(a, f)),
        _ => {}
    }
}
