/*
 * record.h - run-time oracle for the C fixtures.
 *
 * Force-included ahead of a fixture (mpicc.mpich -include testdata/oracle/record.h), it
 * intercepts every datatype-constructor call the fixture makes and prints, right after the
 * call, one line
 *
 *   ORACLE <line> <newtype-expr> size=<n> lb=<n> extent=<n> true_lb=<n> true_extent=<n>
 *
 * <line> is __LINE__ at the call (GCC: the line of the constructor's name, also when the
 * call spans several lines); <newtype-expr> is the text of the call's last argument as the
 * preprocessor spells it (#-stringified: comments dropped, whitespace runs collapsed to one
 * space), e.g. "&newtype" or "&types[i]". The values are MPI_Type_size_x,
 * MPI_Type_get_extent_x and MPI_Type_get_true_extent_x of the new type.
 *
 * How: each constructor name is a variadic function-like macro that forwards its arguments,
 * untouched, to a typed static inline wrapper together with __LINE__ and #__VA_ARGS__. The
 * wrapper calls the PMPI_ entry point (a macro does not expand inside its own expansion, and
 * PMPI_ names are not macros, so nothing recurses), records, and returns the PMPI_ return
 * code, so the call works as a statement or inside an expression (rc = ..., if (...)).
 * Forwarding to a function rather than splicing fixed parameters means every argument is
 * evaluated exactly once, in the compiler's usual way, and braces in compound literals
 * ((int[]){NX, NY}) do not upset the macro's argument count; the last argument's text is cut
 * out of #__VA_ARGS__ at run time at the last comma outside (), [] and {}.
 *
 * The fixture needs no change; it must include <mpi.h> itself as usual (included here too).
 * The MPI-4 large-count (_c) constructors are wrapped when MPI_VERSION >= 4 (MPICH 4).
 */
#ifndef MPI_DTYPE_LINT_ORACLE_RECORD_H
#define MPI_DTYPE_LINT_ORACLE_RECORD_H

#include <mpi.h>
#include <stdio.h>
#include <string.h>

/* Print the last top-level argument of the stringified argument list. */
static inline void oracle_print_last_arg_(const char *args)
{
    const char *last = args;
    int depth = 0;
    char quote = 0;
    for (const char *p = args; *p; p++) {
        if (quote) {
            if (*p == '\\' && p[1])
                p++;
            else if (*p == quote)
                quote = 0;
            continue;
        }
        switch (*p) {
        case '"': case '\'': quote = *p; break;
        case '(': case '[': case '{': depth++; break;
        case ')': case ']': case '}': depth--; break;
        case ',': if (depth == 0) last = p + 1; break;
        default: break;
        }
    }
    while (*last == ' ' || *last == '\t' || *last == '\n')
        last++;
    size_t n = strlen(last);
    while (n > 0 && (last[n - 1] == ' ' || last[n - 1] == '\t' || last[n - 1] == '\n'))
        n--;
    fwrite(last, 1, n, stdout);
}

static inline int oracle_record_(int rc, int line, const char *args, const MPI_Datatype *newtype)
{
    MPI_Count size = -1, lb = -1, extent = -1, true_lb = -1, true_extent = -1;
    if (rc == MPI_SUCCESS && newtype != NULL) {
        PMPI_Type_size_x(*newtype, &size);
        PMPI_Type_get_extent_x(*newtype, &lb, &extent);
        PMPI_Type_get_true_extent_x(*newtype, &true_lb, &true_extent);
    }
    printf("ORACLE %d ", line);
    oracle_print_last_arg_(args);
    if (rc != MPI_SUCCESS)
        printf(" error=%d\n", rc);
    else
        printf(" size=%lld lb=%lld extent=%lld true_lb=%lld true_extent=%lld\n",
               (long long) size, (long long) lb, (long long) extent,
               (long long) true_lb, (long long) true_extent);
    fflush(stdout);
    return rc;
}

#define ORACLE_AT_ __LINE__

static inline int oracle_Type_contiguous_(int line, const char *args, int count,
                                          MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_contiguous(count, oldtype, newtype), line, args, newtype);
}
#define MPI_Type_contiguous(...) oracle_Type_contiguous_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_vector_(int line, const char *args, int count, int blocklength,
                                      int stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_vector(count, blocklength, stride, oldtype, newtype),
                          line, args, newtype);
}
#define MPI_Type_vector(...) oracle_Type_vector_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_hvector_(int line, const char *args, int count,
                                              int blocklength, MPI_Aint stride,
                                              MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_hvector(count, blocklength, stride, oldtype, newtype),
                          line, args, newtype);
}
#define MPI_Type_create_hvector(...) \
    oracle_Type_create_hvector_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_indexed_(int line, const char *args, int count,
                                       const int blocklengths[], const int displacements[],
                                       MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_indexed(count, blocklengths, displacements, oldtype, newtype),
                          line, args, newtype);
}
#define MPI_Type_indexed(...) oracle_Type_indexed_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_hindexed_(int line, const char *args, int count,
                                               const int blocklengths[],
                                               const MPI_Aint displacements[],
                                               MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_hindexed(count, blocklengths, displacements,
                                                    oldtype, newtype),
                          line, args, newtype);
}
#define MPI_Type_create_hindexed(...) \
    oracle_Type_create_hindexed_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_indexed_block_(int line, const char *args, int count,
                                                    int blocklength, const int displacements[],
                                                    MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_indexed_block(count, blocklength, displacements,
                                                         oldtype, newtype),
                          line, args, newtype);
}
#define MPI_Type_create_indexed_block(...) \
    oracle_Type_create_indexed_block_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_hindexed_block_(int line, const char *args, int count,
                                                     int blocklength,
                                                     const MPI_Aint displacements[],
                                                     MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_hindexed_block(count, blocklength, displacements,
                                                          oldtype, newtype),
                          line, args, newtype);
}
#define MPI_Type_create_hindexed_block(...) \
    oracle_Type_create_hindexed_block_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_struct_(int line, const char *args, int count,
                                             const int blocklengths[],
                                             const MPI_Aint displacements[],
                                             const MPI_Datatype types[], MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_struct(count, blocklengths, displacements, types,
                                                  newtype),
                          line, args, newtype);
}
#define MPI_Type_create_struct(...) \
    oracle_Type_create_struct_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_subarray_(int line, const char *args, int ndims,
                                               const int sizes[], const int subsizes[],
                                               const int starts[], int order,
                                               MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_subarray(ndims, sizes, subsizes, starts, order,
                                                    oldtype, newtype),
                          line, args, newtype);
}
#define MPI_Type_create_subarray(...) \
    oracle_Type_create_subarray_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_darray_(int line, const char *args, int size, int rank,
                                             int ndims, const int gsizes[], const int distribs[],
                                             const int dargs[], const int psizes[], int order,
                                             MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_darray(size, rank, ndims, gsizes, distribs, dargs,
                                                  psizes, order, oldtype, newtype),
                          line, args, newtype);
}
#define MPI_Type_create_darray(...) \
    oracle_Type_create_darray_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_resized_(int line, const char *args, MPI_Datatype oldtype,
                                              MPI_Aint lb, MPI_Aint extent,
                                              MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_resized(oldtype, lb, extent, newtype),
                          line, args, newtype);
}
#define MPI_Type_create_resized(...) \
    oracle_Type_create_resized_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_dup_(int line, const char *args, MPI_Datatype oldtype,
                                   MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_dup(oldtype, newtype), line, args, newtype);
}
#define MPI_Type_dup(...) oracle_Type_dup_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

#if defined(MPI_VERSION) && MPI_VERSION >= 4
/* MPI-4 large-count constructors. */

static inline int oracle_Type_contiguous_c_(int line, const char *args, MPI_Count count,
                                            MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_contiguous_c(count, oldtype, newtype), line, args, newtype);
}
#define MPI_Type_contiguous_c(...) \
    oracle_Type_contiguous_c_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_vector_c_(int line, const char *args, MPI_Count count,
                                        MPI_Count blocklength, MPI_Count stride,
                                        MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_vector_c(count, blocklength, stride, oldtype, newtype),
                          line, args, newtype);
}
#define MPI_Type_vector_c(...) oracle_Type_vector_c_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_hvector_c_(int line, const char *args, MPI_Count count,
                                                MPI_Count blocklength, MPI_Count stride,
                                                MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_hvector_c(count, blocklength, stride, oldtype,
                                                     newtype),
                          line, args, newtype);
}
#define MPI_Type_create_hvector_c(...) \
    oracle_Type_create_hvector_c_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_indexed_c_(int line, const char *args, MPI_Count count,
                                         const MPI_Count blocklengths[],
                                         const MPI_Count displacements[],
                                         MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_indexed_c(count, blocklengths, displacements, oldtype,
                                              newtype),
                          line, args, newtype);
}
#define MPI_Type_indexed_c(...) oracle_Type_indexed_c_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_hindexed_c_(int line, const char *args, MPI_Count count,
                                                 const MPI_Count blocklengths[],
                                                 const MPI_Count displacements[],
                                                 MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_hindexed_c(count, blocklengths, displacements,
                                                      oldtype, newtype),
                          line, args, newtype);
}
#define MPI_Type_create_hindexed_c(...) \
    oracle_Type_create_hindexed_c_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_indexed_block_c_(int line, const char *args,
                                                      MPI_Count count, MPI_Count blocklength,
                                                      const MPI_Count displacements[],
                                                      MPI_Datatype oldtype,
                                                      MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_indexed_block_c(count, blocklength, displacements,
                                                           oldtype, newtype),
                          line, args, newtype);
}
#define MPI_Type_create_indexed_block_c(...) \
    oracle_Type_create_indexed_block_c_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_hindexed_block_c_(int line, const char *args,
                                                       MPI_Count count, MPI_Count blocklength,
                                                       const MPI_Count displacements[],
                                                       MPI_Datatype oldtype,
                                                       MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_hindexed_block_c(count, blocklength, displacements,
                                                            oldtype, newtype),
                          line, args, newtype);
}
#define MPI_Type_create_hindexed_block_c(...) \
    oracle_Type_create_hindexed_block_c_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_struct_c_(int line, const char *args, MPI_Count count,
                                               const MPI_Count blocklengths[],
                                               const MPI_Count displacements[],
                                               const MPI_Datatype types[],
                                               MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_struct_c(count, blocklengths, displacements, types,
                                                    newtype),
                          line, args, newtype);
}
#define MPI_Type_create_struct_c(...) \
    oracle_Type_create_struct_c_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_subarray_c_(int line, const char *args, int ndims,
                                                 const MPI_Count sizes[],
                                                 const MPI_Count subsizes[],
                                                 const MPI_Count starts[], int order,
                                                 MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_subarray_c(ndims, sizes, subsizes, starts, order,
                                                      oldtype, newtype),
                          line, args, newtype);
}
#define MPI_Type_create_subarray_c(...) \
    oracle_Type_create_subarray_c_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_darray_c_(int line, const char *args, int size, int rank,
                                               int ndims, const MPI_Count gsizes[],
                                               const int distribs[], const int dargs[],
                                               const int psizes[], int order,
                                               MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_darray_c(size, rank, ndims, gsizes, distribs, dargs,
                                                    psizes, order, oldtype, newtype),
                          line, args, newtype);
}
#define MPI_Type_create_darray_c(...) \
    oracle_Type_create_darray_c_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)

static inline int oracle_Type_create_resized_c_(int line, const char *args,
                                                MPI_Datatype oldtype, MPI_Count lb,
                                                MPI_Count extent, MPI_Datatype *newtype)
{
    return oracle_record_(PMPI_Type_create_resized_c(oldtype, lb, extent, newtype),
                          line, args, newtype);
}
#define MPI_Type_create_resized_c(...) \
    oracle_Type_create_resized_c_(ORACLE_AT_, #__VA_ARGS__, __VA_ARGS__)
#endif /* MPI_VERSION >= 4 */

#endif /* MPI_DTYPE_LINT_ORACLE_RECORD_H */
