C     IMPLICIT NONE and the declarations come from an included file; the
C     names are declared, not implicitly typed.
      PROGRAM INCDCL
      INCLUDE 'fields_decl.inc'
      INCLUDE 'mpif.h'
      CALL MPI_INIT(IERR)
      FLD(1, 1) = 0.0D0
      CALL MPI_TYPE_VECTOR(3, 1, NPT, MPI_DOUBLE_PRECISION, ICOMP,
     &     IERR)
      CALL MPI_TYPE_COMMIT(ICOMP, IERR)
      CALL MPI_BCAST(FLD, 1, ICOMP, 0, MPI_COMM_WORLD, IERR)
      CALL MPI_TYPE_FREE(ICOMP, IERR)
      CALL MPI_FINALIZE(IERR)
      END
