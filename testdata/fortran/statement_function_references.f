C     Statement functions: one that reads a variable of the unit (its value
C     where the function is referenced), one that references another with an
C     argument naming the dummy's own name, and one of integer division.
      PROGRAM STFUN2
      INCLUDE 'mpif.h'
      INTEGER NPAD, ITWICE, IHALF, N, M, IA, IB, IC, IERR
      NPAD(N) = N + M
      ITWICE(N) = NPAD(N) * 2
      IHALF(N) = N / 2
      CALL MPI_INIT(IERR)
      N = 100
      M = 2
      CALL MPI_TYPE_CONTIGUOUS(NPAD(30), MPI_INTEGER, IA, IERR)
      M = 5
      CALL MPI_TYPE_CONTIGUOUS(ITWICE(N - 97), MPI_INTEGER, IB, IERR)
      CALL MPI_TYPE_CONTIGUOUS(IHALF(M + 2), MPI_INTEGER, IC, IERR)
      CALL MPI_TYPE_FREE(IA, IERR)
      CALL MPI_TYPE_FREE(IB, IERR)
      CALL MPI_TYPE_FREE(IC, IERR)
      CALL MPI_FINALIZE(IERR)
      END
