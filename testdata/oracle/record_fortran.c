/*
 * record_fortran.c - run-time oracle for the Fortran fixtures.
 *
 * Linked into a fixture (the fixture's source is not changed):
 *
 *   mpif90.mpich -g -no-pie testdata/fortran/FILE.f90 testdata/oracle/record_fortran.c \
 *       -ldl -o prog && ./prog
 *
 * it defines the Fortran entry points of the datatype constructors (mpif.h and `use mpi`:
 * mpi_type_vector_; `use mpi_f08`: mpi_type_vector_f08_), which the linker prefers to the
 * library's. Each wrapper forwards its arguments untouched to the library's definition (found
 * with dlsym(RTLD_NEXT)) and prints, right after the call, one line
 *
 *   ORACLE_F <address> size=<n> lb=<n> extent=<n> true_lb=<n> true_extent=<n>
 *
 * <address> is the return address in the fixture (hexadecimal, an absolute address because the
 * program is not position-independent); `addr2line -e prog <address - 1>` gives the file and
 * line of the call, the line the constructor's CALL statement starts on. The values are
 * MPI_Type_size_x, MPI_Type_get_extent_x and MPI_Type_get_true_extent_x of the new type. A call
 * whose ierror is not MPI_SUCCESS prints `error=<code>` instead.
 *
 * Every argument of these procedures is passed by reference, so a wrapper is a function of
 * N pointers; the handle (an INTEGER, or the INTEGER MPI_VAL that is all of an mpi_f08
 * TYPE(MPI_Datatype)) is read through the pointer to the new-type argument. With mpi_f08 an
 * absent ierror arrives as a null pointer.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>

typedef void (*oracle_forward_fn)();

static void oracle_record_f_(void *at, const void *newtype, const int *ierror)
{
    printf("ORACLE_F %p", at);
    if (ierror != NULL && *ierror != MPI_SUCCESS) {
        printf(" error=%d\n", *ierror);
    } else {
        MPI_Datatype dt = MPI_Type_f2c(*(const MPI_Fint *) newtype);
        MPI_Count size = -1, lb = -1, extent = -1, true_lb = -1, true_extent = -1;
        PMPI_Type_size_x(dt, &size);
        PMPI_Type_get_extent_x(dt, &lb, &extent);
        PMPI_Type_get_true_extent_x(dt, &true_lb, &true_extent);
        printf(" size=%lld lb=%lld extent=%lld true_lb=%lld true_extent=%lld\n",
               (long long) size, (long long) lb, (long long) extent, (long long) true_lb,
               (long long) true_extent);
    }
    fflush(stdout);
}

static oracle_forward_fn oracle_next_(const char *symbol)
{
    oracle_forward_fn next = (oracle_forward_fn) dlsym(RTLD_NEXT, symbol);
    if (next == NULL) {
        fprintf(stderr, "record_fortran: %s not found\n", symbol);
        MPI_Abort(MPI_COMM_WORLD, 99);
    }
    return next;
}

/* A wrapper of N pointer arguments; the new type is argument NEW, ierror the last one. */
#define ORACLE_WRAP3(sym, NEW)                                                          \
    void sym(void *a0, void *a1, void *a2)                                              \
    {                                                                                   \
        void *args[] = {a0, a1, a2};                                                    \
        oracle_next_(#sym)(a0, a1, a2);                                                 \
        oracle_record_f_(__builtin_return_address(0), args[NEW], (const int *) a2);     \
    }
#define ORACLE_WRAP4(sym, NEW)                                                          \
    void sym(void *a0, void *a1, void *a2, void *a3)                                    \
    {                                                                                   \
        void *args[] = {a0, a1, a2, a3};                                                \
        oracle_next_(#sym)(a0, a1, a2, a3);                                             \
        oracle_record_f_(__builtin_return_address(0), args[NEW], (const int *) a3);     \
    }
#define ORACLE_WRAP5(sym, NEW)                                                          \
    void sym(void *a0, void *a1, void *a2, void *a3, void *a4)                          \
    {                                                                                   \
        void *args[] = {a0, a1, a2, a3, a4};                                            \
        oracle_next_(#sym)(a0, a1, a2, a3, a4);                                         \
        oracle_record_f_(__builtin_return_address(0), args[NEW], (const int *) a4);     \
    }
#define ORACLE_WRAP6(sym, NEW)                                                          \
    void sym(void *a0, void *a1, void *a2, void *a3, void *a4, void *a5)                \
    {                                                                                   \
        void *args[] = {a0, a1, a2, a3, a4, a5};                                        \
        oracle_next_(#sym)(a0, a1, a2, a3, a4, a5);                                     \
        oracle_record_f_(__builtin_return_address(0), args[NEW], (const int *) a5);     \
    }
#define ORACLE_WRAP8(sym, NEW)                                                          \
    void sym(void *a0, void *a1, void *a2, void *a3, void *a4, void *a5, void *a6,      \
             void *a7)                                                                  \
    {                                                                                   \
        void *args[] = {a0, a1, a2, a3, a4, a5, a6, a7};                                \
        oracle_next_(#sym)(a0, a1, a2, a3, a4, a5, a6, a7);                             \
        oracle_record_f_(__builtin_return_address(0), args[NEW], (const int *) a7);     \
    }
#define ORACLE_WRAP11(sym, NEW)                                                         \
    void sym(void *a0, void *a1, void *a2, void *a3, void *a4, void *a5, void *a6,      \
             void *a7, void *a8, void *a9, void *a10)                                   \
    {                                                                                   \
        void *args[] = {a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10};                   \
        oracle_next_(#sym)(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10);                \
        oracle_record_f_(__builtin_return_address(0), args[NEW], (const int *) a10);    \
    }

/* Both bindings of one constructor: mpif.h / `use mpi`, and `use mpi_f08`. */
#define ORACLE_BOTH(N, name, NEW)          \
    ORACLE_WRAP##N(mpi_##name##_, NEW)      \
    ORACLE_WRAP##N(mpi_##name##_f08_, NEW)

ORACLE_BOTH(4, type_contiguous, 2)
ORACLE_BOTH(6, type_vector, 4)
ORACLE_BOTH(6, type_create_hvector, 4)
ORACLE_BOTH(6, type_indexed, 4)
ORACLE_BOTH(6, type_create_hindexed, 4)
ORACLE_BOTH(6, type_create_indexed_block, 4)
ORACLE_BOTH(6, type_create_hindexed_block, 4)
ORACLE_BOTH(6, type_create_struct, 4)
ORACLE_BOTH(8, type_create_subarray, 6)
ORACLE_BOTH(11, type_create_darray, 9)
ORACLE_BOTH(5, type_create_resized, 3)
ORACLE_BOTH(3, type_dup, 1)
ORACLE_BOTH(4, type_create_f90_real, 2)
ORACLE_BOTH(4, type_create_f90_complex, 2)
ORACLE_BOTH(3, type_create_f90_integer, 1)
/* The MPI-1 constructors removed in MPI-3.0 (MPICH 4 still provides them in mpif.h). */
ORACLE_WRAP6(mpi_type_hvector_, 4)
ORACLE_WRAP6(mpi_type_hindexed_, 4)
ORACLE_WRAP6(mpi_type_struct_, 4)
