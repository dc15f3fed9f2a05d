#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| mpi_dtype_analyzer_fuzz::fortran_fixed(data));
