//! Where the members of a C struct or union go, one after another, as the target's compiler
//! puts them: ordinary members at the next multiple of their alignment, bit-fields as gcc packs
//! them on the System V targets or as MSVC does.
//!
//! gcc (`PCC_BITFIELD_TYPE_MATTERS`): a bit-field goes at the next free bit unless it would
//! then span more units of its type's alignment than the type has (it then starts at the next
//! such unit); a zero-width bit-field moves to the next multiple of its type's alignment. Named
//! bit-fields give the record their type's alignment; unnamed ones do too on aarch64 only.
//!
//! MSVC: a bit-field shares the storage unit of the bit-field before it when both types have the
//! same size and it still fits; otherwise it takes a new unit of its type, aligned as the type.
//! A zero-width bit-field closes the unit before it (and aligns to its type), and is ignored
//! after anything else. In a union a bit-field takes its type's size but not its alignment.
//!
//! What is not modelled returns `None`: a zero-width bit-field in a union.

use super::aggregate::Layout;
use super::Target;

/// How bit-fields are allocated.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rules {
    /// gcc on System V targets; `anonymous_align`: unnamed bit-fields align the record
    /// (aarch64).
    Gcc {
        anonymous_align: bool,
    },
    Msvc,
}

/// The members placed so far.
pub(super) struct Placement {
    rules: Rules,
    union: bool,
    /// The next free bit (a struct) or the largest member in bits (a union).
    bits: i128,
    align: i128,
    /// MSVC: the size in bytes of the unit the last bit-field was put in, and its bits left.
    unit: Option<(i128, i128)>,
}

pub(super) fn round_up(v: i128, to: i128) -> Option<i128> {
    if to <= 1 {
        return Some(v);
    }
    v.checked_add(to - 1)?.checked_div(to)?.checked_mul(to)
}

impl Placement {
    pub(super) fn new(target: Target, union: bool) -> Placement {
        let rules = match target {
            Target::X86_64WindowsMsvc => Rules::Msvc,
            Target::Aarch64LinuxGnu => Rules::Gcc {
                anonymous_align: true,
            },
            _ => Rules::Gcc {
                anonymous_align: false,
            },
        };
        Placement {
            rules,
            union,
            bits: 0,
            align: 1,
            unit: None,
        }
    }

    /// An ordinary member (its alignment already adjusted for packing): its byte offset.
    pub(super) fn member(&mut self, l: Layout) -> Option<i128> {
        self.unit = None;
        self.align = self.align.max(l.align);
        let bits = l.size.checked_mul(8)?;
        if self.union {
            self.bits = self.bits.max(bits);
            return Some(0);
        }
        let at = round_up(self.bits, l.align.checked_mul(8)?)?;
        self.bits = at.checked_add(bits)?;
        Some(at / 8)
    }

    /// A bit-field of `width` bits (checked by the caller to fit its type) of a type with
    /// layout `l`.
    pub(super) fn bit_field(&mut self, l: Layout, width: i128, named: bool) -> Option<()> {
        let (type_bits, align_bits) = (l.size.checked_mul(8)?, l.align.checked_mul(8)?);
        match self.rules {
            Rules::Gcc { anonymous_align } => {
                if named || anonymous_align {
                    self.align = self.align.max(l.align);
                }
                if self.union {
                    if width == 0 {
                        return None;
                    }
                    self.bits = self.bits.max(width);
                } else if width == 0 {
                    self.bits = round_up(self.bits, align_bits)?;
                } else {
                    // Units of the type's alignment the field would span from here.
                    let spanned = (self.bits % align_bits + width + align_bits - 1) / align_bits;
                    if spanned > type_bits / align_bits {
                        self.bits = round_up(self.bits, align_bits)?;
                    }
                    self.bits = self.bits.checked_add(width)?;
                }
            }
            Rules::Msvc if self.union => {
                if width == 0 {
                    return None;
                }
                self.bits = self.bits.max(type_bits);
            }
            Rules::Msvc if width == 0 => {
                if self.unit.take().is_some() {
                    self.bits = round_up(self.bits, align_bits)?;
                    self.align = self.align.max(l.align);
                }
            }
            Rules::Msvc => match self.unit {
                Some((size, left)) if size == l.size && width <= left => {
                    self.unit = Some((size, left - width));
                }
                _ => {
                    let at = round_up(self.bits, align_bits)?;
                    self.bits = at.checked_add(type_bits)?;
                    self.align = self.align.max(l.align);
                    self.unit = Some((l.size, type_bits - width));
                }
            },
        }
        Some(())
    }

    /// The record's layout, its alignment raised to at least `align`.
    pub(super) fn finish(self, align: i128) -> Option<Layout> {
        let align = self.align.max(align);
        let bytes = self.bits.checked_add(7)? / 8;
        Some(Layout {
            size: round_up(bytes, align)?,
            align,
        })
    }
}
