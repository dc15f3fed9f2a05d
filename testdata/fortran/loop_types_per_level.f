C     One type per multigrid level in a loop, each with its own count:
C     one call site, several types.
      PROGRAM LEVELS
      INCLUDE 'mpif.h'
      INTEGER NLEV
      PARAMETER (NLEV = 3)
      INTEGER ITY(NLEV), L, N, IERR
      CALL MPI_INIT(IERR)
      N = 64
      DO 10 L = 1, NLEV
         CALL MPI_TYPE_VECTOR(N, 1, 2, MPI_REAL, ITY(L), IERR)
C     unknown: one call site, three types: N halves on each trip
         N = N / 2
   10 CONTINUE
      DO 20 L = 1, NLEV
         CALL MPI_TYPE_FREE(ITY(L), IERR)
   20 CONTINUE
      CALL MPI_FINALIZE(IERR)
      END
