//! Fortran intrinsic modules' constants (`iso_fortran_env`, `iso_c_binding`) and the intrinsic
//! functions datatype code uses to measure types and arrays (`storage_size`, `c_sizeof`, `size`,
//! `shape`, `lbound`, `ubound`, `len`, `kind`, `selected_int_kind`, `selected_real_kind`), on
//! the target's gfortran.

use super::value::{State, Value};
use super::Evaluator;
use crate::ir::{Expr, Ty};
use crate::layout::aggregate::{character_unit, dimension_extent};
use crate::layout::{CType, FortranType};
use crate::source::Span;

/// (precision, range) of each REAL kind gfortran has, by kind.
const REAL_KINDS: [(u32, i128, i128); 4] =
    [(4, 6, 37), (8, 15, 307), (10, 18, 4931), (16, 33, 4931)];
/// Decimal range of each INTEGER kind.
const INTEGER_KINDS: [(u32, i128); 5] = [(1, 2), (2, 4), (4, 9), (8, 18), (16, 38)];

impl<'p> Evaluator<'p> {
    /// A named constant of an intrinsic module, by its (lower-case) name.
    pub(crate) fn intrinsic_constant(&self, name: &str) -> Option<Value> {
        let target = self.engine.target;
        let c_kind = |c: CType| target.c_opt(c).map(|l| i128::from(l.size));
        let value = match name {
            "int8" | "c_int8_t" | "c_signed_char" | "c_bool" | "c_char" => Some(1),
            "int16" | "c_short" | "c_int16_t" => Some(2),
            "int32" | "real32" | "c_int" | "c_int32_t" | "c_float" | "c_float_complex" => Some(4),
            "int64" | "real64" | "c_long_long" | "c_int64_t" | "c_double" | "c_double_complex" => {
                Some(8)
            }
            "real128" => Some(16),
            "c_long" => c_kind(CType::Long),
            "c_size_t" | "c_intptr_t" | "c_ptrdiff_t" => c_kind(CType::Pointer),
            // C's long double is REAL(10) where gfortran has the x87 type, else quad.
            "c_long_double" | "c_long_double_complex" => {
                Some(if target.fortran(FortranType::Real, 10).is_some() {
                    10
                } else {
                    16
                })
            }
            "numeric_storage_size" => Some(32),
            "character_storage_size" => Some(8),
            _ => None,
        };
        value.map(Value::Int)
    }

    /// The element type of an array type (the type itself otherwise).
    pub(crate) fn element_type(&self, ty: &Ty) -> Ty {
        match self.resolve(ty) {
            Ty::Array(inner, _) => (**inner).clone(),
            other => other.clone(),
        }
    }

    /// An intrinsic function call, when `name` is one the evaluator models.
    pub(crate) fn intrinsic_call(
        &mut self,
        state: &mut State,
        name: &str,
        args: &[Expr],
        span: Span,
    ) -> Option<Value> {
        let target = self.engine.target;
        let value = match name {
            "selected_int_kind" => {
                let r = self.eval_const(state, args.first()?);
                r.and_then(|r| {
                    INTEGER_KINDS
                        .iter()
                        .find(|&&(kind, range)| {
                            range >= r && target.fortran(FortranType::Integer, kind).is_some()
                        })
                        .map(|&(kind, _)| i128::from(kind))
                })
                .map_or(Value::Int(-1), Value::Int)
            }
            "selected_real_kind" => {
                let p = args.first().map(|a| self.eval_const(state, a));
                let r = args.get(1).map(|a| self.eval_const(state, a));
                match (p, r) {
                    (Some(None), _) | (_, Some(None)) => Value::Unknown,
                    (p, r) => {
                        let (p, r) = (p.flatten().unwrap_or(0), r.flatten().unwrap_or(0));
                        REAL_KINDS
                            .iter()
                            .find(|&&(kind, kp, kr)| {
                                kp >= p
                                    && kr >= r
                                    && target.fortran(FortranType::Real, kind).is_some()
                            })
                            .map_or(Value::Int(-1), |&(kind, ..)| Value::Int(i128::from(kind)))
                    }
                }
            }
            "storage_size" | "c_sizeof" | "sizeof" => {
                let ty = self.static_type(state, args.first()?)?;
                // storage_size measures one element; c_sizeof the whole array.
                let ty = if name == "storage_size" {
                    self.element_type(&ty)
                } else {
                    ty
                };
                let bytes = self.layout(state, &ty)?.size;
                let value = if name == "storage_size" {
                    bytes.checked_mul(8)
                } else {
                    Some(bytes)
                };
                value.map_or(Value::Unknown, Value::Int)
            }
            "kind" => match self.static_type(state, args.first()?)? {
                Ty::Fortran { ty, kind, .. } => self
                    .fortran_kind(state, ty, kind.as_deref())
                    .map_or(Value::Unknown, |k| Value::Int(i128::from(k))),
                _ => Value::Unknown,
            },
            "size" => {
                let ty = self.static_type(state, args.first()?)?;
                let Ty::Array(_, dims) = self.resolve(&ty).clone() else {
                    return Some(Value::Unknown);
                };
                match args.get(1) {
                    None => self
                        .element_count(state, &dims)
                        .map_or(Value::Unknown, Value::Int),
                    Some(d) => {
                        let dim = self.eval_const(state, d)?;
                        let bounds = self.bounds(state, &dims)?;
                        let (lower, upper) =
                            *bounds.get(usize::try_from(dim.checked_sub(1)?).ok()?)?;
                        dimension_extent(lower, upper).map_or(Value::Unknown, Value::Int)
                    }
                }
            }
            "shape" | "lbound" | "ubound" => self.array_inquiry(state, name, args, span),
            // The declared length of a character variable, element or substring.
            "len" => {
                let ty = self.static_type(state, args.first()?)?;
                let ty = self.element_type(&ty);
                match character_unit(self.resolve(&ty)) {
                    Some((_, Some(len))) => {
                        let len = len.clone();
                        self.eval_const(state, &len)
                            .map_or(Value::Unknown, |n| Value::Int(n.max(0)))
                    }
                    Some((_, None)) => Value::Int(1),
                    None => Value::Unknown,
                }
            }
            "int" | "int8" | "nint" => match self.eval(state, args.first()?) {
                v @ Value::Int(_) => v,
                _ => Value::Unknown,
            },
            _ => return None,
        };
        Some(value)
    }
}
