//! Tests of the IR's integer arithmetic (`BinOp::apply`, `UnOp::apply`).

use super::{BinOp, UnOp};

#[test]
fn integer_operators_follow_c_and_fortran() {
    assert_eq!(
        BinOp::Sub.apply(30, BinOp::Sub.apply(100, 30).unwrap()),
        Some(-40)
    );
    assert_eq!(BinOp::Div.apply(-7, 2), Some(-3), "truncates toward zero");
    assert_eq!(BinOp::Rem.apply(-7, 2), Some(-1), "sign of the dividend");
    assert_eq!(BinOp::Pow.apply(2, 10), Some(1024));
    assert_eq!(BinOp::Shl.apply(1, 62), Some(1 << 62));
    assert_eq!(BinOp::And.apply(2, 3), Some(1));
    assert_eq!(BinOp::Or.apply(0, 0), Some(0));
    assert_eq!(BinOp::Ge.apply(3, 3), Some(1));
    assert_eq!(UnOp::Not.apply(5), Some(0));
    assert_eq!(UnOp::BitNot.apply(0), Some(-1));
}

#[test]
fn overflow_and_undefined_operations_have_no_value() {
    assert_eq!(BinOp::Mul.apply(1 << 125, 8), None);
    assert_eq!(BinOp::Add.apply(i128::MAX, 1), None);
    assert_eq!(BinOp::Sub.apply(i128::MIN, 1), None);
    assert_eq!(BinOp::Div.apply(1, 0), None);
    assert_eq!(BinOp::Rem.apply(1, 0), None);
    assert_eq!(BinOp::Div.apply(i128::MIN, -1), None);
    // A negative exponent is left unknown, not computed.
    assert_eq!(BinOp::Pow.apply(2, -1), None);
    assert_eq!(BinOp::Pow.apply(10, 40), None);
    assert_eq!(BinOp::Shl.apply(1, 127), None);
    assert_eq!(BinOp::Shr.apply(1, -1), None);
    assert_eq!(UnOp::Neg.apply(i128::MIN), None);
}
