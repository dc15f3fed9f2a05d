C     Block lengths and displacements from DATA statements (F77).
      PROGRAM DATABL
      INCLUDE 'mpif.h'
      INTEGER IBL(4), IDS(4), ITY, IERR
      DATA IBL / 1, 2, 2, 1 /
      DATA IDS / 0, 4, 9, 15 /
      CALL MPI_INIT(IERR)
      CALL MPI_TYPE_INDEXED(4, IBL, IDS, MPI_REAL, ITY, IERR)
      CALL MPI_TYPE_COMMIT(ITY, IERR)
      CALL MPI_TYPE_FREE(ITY, IERR)
      CALL MPI_FINALIZE(IERR)
      END
