//! C literals: numbers (every base, suffixes, a sign tree-sitter-c folds in), characters with
//! their escapes, and strings.

use crate::ir::ExprKind;

/// A C number literal: integers in any base with suffixes, floating literals.
pub(crate) fn parse_number(text: &str) -> ExprKind {
    // tree-sitter-c folds a unary sign into the literal: `-1` is one number_literal.
    if let Some(magnitude) = text.strip_prefix('-') {
        return match parse_number(magnitude.trim_start()) {
            ExprKind::Int(v) => v.checked_neg().map_or(ExprKind::Unknown, ExprKind::Int),
            ExprKind::Float(v) => ExprKind::Float(-v),
            _ => ExprKind::Unknown,
        };
    }
    if let Some(magnitude) = text.strip_prefix('+') {
        return parse_number(magnitude.trim_start());
    }
    let t: String = text.chars().filter(|&c| c != '\'').collect();
    let lower = t.to_ascii_lowercase();
    let int = |digits: &str, radix: u32| match u128::from_str_radix(digits, radix) {
        Ok(v) => i128::try_from(v).map_or(ExprKind::Unknown, ExprKind::Int),
        Err(_) => ExprKind::Unknown,
    };
    if let Some(hex) = lower.strip_prefix("0x") {
        if hex.contains('p') || hex.contains('.') {
            if hex.ends_with(['f', 'l']) {
                return ExprKind::Unknown;
            }
            return parse_hex_float(hex).map_or(ExprKind::Unknown, ExprKind::Float);
        }
        return int(hex.trim_end_matches(['u', 'l', 'z']), 16);
    }
    if let Some(bin) = lower.strip_prefix("0b") {
        return int(bin.trim_end_matches(['u', 'l', 'z']), 2);
    }
    let is_float = lower.contains('.') || lower.contains('e');
    if is_float {
        // Only `double` is modelled: `float` and `long double` arithmetic rounds otherwise.
        if lower.ends_with(['f', 'l']) {
            return ExprKind::Unknown;
        }
        let digits = lower.trim_end_matches('d');
        return digits
            .parse::<f64>()
            .map_or(ExprKind::Unknown, ExprKind::Float);
    }
    let digits = lower
        .trim_end_matches(['u', 'l', 'z'])
        .trim_end_matches("wb")
        .trim_end_matches('u');
    if digits.len() > 1 && digits.starts_with('0') {
        return int(&digits[1..], 8);
    }
    int(digits, 10)
}

fn parse_hex_float(hex: &str) -> Option<f64> {
    let (mantissa, exp) = hex.split_once('p')?;
    let exp: i32 = exp.parse().ok()?;
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut value = 0f64;
    for c in int_part.chars() {
        value = value * 16.0 + f64::from(c.to_digit(16)?);
    }
    let mut scale = 1.0 / 16.0;
    for c in frac_part.chars() {
        value += f64::from(c.to_digit(16)?) * scale;
        scale /= 16.0;
    }
    Some(value * 2f64.powi(exp))
}

/// Decodes one escape sequence or character starting at `chars[i]`; returns (value, next index).
fn decode_one(chars: &[char], i: usize) -> Option<(u32, usize)> {
    let c = *chars.get(i)?;
    if c != '\\' {
        return Some((c as u32, i + 1));
    }
    let e = *chars.get(i + 1)?;
    let simple = match e {
        'n' => Some(10),
        't' => Some(9),
        'r' => Some(13),
        'a' => Some(7),
        'b' => Some(8),
        'f' => Some(12),
        'v' => Some(11),
        'e' => Some(27),
        '\\' | '\'' | '"' | '?' => Some(e as u32),
        _ => None,
    };
    if let Some(v) = simple {
        return Some((v, i + 2));
    }
    let (radix, start, max) = match e {
        'x' => (16, i + 2, usize::MAX),
        'u' => (16, i + 2, 4),
        'U' => (16, i + 2, 8),
        '0'..='7' => (8, i + 1, 3),
        _ => return None,
    };
    let mut j = start;
    let mut v: u32 = 0;
    while j < chars.len() && j - start < max {
        match chars[j].to_digit(radix) {
            Some(d) => v = v.checked_mul(radix)?.checked_add(d)?,
            None => break,
        }
        j += 1;
    }
    (j > start).then_some((v, j))
}

/// The value of a character literal (`'a'`, `'\n'`, `L'x'`); `None` for multi-character
/// literals and for plain `char` values above 127 (their sign is the target's).
pub(crate) fn parse_char(text: &str) -> Option<i128> {
    let quote = text.find('\'')?;
    let prefix = &text[..quote];
    let inner = text[quote + 1..].strip_suffix('\'')?;
    let chars: Vec<char> = inner.chars().collect();
    let (v, next) = decode_one(&chars, 0)?;
    if next != chars.len() {
        return None;
    }
    if prefix.is_empty() && v > 127 {
        return None;
    }
    Some(i128::from(v))
}

/// The contents of a string literal with escapes decoded (best effort).
pub(super) fn decode_string(text: &str) -> String {
    let Some(quote) = text.find('"') else {
        return String::new();
    };
    let inner = &text[quote + 1..];
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    let chars: Vec<char> = inner.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        match decode_one(&chars, i) {
            Some((v, next)) => {
                out.push(char::from_u32(v).unwrap_or('\u{fffd}'));
                i = next;
            }
            None => {
                out.push(chars[i]);
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(text: &str) -> Option<i128> {
        match parse_number(text) {
            ExprKind::Int(v) => Some(v),
            _ => None,
        }
    }

    #[test]
    fn integers_in_every_base_with_suffixes_and_signs() {
        assert_eq!(int("42"), Some(42));
        assert_eq!(int("-1"), Some(-1));
        assert_eq!(int("- 3"), Some(-3));
        assert_eq!(int("+7"), Some(7));
        assert_eq!(int("0x1Fu"), Some(31));
        assert_eq!(int("0b101"), Some(5));
        assert_eq!(int("017"), Some(15));
        assert_eq!(int("100ULL"), Some(100));
        assert_eq!(int("1'000'000"), Some(1_000_000));
        assert_eq!(int("0"), Some(0));
        assert_eq!(int("-0x80"), Some(-128));
    }

    #[test]
    fn floating_literals_and_numbers_past_i128() {
        assert!(matches!(parse_number("-2.5e1"), ExprKind::Float(v) if v == -25.0));
        assert!(matches!(parse_number("0x1p4"), ExprKind::Float(v) if v == 16.0));
        // `float` and `long double` literals: their arithmetic is not the evaluator's double.
        for single_or_extended in ["0.5f", "2.5F", "1e3l", "0x1p4f", "1.0L"] {
            assert!(
                matches!(parse_number(single_or_extended), ExprKind::Unknown),
                "{single_or_extended}"
            );
        }
        assert_eq!(int("340282366920938463463374607431768211456"), None);
        assert_eq!(int("170141183460469231731687303715884105728"), None);
    }

    #[test]
    fn characters_and_strings() {
        assert_eq!(parse_char("'a'"), Some(97));
        assert_eq!(parse_char("'\\n'"), Some(10));
        assert_eq!(parse_char("'\\x41'"), Some(65));
        assert_eq!(decode_string("\"a\\tb\""), "a\tb");
    }
}
