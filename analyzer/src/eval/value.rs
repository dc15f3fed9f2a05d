//! Abstract values and the abstract memory the evaluator runs on.

use std::collections::BTreeMap;
use std::rc::Rc;

use crate::hash::{HashMap, HashSet};
use crate::ir::{ArrayDim, Expr, Ty};
use crate::source::Span;

/// Index of an object (a variable, a heap block, `MPI_BOTTOM`) in [`State::objects`].
pub(crate) type ObjectId = usize;

/// Index of a datatype handle in the evaluation's handle table.
pub(crate) type HandleId = usize;

/// One step from an object to a part of it. Paths order so that everything below a path
/// follows it directly (the values of an object are a sorted map).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum PathElem {
    /// An element along the outermost remaining dimension, 0-based (a C subscript; a Fortran
    /// subscript of a one-dimensional array, rebased on its lower bound).
    Index(i128),
    /// An element of a whole multi-dimensional Fortran array, as one 0-based column-major
    /// element index.
    Element(i128),
    Field(String),
}

pub(crate) type Path = Vec<PathElem>;

/// A location: an object and a path inside it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Place {
    pub object: ObjectId,
    pub path: Path,
}

/// What the evaluator knows about a value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    Int(i128),
    Float(f64),
    /// A C pointer (or an array that decayed to one), or what a Fortran dummy argument refers to.
    Ref(Place),
    /// A byte address as `MPI_Get_address` returns it: an offset from the start of an object.
    /// Differences of two addresses in the same object are plain integers.
    Addr {
        object: ObjectId,
        offset: i128,
    },
    /// A datatype handle.
    Handle(HandleId),
    /// A named MPI constant that is not a number in the standard (`MPI_ORDER_C`, ...).
    Named(&'static str),
    /// An element of a C array with automatic storage that nothing has written since its
    /// declaration: its value is indeterminate. Any other value is unknown once it may have
    /// been written.
    Uninit,
    Unknown,
}

impl Value {
    pub(crate) fn as_int(&self) -> Option<i128> {
        match self {
            Value::Int(v) => Some(*v),
            _ => None,
        }
    }

    /// The object a pointer or address points into.
    pub(crate) fn object(&self) -> Option<ObjectId> {
        match self {
            Value::Ref(place) => Some(place.object),
            Value::Addr { object, .. } => Some(*object),
            _ => None,
        }
    }

    /// Join of two paths' values: equal values stay, anything else is unknown.
    pub(crate) fn join(&self, other: &Value) -> Value {
        if self == other {
            self.clone()
        } else {
            Value::Unknown
        }
    }
}

/// What kind of storage an object is.
#[derive(Clone, Debug)]
pub(crate) enum ObjectKind {
    /// A declared variable with its type as written.
    Variable(Ty),
    /// A `malloc`ed block: its size in bytes when known, and what it is an array of.
    Heap {
        bytes: Option<i128>,
        element: HeapElement,
    },
    /// The address-0 object absolute addresses are relative to (`MPI_BOTTOM`).
    Bottom,
    /// A Fortran dummy argument: another name for the actual argument's place.
    Alias(Place),
    /// What a pointer parameter of a function evaluated as a root points at, as an array of its
    /// pointee type of unknown length (`ty`): addresses inside it are known relative to each
    /// other, its contents never are (another parameter may point at the same memory).
    Pointee(Ty),
}

/// What a `malloc`ed block holds: an array of the type of the first pointer it was converted
/// to (its steps are then those of that type), or not known yet, or types of different sizes
/// on paths that met (steps are then those of the pointers that index it).
#[derive(Clone, Debug)]
pub(crate) enum HeapElement {
    Untyped,
    /// The element type and its size.
    Of(Ty, i128),
    Mixed,
}

#[derive(Clone, Debug)]
pub(crate) struct Object {
    pub name: String,
    pub kind: ObjectKind,
    /// The values stored at paths inside the object; a missing path holds an unknown value.
    pub values: BTreeMap<Path, Value>,
    /// The declaration that made a local variable, and the call depth it ran at.
    pub origin: Option<Origin>,
    /// The bounds `ALLOCATE` gave a Fortran allocatable array, while they are known.
    pub allocated: Option<Vec<(i128, i128)>>,
}

impl Object {
    /// The type of a variable (or of the memory a pointer parameter points at): as declared,
    /// with the bounds of an allocated array in place of its deferred ones.
    pub(crate) fn ty(&self) -> Option<Ty> {
        let ty = match &self.kind {
            ObjectKind::Variable(ty) | ObjectKind::Pointee(ty) => ty.clone(),
            ObjectKind::Heap {
                element: HeapElement::Of(element, _),
                ..
            } => Ty::Array(
                Box::new(element.clone()),
                vec![ArrayDim {
                    lower: Expr::int(0, Span::default()),
                    upper: None,
                }],
            ),
            _ => return None,
        };
        Some(match (&self.allocated, ty) {
            (Some(bounds), Ty::Array(element, dims)) if bounds.len() == dims.len() => {
                let dims = bounds
                    .iter()
                    .zip(dims)
                    .map(|(&(lower, upper), d)| ArrayDim {
                        lower: Expr::int(lower, d.lower.span),
                        upper: Some(Expr::int(upper, d.lower.span)),
                    })
                    .collect();
                Ty::Array(element.clone(), dims)
            }
            (_, ty) => ty,
        })
    }
}

impl Object {
    /// Holds the same values as `other`, the same object at another time (same lifetime).
    pub(crate) fn same_as(self: &Rc<Self>, other: &Rc<Object>) -> bool {
        Rc::ptr_eq(self, other) || (self.origin == other.origin && self.values == other.values)
    }
}

/// A declaration of a local variable (or a temporary) at a call depth. At most one lifetime of
/// it is live at a time (the evaluator refuses recursion), so when it runs again (the next
/// iteration of a loop, the next call at that depth) its object can be reused rather than a new
/// one made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Origin {
    pub depth: usize,
    pub declaration: Declaration,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Declaration {
    /// A declaration statement, by its address in the program (which outlives the evaluation):
    /// declarations can share a span (those of an included file all stand at the directive).
    Local(usize),
    /// A parameter, by its function's name span and its position.
    Param(Span, usize),
    /// The unnamed array of a compound literal or array constructor, by its span.
    Temporary(Span),
}

/// Three-valued facts about a handle on the current path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tri {
    No,
    Maybe,
    Yes,
}

impl Tri {
    pub(crate) fn join(self, other: Tri) -> Tri {
        if self == other {
            self
        } else {
            Tri::Maybe
        }
    }
}

/// Commit and free state of a handle on the current path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HandleState {
    pub committed: Tri,
    pub freed: Tri,
}

/// The abstract state of one path through a function: scopes of variables, objects, handles.
#[derive(Clone, Debug, Default)]
pub(crate) struct State {
    /// Innermost scope last; each maps a name to its object. Shared between the states of
    /// branches until one binds a name (every jump and branch copies the state).
    pub scopes: Vec<Rc<Scope>>,
    /// Shared between the states of branches until one of them writes (copy on write), so a
    /// branch costs what it changes, not what the program holds.
    pub objects: Vec<Rc<Object>>,
    pub handles: HashMap<HandleId, HandleState>,
    /// What earlier branches on conditions still unchanged made certain on each side.
    pub guards: Vec<Rc<super::mpi::guards::Guard>>,
}

/// The names one block declares.
pub(crate) type Scope = HashMap<String, ObjectId>;

/// Most elements one object stores; writes past it are forgotten (unknown), which keeps memory
/// bounded by the code rather than by the sizes it declares.
pub(crate) const MAX_STORED_VALUES: usize = 1 << 12;

/// The paths of `values` at and below `path` (strictly below when `strict`).
fn paths_below(values: &BTreeMap<Path, Value>, path: &Path, strict: bool) -> Vec<Path> {
    values
        .range(path.clone()..)
        .take_while(|(p, _)| p.starts_with(path))
        .filter(|(p, _)| !strict || p.len() > path.len())
        .map(|(p, _)| p.clone())
        .collect()
}

impl State {
    pub(crate) fn lookup(&self, name: &str) -> Option<ObjectId> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    pub(crate) fn new_object(&mut self, name: &str, kind: ObjectKind) -> ObjectId {
        self.objects.push(Rc::new(Object {
            name: name.to_owned(),
            kind,
            values: BTreeMap::new(),
            origin: None,
            allocated: None,
        }));
        self.objects.len() - 1
    }

    /// A new object for a local variable or temporary made by `origin`. When `reusable` names
    /// an object that an earlier lifetime of the same origin made, that object starts over
    /// (nothing known in it) instead of a new one being added: states that grow an object per
    /// loop iteration make every clone and join cost as much as the iterations so far.
    pub(crate) fn local_object(
        &mut self,
        name: &str,
        kind: ObjectKind,
        origin: Origin,
        reusable: Option<ObjectId>,
    ) -> ObjectId {
        let object = Rc::new(Object {
            name: name.to_owned(),
            kind,
            values: BTreeMap::new(),
            origin: Some(origin),
            allocated: None,
        });
        match reusable {
            Some(id)
                if self
                    .objects
                    .get(id)
                    .is_some_and(|o| o.origin == Some(origin)) =>
            {
                self.objects[id] = object;
                id
            }
            _ => {
                self.objects.push(object);
                self.objects.len() - 1
            }
        }
    }

    /// Forgets the pointers and addresses into `target` that the objects `holders` store: the
    /// object is about to start a new lifetime, which they do not point into.
    pub(crate) fn scrub(&mut self, target: ObjectId, holders: &HashSet<ObjectId>) {
        let into_target = |v: &Value| v.object() == Some(target);
        for &holder in holders {
            if let Some(object) = self.objects.get_mut(holder) {
                if object.values.values().any(into_target) {
                    Rc::make_mut(object).values.retain(|_, v| !into_target(v));
                }
            }
        }
    }

    /// Binds a name to an object in the innermost scope.
    pub(crate) fn bind(&mut self, name: &str, id: ObjectId) {
        if self.scopes.is_empty() {
            self.scopes.push(Rc::default());
        }
        if let Some(scope) = self.scopes.last_mut() {
            Rc::make_mut(scope).insert(name.to_owned(), id);
        }
    }

    pub(crate) fn read(&self, place: &Place) -> Value {
        self.objects
            .get(place.object)
            .and_then(|o| o.values.get(&place.path))
            .cloned()
            .unwrap_or(Value::Unknown)
    }

    /// Stores a value; an unknown value removes what was known there and below.
    pub(crate) fn write(&mut self, place: &Place, value: Value) {
        let Some(object) = self.objects.get_mut(place.object) else {
            return;
        };
        let object = Rc::make_mut(object);
        for path in paths_below(&object.values, &place.path, true) {
            object.values.remove(&path);
        }
        let value = match (&object.kind, &value) {
            (ObjectKind::Pointee(_), _) => Value::Unknown,
            // Doubles are kept in scalar variables only: the elements of an array of records
            // would fill the store that their integers (counts, classes) need.
            (_, Value::Float(_)) if !place.path.is_empty() => Value::Unknown,
            _ => value,
        };
        let full =
            object.values.len() >= MAX_STORED_VALUES && !object.values.contains_key(&place.path);
        if value == Value::Unknown || full {
            object.values.remove(&place.path);
        } else {
            object.values.insert(place.path.clone(), value);
        }
    }

    /// Forgets everything stored in and below a place.
    pub(crate) fn forget(&mut self, place: &Place) {
        if let Some(object) = self.objects.get_mut(place.object) {
            let below = paths_below(&object.values, &place.path, false);
            if !below.is_empty() {
                let object = Rc::make_mut(object);
                for path in below {
                    object.values.remove(&path);
                }
            }
        }
    }

    /// Forgets what is stored in and below a place and, for a whole variable, the bounds an
    /// `ALLOCATE` gave it: a procedure it is passed to may allocate it anew.
    pub(crate) fn forget_passed(&mut self, place: &Place) {
        self.forget(place);
        if place.path.is_empty() {
            if let Some(object) = self.objects.get_mut(place.object) {
                if object.allocated.is_some() {
                    Rc::make_mut(object).allocated = None;
                }
            }
        }
    }

    /// Copies everything stored below `from` to below `to` (struct and array assignment);
    /// returns the objects the copied pointers and addresses point into.
    pub(crate) fn copy_subtree(&mut self, from: &Place, to: &Place) -> Vec<ObjectId> {
        let Some(source) = self.objects.get(from.object) else {
            return Vec::new();
        };
        let moved: Vec<(Path, Value)> = source
            .values
            .range(from.path.clone()..)
            .take_while(|(p, _)| p.starts_with(&from.path))
            .map(|(p, v)| {
                let mut path = to.path.clone();
                path.extend_from_slice(&p[from.path.len()..]);
                (path, v.clone())
            })
            .collect();
        let pointed = moved.iter().filter_map(|(_, v)| v.object()).collect();
        self.forget(to);
        if let Some(ObjectKind::Pointee(_)) = self.objects.get(to.object).map(|o| &o.kind) {
            return pointed;
        }
        if let Some(target) = self.objects.get_mut(to.object) {
            Rc::make_mut(target).values.extend(moved);
        }
        pointed
    }

    /// Whether evaluation goes on from `other` exactly as from this state: the same names,
    /// values, handle states and guards (a loop whose iteration changed nothing has reached
    /// what it will do forever).
    pub(crate) fn same_as(&self, other: &State) -> bool {
        self.scopes.len() == other.scopes.len()
            && self
                .scopes
                .iter()
                .zip(&other.scopes)
                .all(|(a, b)| Rc::ptr_eq(a, b) || a == b)
            && self.objects.len() == other.objects.len()
            && self
                .objects
                .iter()
                .zip(&other.objects)
                .all(|(a, b)| a.same_as(b))
            && self.handles == other.handles
            && self.guards.len() == other.guards.len()
            && self
                .guards
                .iter()
                .zip(&other.guards)
                .all(|(a, b)| Rc::ptr_eq(a, b) || a.same_as(b))
    }

    /// The state after two paths meet: values that agree stay known.
    pub(crate) fn join(&self, other: &State) -> State {
        let mut joined = self.clone();
        for (id, object) in joined.objects.iter_mut().enumerate() {
            match other.objects.get(id) {
                Some(o) if Rc::ptr_eq(object, o) => {}
                Some(o) => {
                    let object = Rc::make_mut(object);
                    object
                        .values
                        .retain(|path, v| o.values.get(path) == Some(v));
                    if object.allocated != o.allocated {
                        object.allocated = None;
                    }
                    if let (
                        ObjectKind::Heap { element: ours, .. },
                        ObjectKind::Heap {
                            element: theirs, ..
                        },
                    ) = (&mut object.kind, &o.kind)
                    {
                        let same = match (&*ours, theirs) {
                            (HeapElement::Untyped, HeapElement::Untyped) => true,
                            (HeapElement::Of(_, a), HeapElement::Of(_, b)) => a == b,
                            _ => false,
                        };
                        if !same {
                            *ours = HeapElement::Mixed;
                        }
                    }
                }
                None => Rc::make_mut(object).values.clear(),
            }
        }
        // Objects created on the other path only (heap blocks) are kept with what they hold.
        for object in other.objects.iter().skip(joined.objects.len()) {
            joined.objects.push(object.clone());
        }
        for (handle, state) in joined.handles.iter_mut() {
            let theirs = other.handles.get(handle).copied().unwrap_or(HandleState {
                committed: Tri::No,
                freed: Tri::No,
            });
            state.committed = state.committed.join(theirs.committed);
            state.freed = state.freed.join(theirs.freed);
        }
        for (handle, theirs) in &other.handles {
            joined.handles.entry(*handle).or_insert(HandleState {
                committed: Tri::No.join(theirs.committed),
                freed: Tri::No.join(theirs.freed),
            });
        }
        joined
            .guards
            .retain(|g| other.guards.iter().any(|o| Rc::ptr_eq(g, o)));
        joined
    }
}
