//! Calls into the file's own functions: a root run with unknown parameters (pointers to records
//! given memory of their own), a call inlined with its parameters bound, Fortran dummies as
//! aliases of the actual arguments.

use std::rc::Rc;

use super::stmt::{join_all, Exits, Flow};
use super::value::{Declaration, ObjectKind, PathElem, Place, Scope, State, Value};
use super::{Evaluator, Frame};
use crate::ir::{ArrayDim, Expr, Function, StmtKind, Ty};
use crate::layout::CType;
use crate::source::Span;

impl<'p> Evaluator<'p> {
    /// Runs a function as a root: parameters unknown, except that a pointer to a structure or a
    /// number points at memory of its own, so that addresses taken through it are known
    /// relative to each other (`&p->x` against `p`).
    pub(crate) fn run_root(&mut self, state: &mut State, function: &'p Function) {
        let params: Vec<(String, Value)> = function
            .params
            .iter()
            .map(|p| (p.name.clone(), self.pointee(state, &p.name, &p.ty)))
            .collect();
        let _ = self.run_function(state, function, params, &[]);
    }

    /// The memory a root's pointer parameter points at, when its target type has a layout and is
    /// neither raw bytes nor an MPI handle (whose uses the handle analysis follows by value).
    fn pointee(&mut self, state: &mut State, name: &str, ty: &Ty) -> Value {
        let Ty::Pointer(target) = self.resolve(ty).clone() else {
            return Value::Unknown;
        };
        let eligible = match self.resolve(&target) {
            Ty::Named(_) => true,
            Ty::C(c) => !matches!(c, CType::Char | CType::SignedChar | CType::UnsignedChar),
            _ => false,
        };
        if !eligible || self.layout(state, &target).is_none() {
            return Value::Unknown;
        }
        let unknown_length = ArrayDim {
            lower: Expr::int(0, Span::default()),
            upper: None,
        };
        let object = state.new_object(
            name,
            ObjectKind::Pointee(Ty::Array(target, vec![unknown_length])),
        );
        Value::Ref(Place {
            object,
            path: vec![PathElem::Index(0)],
        })
    }

    /// Runs a function body on `state` with parameters bound; returns the joined return value.
    /// `aliases` binds by-reference parameters to the caller's places.
    pub(crate) fn run_function(
        &mut self,
        state: &mut State,
        function: &'p Function,
        params: Vec<(String, Value)>,
        aliases: &[(String, Place)],
    ) -> Value {
        let saved_scopes = std::mem::take(&mut state.scopes);
        state
            .scopes
            .push(saved_scopes.first().cloned().unwrap_or_default());
        state
            .scopes
            .extend_from_slice(self.host_scopes(function, &saved_scopes));
        let outer_scopes = state.scopes.len();
        state.scopes.push(Rc::default());
        for (name, value) in params {
            let (position, ty) = Self::param(function, &name);
            let id = self.declare_local(
                state,
                &name,
                ObjectKind::Variable(ty),
                Declaration::Param(function.name_span, position),
            );
            self.hold(id, &value);
            state.write(
                &Place {
                    object: id,
                    path: Vec::new(),
                },
                value,
            );
        }
        for (name, place) in aliases {
            let (position, declared) = Self::param(function, name);
            let kind = if self.same_shape(state, place, &declared) {
                ObjectKind::Alias(place.clone())
            } else {
                // Sequence association (a dummy of another shape or bounds than the actual): the
                // evaluator does not re-map subscripts, so the dummy is unknown and whatever the
                // callee writes (or allocates) is forgotten, rather than placed wrongly.
                state.forget_passed(place);
                ObjectKind::Variable(declared)
            };
            let declaration = Declaration::Param(function.name_span, position);
            self.declare_local(state, name, kind, declaration);
        }
        self.call_stack.push(Frame {
            function,
            outer_scopes,
        });
        let mut exits = Exits::default();
        let flow = self.exec_stmts(state, &function.body, &mut exits);
        self.call_stack.pop();
        let mut ends = exits.returns;
        if flow == Flow::Normal {
            ends.push((state.clone(), Value::Unknown));
        }
        // A jump to a label the evaluation did not pass (one inside a later block) ends there.
        ends.extend(exits.jumps.into_iter().map(|(_, s)| (s, Value::Unknown)));
        let value = ends
            .iter()
            .map(|(_, v)| v.clone())
            .reduce(|a, b| a.join(&b))
            .unwrap_or(Value::Unknown);
        if let Some(joined) = join_all(ends.into_iter().map(|(s, _)| s).collect()) {
            *state = joined;
        }
        state.scopes = saved_scopes;
        self.returned.extend(value.object());
        value
    }

    /// The scopes of the host of `function` (an internal procedure) among `caller_scopes`, the
    /// scopes of the function calling it: all but the globals when the caller is the host,
    /// the caller's host scopes when the caller is another internal procedure of the same host
    /// (or itself). Called from anywhere else (it has no host), its host's names are unknown.
    fn host_scopes<'s>(
        &self,
        function: &Function,
        caller_scopes: &'s [Rc<Scope>],
    ) -> &'s [Rc<Scope>] {
        let (Some(host), Some(caller)) = (&function.host, self.call_stack.last()) else {
            return &[];
        };
        let own = if caller.function.name == *host && caller.function.host.is_none() {
            caller_scopes.get(1..)
        } else if caller.function.host.as_ref() == Some(host) {
            caller_scopes.get(1..caller.outer_scopes)
        } else {
            None
        };
        own.unwrap_or(&[])
    }

    /// What a call of an internal procedure that is not followed may do to its host's
    /// variables (parameters excepted): anything.
    pub(crate) fn forget_host_variables(&mut self, state: &mut State, function: &Function) {
        let Some(host) = function.host.as_deref().and_then(|h| self.functions.get(h)) else {
            return;
        };
        let scopes = self.host_scopes(function, &state.scopes).to_vec();
        let variables =
            host.params
                .iter()
                .map(|p| p.name.as_str())
                .chain(host.body.iter().filter_map(|s| match &s.kind {
                    StmtKind::Decl(d) if !d.constant => Some(d.name.as_str()),
                    _ => None,
                }));
        let places: Vec<Place> = variables
            .filter_map(|name| scopes.iter().rev().find_map(|s| s.get(name)))
            .map(|&object| Place {
                object,
                path: Vec::new(),
            })
            .collect();
        for place in places {
            let place = self.resolve_alias(state, place);
            state.forget_passed(&place);
        }
    }

    /// A parameter's position and declared type.
    fn param(function: &Function, name: &str) -> (usize, Ty) {
        function
            .params
            .iter()
            .position(|p| p.name == name)
            .map_or((usize::MAX, Ty::Unknown), |i| {
                (i, function.params[i].ty.clone())
            })
    }

    /// Whether a dummy declared `declared` can stand for the actual at `place` as it is: a
    /// scalar (or untyped) dummy always; an array dummy only for a whole actual array with the
    /// same bounds in every dimension.
    fn same_shape(&mut self, state: &mut State, place: &Place, declared: &Ty) -> bool {
        let Ty::Array(_, dummy_dims) = self.resolve(declared).clone() else {
            return true;
        };
        let actual = self.resolve_alias(state, place.clone());
        if !actual.path.is_empty() {
            return false;
        }
        let Some(Ty::Array(_, actual_dims)) = self
            .place_type(state, &actual)
            .map(|t| self.resolve(&t).clone())
        else {
            return false;
        };
        let dummy = self.bounds(state, &dummy_dims);
        let actual = self.bounds(state, &actual_dims);
        dummy.is_some() && dummy == actual
    }
}
