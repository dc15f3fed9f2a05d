C     An F77 statement function computes the padded length.
      PROGRAM STFUN
      INCLUDE 'mpif.h'
      INTEGER NPAD, N, IBLK, IERR
      NPAD(N) = N + 2
      CALL MPI_INIT(IERR)
      CALL MPI_TYPE_CONTIGUOUS(NPAD(30), MPI_INTEGER, IBLK, IERR)
      CALL MPI_TYPE_COMMIT(IBLK, IERR)
      CALL MPI_TYPE_FREE(IBLK, IERR)
      CALL MPI_FINALIZE(IERR)
      END
