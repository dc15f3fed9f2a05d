C     Negative strides and displacements (a column walked backwards, an
C     hvector going down in memory) and a zero-count vector.
      PROGRAM NEGSTR
      INCLUDE 'mpif.h'
      INTEGER IBACK, IHBACK, IDOWN, IEMPTY, IERR
      INTEGER IBL(2), IDS(2)
      INTEGER(KIND=MPI_ADDRESS_KIND) ISTR
      CALL MPI_INIT(IERR)
      CALL MPI_TYPE_VECTOR(3, 2, -5, MPI_REAL, IBACK, IERR)
      ISTR = -16
      CALL MPI_TYPE_CREATE_HVECTOR(3, 1, ISTR, MPI_REAL8, IHBACK, IERR)
      IBL(1) = 3
      IBL(2) = 1
      IDS(1) = 4
      IDS(2) = -2
      CALL MPI_TYPE_INDEXED(2, IBL, IDS, MPI_REAL, IDOWN, IERR)
      CALL MPI_TYPE_VECTOR(0, 2, 5, MPI_REAL, IEMPTY, IERR)
      CALL MPI_TYPE_FREE(IBACK, IERR)
      CALL MPI_TYPE_FREE(IHBACK, IERR)
      CALL MPI_TYPE_FREE(IDOWN, IERR)
      CALL MPI_TYPE_FREE(IEMPTY, IERR)
      CALL MPI_FINALIZE(IERR)
      END
