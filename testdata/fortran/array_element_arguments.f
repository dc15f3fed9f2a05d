C     F77 sequence association: an array element passed where MPI wants
C     an array (the arrays start at element 3).
      PROGRAM ELEMS
      INCLUDE 'mpif.h'
      INTEGER IBL(6), IDS(6), ITAIL, IERR, I
      REAL X(60)
      CALL MPI_INIT(IERR)
      DO 10 I = 1, 6
         IBL(I) = 2
         IDS(I) = 9 * I
   10 CONTINUE
      X(1) = 0.0
      CALL MPI_TYPE_INDEXED(4, IBL(3), IDS(3), MPI_REAL, ITAIL, IERR)
      CALL MPI_TYPE_COMMIT(ITAIL, IERR)
      CALL MPI_BCAST(X, 1, ITAIL, 0, MPI_COMM_WORLD, IERR)
      CALL MPI_TYPE_FREE(ITAIL, IERR)
      CALL MPI_FINALIZE(IERR)
      END
