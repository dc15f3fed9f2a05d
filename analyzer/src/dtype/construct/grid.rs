//! The array constructors: subarray and darray (block, cyclic and undistributed dimensions, in C
//! or Fortran order), lowered to vectors and resized types as the standard describes them.

use super::*;

/// Dimensions in storage order, fastest first.
pub(super) fn fastest_first(ndims: usize, order: Order) -> Vec<usize> {
    match order {
        Order::Fortran => (0..ndims).collect(),
        Order::C => (0..ndims).rev().collect(),
    }
}

/// The standard's subarray (MPI 4.1 §5.1.3): the selected elements in storage order, with lb 0 and
/// the extent of the whole array.
pub(super) fn subarray(
    target: Target,
    checks: &Checks,
    sizes: &[i128],
    subsizes: &[i128],
    starts: &[i128],
    order: Order,
    old: &Datatype,
) -> Result<Datatype> {
    let ndims = sizes.len();
    check_subarray_sizes(checks, Some(sizes), subsizes)?;
    same_length("array_of_starts", starts, ndims)?;
    for i in 0..ndims {
        if starts[i] < 0 || starts[i] > sizes[i] - subsizes[i] {
            return Err(invalid(format!(
                "array_of_starts[{i}] is {}; it must be in 0..={}",
                starts[i],
                sizes[i] - subsizes[i]
            )));
        }
    }
    let dims = fastest_first(ndims, order);
    let mut ty = contiguous(target, subsizes[dims[0]], old.clone())?;
    let mut elements = sizes[dims[0]];
    let mut start = starts[dims[0]];
    for &d in &dims[1..] {
        let kind = Kind::Vector {
            count: subsizes[d],
            blocklength: 1,
            stride: elements,
            unit: Unit::ExtentsOf(old.clone()),
            old: ty,
            contiguous: false,
        };
        ty = internal(target, kind)?;
        start = add(start, mul(starts[d], elements)?)?;
        elements = mul(elements, sizes[d])?;
    }
    let placed = indexed(
        target,
        std::iter::once((1, start)),
        Unit::ExtentsOf(old.clone()),
        true,
        ty,
        Label::Internal,
    )?;
    resized_to(target, placed, elements, old)
}

/// Subarray's checks of its sizes and subsizes; `sizes` `None` when not known (a partial
/// summary), which leaves the upper bound of each subsize unchecked.
pub(super) fn check_subarray_sizes(
    checks: &Checks,
    sizes: Option<&[i128]>,
    subsizes: &[i128],
) -> Result<()> {
    let ndims = sizes.map_or(subsizes.len(), <[i128]>::len);
    if ndims == 0 {
        return Err(invalid("ndims must be at least 1"));
    }
    same_length("array_of_subsizes", subsizes, ndims)?;
    for (i, &subsize) in subsizes.iter().enumerate() {
        let Some(size) = sizes.map(|s| s[i]) else {
            if subsize < 1 {
                return Err(invalid(format!(
                    "array_of_subsizes[{i}] is {subsize}; it must be positive"
                )));
            }
            continue;
        };
        checks.int("array_of_sizes", size)?;
        if size < 1 {
            return Err(invalid(format!(
                "array_of_sizes[{i}] is {size}; it must be positive"
            )));
        }
        if subsize < 1 || subsize > size {
            return Err(invalid(format!(
                "array_of_subsizes[{i}] is {subsize}; it must be in 1..={size}"
            )));
        }
    }
    Ok(())
}

pub(super) struct DarrayGrid<'a> {
    pub(super) size: i128,
    pub(super) rank: i128,
    pub(super) gsizes: &'a [i128],
    pub(super) distribs: &'a [Distribution],
    pub(super) dargs: &'a [i128],
    pub(super) psizes: &'a [i128],
    pub(super) order: Order,
}

/// The standard's darray (MPI 4.1 §5.1.4): per dimension, fastest first, the process's cyclic
/// blocks of the previous dimension's type, resized to the whole dimension.
pub(super) fn darray(
    target: Target,
    checks: &Checks,
    g: &DarrayGrid,
    old: &Datatype,
) -> Result<Datatype> {
    let ndims = g.gsizes.len();
    if ndims == 0 {
        return Err(invalid("ndims must be at least 1"));
    }
    same_length("array_of_distribs", g.distribs, ndims)?;
    same_length("array_of_dargs", g.dargs, ndims)?;
    same_length("array_of_psizes", g.psizes, ndims)?;
    checks.int("size", g.size)?;
    checks.ints("array_of_gsizes", g.gsizes)?;
    if g.size < 1 || g.rank < 0 || g.rank >= g.size {
        return Err(invalid(format!(
            "rank {} is not in a group of size {}",
            g.rank, g.size
        )));
    }
    if let Some(i) = (0..ndims).find(|&i| g.gsizes[i] < 1 || g.psizes[i] < 1) {
        return Err(invalid(format!(
            "array_of_gsizes[{i}] and array_of_psizes[{i}] must be positive"
        )));
    }
    let grid_size = g.psizes.iter().try_fold(1i128, |acc, &p| mul(acc, p))?;
    if grid_size != g.size {
        return Err(invalid(format!(
            "the process grid has {grid_size} processes but size is {}",
            g.size
        )));
    }
    // Process coordinates: the grid is row-major whatever the array order.
    let (mut rest, mut stride) = (g.rank, g.size);
    let coords: Vec<i128> = g
        .psizes
        .iter()
        .map(|&p| {
            stride /= p;
            let coord = rest / stride;
            rest %= stride;
            coord
        })
        .collect();
    let mut dims = Vec::with_capacity(ndims);
    // Elements of `old` below the current dimension, and MPICH's frame shift (see `Share`).
    let (mut below, mut shift) = (1i128, 0i128);
    for i in fastest_first(ndims, g.order) {
        let (gsize, psize) = (g.gsizes[i], g.psizes[i]);
        let (block, procs, coord) = match g.distribs[i] {
            Distribution::None => {
                if psize != 1 {
                    return Err(invalid(format!(
                        "dimension {i} is MPI_DISTRIBUTE_NONE but has {psize} processes"
                    )));
                }
                (gsize, 1, 0)
            }
            Distribution::Block => {
                let block = if g.dargs[i] == DFLT_DARG {
                    (gsize + psize - 1) / psize
                } else {
                    g.dargs[i]
                };
                if block < 1 || mul(block, psize)? < gsize {
                    return Err(invalid(format!("block size {block} of dimension {i} does not cover {gsize} elements on {psize} processes")));
                }
                (block, psize, coords[i])
            }
            Distribution::Cyclic => {
                let block = if g.dargs[i] == DFLT_DARG {
                    1
                } else {
                    g.dargs[i]
                };
                if block < 1 {
                    return Err(invalid(format!(
                        "cyclic block size {block} of dimension {i} must be positive"
                    )));
                }
                (block, psize, coords[i])
            }
        };
        let cyclic = g.distribs[i] == Distribution::Cyclic;
        dims.push(Share {
            darg: block,
            gsize,
            coord,
            procs,
            cyclic,
            below,
            shift,
        });
        // MPICH places the fastest cyclic share inside its type, every other one at the end.
        if !(cyclic && dims.len() == 1) {
            shift = add(shift, mul(mul(coord, block)?, below)?)?;
        }
        below = mul(below, gsize)?;
    }
    if dims.iter().any(|d| d.coord * d.darg >= d.gsize) {
        return no_local_elements(target, g.gsizes, old);
    }
    dims.into_iter()
        .try_fold(old.clone(), |ty, share| cyclic(target, &share, ty, old))
}

/// A darray share without elements: lb 0 and the extent of the whole array, like the others.
/// The libraries differ in its true bounds (MPICH 0 and 0; Open MPI its "nothing added"
/// sentinels), which an empty struct member reproduces in each model.
fn no_local_elements(target: Target, gsizes: &[i128], old: &Datatype) -> Result<Datatype> {
    let nothing = contiguous(target, 0, old.clone())?;
    let member = StructBlock {
        blocklength: 1,
        displacement: 0,
        old: nothing,
    };
    let body = struct_of(
        target,
        std::iter::once(member),
        Unit::Bytes,
        Label::Internal,
    )?;
    let elements = gsizes.iter().try_fold(1i128, |acc, &g| mul(acc, g))?;
    resized_to(target, body, elements, old)
}

/// One dimension of a darray as one process holds it.
struct Share {
    darg: i128,
    gsize: i128,
    coord: i128,
    procs: i128,
    /// `MPI_DISTRIBUTE_CYCLIC` (block and none are one cyclic block per process).
    cyclic: bool,
    /// Elements of the darray's old type in one element of this dimension.
    below: i128,
    /// Where, in elements of the darray's old type, MPICH's frame for this dimension starts
    /// relative to ours: MPICH builds each share at 0 and applies most offsets of the faster
    /// dimensions at the end, which only shows where an empty member bounds a struct.
    shift: i128,
}

/// The standard's `cyclic(darg, gsize, r, psize, oldtype)`: blocks of `darg` elements starting at
/// `r * darg`, every `darg * psize`, the last one cut at `gsize`; lb 0, extent `gsize` elements.
/// `base` is the darray's old type, the unit of the displacements.
fn cyclic(target: Target, share: &Share, old: Datatype, base: &Datatype) -> Result<Datatype> {
    let Share {
        darg,
        gsize,
        coord,
        procs,
        cyclic,
        below,
        shift,
    } = *share;
    let first = mul(coord, darg)?;
    let period = mul(darg, procs)?;
    let full = if gsize >= first + darg {
        (gsize - first - darg) / period + 1
    } else {
        0
    };
    let tail_start = add(first, mul(full, period)?)?;
    let tail = if tail_start < gsize {
        (gsize - tail_start).min(darg)
    } else {
        0
    };
    let blocks_of = Kind::Vector {
        count: full,
        blocklength: darg,
        stride: period,
        unit: Unit::Extents,
        old: old.clone(),
        contiguous: false,
    };
    // MPICH builds a cyclic share as a vector of the full blocks and a struct member for the
    // cut one, and an empty vector still bounds that struct at the start of MPICH's frame, so
    // it stays for cyclic shares; a block share is one contiguous run there.
    let full_blocks = StructBlock {
        blocklength: 1,
        displacement: match full {
            0 => add(mul(first, below)?, shift)?,
            _ => mul(first, below)?,
        },
        old: internal(target, blocks_of)?,
    };
    let tail_block = StructBlock {
        blocklength: tail,
        displacement: mul(tail_start, below)?,
        old: old.clone(),
    };
    let body = [
        (full > 0 || cyclic).then_some(full_blocks),
        (tail > 0).then_some(tail_block),
    ];
    let placed = struct_of(
        target,
        body.into_iter().flatten(),
        Unit::ExtentsOf(base.clone()),
        Label::Internal,
    )?;
    resized_to(target, placed, gsize, &old)
}
