//! Floating values and the conversions between them and integers, as C does them for `double`
//! (`(int)(N * 0.5)`, `int half = n / 2.0;`) and Fortran for `DOUBLE PRECISION`, and integers
//! narrowed to the type that receives them (`(unsigned char)260`).
//!
//! Only double precision is modelled: the front ends give a literal a floating value only when
//! it is a `double` (C without an `f` or `l` suffix, Fortran with a `D` exponent), so every
//! operation here is the one the program does. A result that is not finite, an integer operand
//! that a double cannot hold exactly, and a conversion out of the target type's range (undefined
//! behaviour in C) are unknown.

use super::value::{State, Value};
use super::Evaluator;
use crate::ir::{BinOp, Ty};
use crate::layout::{CType, FortranType};

/// Largest magnitude below which every integer is a double exactly.
const EXACT_INTEGERS: i128 = 1 << 53;

/// An integer or floating value as a double, when the conversion is exact.
fn as_double(v: &Value) -> Option<f64> {
    match v {
        Value::Float(x) => Some(*x),
        Value::Int(i) if i.abs() <= EXACT_INTEGERS => Some(*i as f64),
        _ => None,
    }
}

/// A binary operation with at least one floating operand, both converted to double as C's usual
/// arithmetic conversions do. `None` when neither operand is floating (integer arithmetic is
/// `BinOp::apply`'s).
pub(super) fn floating(op: BinOp, a: &Value, b: &Value) -> Option<Value> {
    if !matches!(a, Value::Float(_)) && !matches!(b, Value::Float(_)) {
        return None;
    }
    let (Some(x), Some(y)) = (as_double(a), as_double(b)) else {
        return Some(Value::Unknown);
    };
    let truth = |t: bool| Value::Int(i128::from(t));
    Some(match op {
        BinOp::Add => finite(x + y),
        BinOp::Sub => finite(x - y),
        BinOp::Mul => finite(x * y),
        BinOp::Div => finite(x / y),
        BinOp::Lt => truth(x < y),
        BinOp::Le => truth(x <= y),
        BinOp::Gt => truth(x > y),
        BinOp::Ge => truth(x >= y),
        BinOp::Eq => truth(x == y),
        BinOp::Ne => truth(x != y),
        _ => Value::Unknown,
    })
}

fn finite(x: f64) -> Value {
    if x.is_finite() {
        Value::Float(x)
    } else {
        Value::Unknown
    }
}

impl Evaluator<'_> {
    /// A value converted to the type of the place or cast that receives it: a double becomes an
    /// integer by truncation toward zero (unknown when out of the type's range), an integer
    /// becomes a double when exact. Other values and types pass unchanged.
    pub(super) fn convert(&mut self, state: &mut State, ty: &Ty, v: Value) -> Value {
        let resolved = self.resolve(ty).clone();
        match (&resolved, &v) {
            (Ty::Pointer(target), Value::Ref(place)) => {
                self.convert_reference(state, place.clone(), target)
            }
            (_, Value::Float(x)) => match self.integer_range(state, &resolved) {
                Some((min, max)) => {
                    let t = x.trunc();
                    if t >= min as f64 && t <= max as f64 {
                        Value::Int(t as i128)
                    } else {
                        Value::Unknown
                    }
                }
                None if is_double(&resolved) => v,
                None => Value::Unknown,
            },
            (_, Value::Int(_)) if is_double(&resolved) => {
                as_double(&v).map_or(Value::Unknown, Value::Float)
            }
            (Ty::C(CType::Float | CType::LongDouble), Value::Int(_)) => Value::Unknown,
            (Ty::C(CType::Bool), Value::Int(i)) => Value::Int(i128::from(*i != 0)),
            // An integer narrowed: an unsigned type keeps it modulo 2^bits (C11 6.3.1.3p2); a
            // signed type that cannot hold it gets an implementation-defined value: unknown.
            (_, Value::Int(i)) => match self.integer_range(state, &resolved) {
                Some((min, max)) if (min..=max).contains(i) => v,
                Some((0, max)) => Value::Int(i.rem_euclid(max + 1)),
                Some(_) => Value::Unknown,
                None => v,
            },
            _ => v,
        }
    }

    /// The values an integer type holds, when the evaluator knows its width and signedness.
    fn integer_range(&mut self, state: &mut State, ty: &Ty) -> Option<(i128, i128)> {
        let signed = match ty {
            Ty::C(c) => match c {
                CType::SignedChar
                | CType::Short
                | CType::Int
                | CType::Long
                | CType::LongLong
                | CType::Int8
                | CType::Int16
                | CType::Int32
                | CType::Int64
                | CType::PtrdiffT
                | CType::IntptrT
                | CType::MpiAint
                | CType::MpiOffset
                | CType::MpiCount
                | CType::MpiFint => true,
                CType::UnsignedChar
                | CType::UnsignedShort
                | CType::UnsignedInt
                | CType::UnsignedLong
                | CType::UnsignedLongLong
                | CType::UInt8
                | CType::UInt16
                | CType::UInt32
                | CType::UInt64
                | CType::SizeT => false,
                CType::Char => self.engine.target.char_is_signed(),
                _ => return None,
            },
            Ty::Fortran {
                ty: FortranType::Integer,
                ..
            } => true,
            _ => return None,
        };
        let bits = u32::try_from(self.layout(state, ty)?.size.checked_mul(8)?).ok()?;
        if bits == 0 || bits > 64 {
            return None;
        }
        Some(if signed {
            (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
        } else {
            (0, (1i128 << bits) - 1)
        })
    }
}

/// C `double`, or a Fortran `REAL` of kind 8 (`DOUBLE PRECISION`).
fn is_double(ty: &Ty) -> bool {
    match ty {
        Ty::C(CType::Double) => true,
        Ty::Fortran {
            ty: FortranType::Real,
            kind: Some(kind),
            ..
        } => matches!(kind.kind, crate::ir::ExprKind::Int(8)),
        _ => false,
    }
}
