//! Constructor trees as the oracle sees them: plain data, independent of the engine, rendered
//! as C code for the real libraries and converted to engine calls by `bridge.rs`.

use std::fmt::Write as _;

/// The darray distribution of one dimension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dist {
    Block,
    Cyclic,
    None,
}

/// `MPI_DISTRIBUTE_DFLT_DARG`, as the tree stores it (the C code spells the macro, whose value
/// differs between MPICH and Open MPI).
pub const DFLT: i64 = i64::MIN;

/// Which binding a call uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binding {
    Standard,
    /// `MPI_Type_hvector`, `MPI_Type_hindexed`, `MPI_Type_struct` (removed in MPI-3.0).
    Mpi1,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    Contiguous {
        count: i64,
    },
    Vector {
        count: i64,
        blocklength: i64,
        stride: i64,
    },
    Hvector {
        count: i64,
        blocklength: i64,
        stride: i64,
    },
    Indexed {
        bls: Vec<i64>,
        disps: Vec<i64>,
    },
    Hindexed {
        bls: Vec<i64>,
        disps: Vec<i64>,
    },
    IndexedBlock {
        bl: i64,
        disps: Vec<i64>,
    },
    HindexedBlock {
        bl: i64,
        disps: Vec<i64>,
    },
    /// One child per block.
    Struct {
        bls: Vec<i64>,
        disps: Vec<i64>,
    },
    Subarray {
        sizes: Vec<i64>,
        subsizes: Vec<i64>,
        starts: Vec<i64>,
        c_order: bool,
    },
    Darray {
        size: i64,
        rank: i64,
        gsizes: Vec<i64>,
        distribs: Vec<Dist>,
        dargs: Vec<i64>,
        psizes: Vec<i64>,
        c_order: bool,
    },
    Resized {
        lb: i64,
        extent: i64,
    },
    Dup,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tree {
    /// A predefined handle, by its MPI name (`MPI_DOUBLE`, `MPI_UB`).
    Leaf(&'static str),
    Node {
        op: Op,
        binding: Binding,
        kids: Vec<Tree>,
    },
}

impl Tree {
    pub fn node(op: Op, kids: Vec<Tree>) -> Tree {
        Tree::Node {
            op,
            binding: Binding::Standard,
            kids,
        }
    }

    pub fn mpi1(op: Op, kids: Vec<Tree>) -> Tree {
        Tree::Node {
            op,
            binding: Binding::Mpi1,
            kids,
        }
    }

    /// The predefined handles the tree uses.
    pub fn leaves(&self, out: &mut std::collections::BTreeSet<&'static str>) {
        match self {
            Tree::Leaf(n) => {
                out.insert(n);
            }
            Tree::Node { kids, .. } => kids.iter().for_each(|k| k.leaves(out)),
        }
    }

    /// Number of derived handles the C code creates.
    pub fn handle_count(&self) -> usize {
        match self {
            Tree::Leaf(_) => 0,
            Tree::Node { kids, .. } => 1 + kids.iter().map(Tree::handle_count).sum::<usize>(),
        }
    }
}

/// The C expression of a predefined handle (the prelude defines `OR_LB`/`OR_UB`).
fn leaf_expr(name: &str) -> String {
    match name {
        "MPI_LB" => "OR_LB".to_string(),
        "MPI_UB" => "OR_UB".to_string(),
        _ => name.to_string(),
    }
}

fn list(v: &[i64]) -> String {
    if v.is_empty() {
        // C has no empty initialisers before C23; the count passed is still 0.
        return "0".to_string();
    }
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn dargs_list(v: &[i64]) -> String {
    if v.is_empty() {
        return "0".to_string();
    }
    v.iter()
        .map(|&x| {
            if x == DFLT {
                "MPI_DISTRIBUTE_DFLT_DARG".to_string()
            } else {
                x.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn dist_c(d: Dist) -> &'static str {
    match d {
        Dist::Block => "MPI_DISTRIBUTE_BLOCK",
        Dist::Cyclic => "MPI_DISTRIBUTE_CYCLIC",
        Dist::None => "MPI_DISTRIBUTE_NONE",
    }
}

/// Appends the statements that build `tree` to `out`, each call checked; returns the C
/// expression of the resulting handle. Derived handles go to `h[nh++]`; on an error the code
/// calls `fail(id, step, rc)` and jumps to `out`.
pub fn emit_c(tree: &Tree, id: usize, out: &mut String, step: &mut usize) -> String {
    let (op, binding, kids) = match tree {
        Tree::Leaf(name) => return leaf_expr(name),
        Tree::Node { op, binding, kids } => (op, *binding, kids),
    };
    let olds: Vec<String> = kids.iter().map(|k| emit_c(k, id, out, step)).collect();
    let old = olds.first().cloned().unwrap_or_default();
    let me = *step;
    *step += 1;
    let call = match op {
        Op::Contiguous { count } => format!("MPI_Type_contiguous({count}, {old}, &h[nh])"),
        Op::Vector { count, blocklength, stride } => {
            format!("MPI_Type_vector({count}, {blocklength}, {stride}, {old}, &h[nh])")
        }
        Op::Hvector { count, blocklength, stride } => {
            let f = if binding == Binding::Mpi1 { "MPI_Type_hvector" } else { "MPI_Type_create_hvector" };
            format!("{f}({count}, {blocklength}, {stride}, {old}, &h[nh])")
        }
        Op::Indexed { bls, disps } => format!(
            "int bl[] = {{{}}}; int d[] = {{{}}}; rc = MPI_Type_indexed({}, bl, d, {old}, &h[nh])",
            list(bls),
            list(disps),
            bls.len()
        ),
        Op::Hindexed { bls, disps } => {
            let f = if binding == Binding::Mpi1 { "MPI_Type_hindexed" } else { "MPI_Type_create_hindexed" };
            format!(
                "int bl[] = {{{}}}; MPI_Aint d[] = {{{}}}; rc = {f}({}, bl, d, {old}, &h[nh])",
                list(bls),
                list(disps),
                bls.len()
            )
        }
        Op::IndexedBlock { bl, disps } => format!(
            "int d[] = {{{}}}; rc = MPI_Type_create_indexed_block({}, {bl}, d, {old}, &h[nh])",
            list(disps),
            disps.len()
        ),
        Op::HindexedBlock { bl, disps } => format!(
            "MPI_Aint d[] = {{{}}}; rc = MPI_Type_create_hindexed_block({}, {bl}, d, {old}, &h[nh])",
            list(disps),
            disps.len()
        ),
        Op::Struct { bls, disps } => {
            let f = if binding == Binding::Mpi1 { "MPI_Type_struct" } else { "MPI_Type_create_struct" };
            let tys = if olds.is_empty() { "MPI_INT".to_string() } else { olds.join(", ") };
            format!(
                "int bl[] = {{{}}}; MPI_Aint d[] = {{{}}}; MPI_Datatype ty[] = {{{tys}}}; rc = {f}({}, bl, d, ty, &h[nh])",
                list(bls),
                list(disps),
                bls.len()
            )
        }
        Op::Subarray { sizes, subsizes, starts, c_order } => format!(
            "int sz[] = {{{}}}; int sub[] = {{{}}}; int st[] = {{{}}}; rc = MPI_Type_create_subarray({}, sz, sub, st, {}, {old}, &h[nh])",
            list(sizes),
            list(subsizes),
            list(starts),
            sizes.len(),
            if *c_order { "MPI_ORDER_C" } else { "MPI_ORDER_FORTRAN" }
        ),
        Op::Darray { size, rank, gsizes, distribs, dargs, psizes, c_order } => format!(
            "int gs[] = {{{}}}; int di[] = {{{}}}; int da[] = {{{}}}; int ps[] = {{{}}}; rc = MPI_Type_create_darray({size}, {rank}, {}, gs, di, da, ps, {}, {old}, &h[nh])",
            list(gsizes),
            distribs.iter().map(|&d| dist_c(d)).collect::<Vec<_>>().join(", "),
            dargs_list(dargs),
            list(psizes),
            gsizes.len(),
            if *c_order { "MPI_ORDER_C" } else { "MPI_ORDER_FORTRAN" }
        ),
        Op::Resized { lb, extent } => {
            format!("MPI_Type_create_resized({old}, {lb}, {extent}, &h[nh])")
        }
        Op::Dup => format!("MPI_Type_dup({old}, &h[nh])"),
    };
    let call = if call.contains("rc = ") {
        call
    } else {
        format!("rc = {call}")
    };
    let _ = writeln!(
        out,
        "  {{ {call}; if (rc != MPI_SUCCESS) {{ fail({id}, {me}, rc); goto out; }} nh++; }}"
    );
    format!("h[{me}]")
}

/// The whole C function that builds, reports and frees one type.
pub fn c_function(tree: &Tree, id: usize) -> String {
    let mut body = String::new();
    let mut step = 0;
    let root = emit_c(tree, id, &mut body, &mut step);
    let n = tree.handle_count().max(1);
    let mut f = String::new();
    let _ = writeln!(f, "static void t_{id}(void) {{");
    let _ = writeln!(f, "  MPI_Datatype h[{n}]; int nh = 0, rc = 0; (void)rc;");
    f.push_str(&body);
    let derived = !matches!(tree, Tree::Leaf(_));
    let _ = writeln!(f, "  report({id}, {root}, {});", derived as i32);
    let _ = writeln!(
        f,
        "  goto out;\nout:\n  for (int i = 0; i < nh; i++) MPI_Type_free(&h[i]);\n}}"
    );
    f
}
