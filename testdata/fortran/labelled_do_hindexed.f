C     Old-style ocean-model code: labelled DO loops build an hindexed
C     type of row segments, with INTEGER*8 byte displacements.
      PROGRAM ROWSEG
      INCLUDE 'mpif.h'
      INTEGER NROW, NCOL
      PARAMETER (NROW = 6, NCOL = 10)
      INTEGER*8 IDISP(NROW)
      INTEGER LENS(NROW), ISEG, IERR, J
      DOUBLE PRECISION A(NCOL, NROW)
      CALL MPI_INIT(IERR)
      DO 10 J = 1, NROW
         IDISP(J) = (J - 1) * NCOL * 8 + (J - 1) * 8
         LENS(J) = NCOL - J + 1
   10 CONTINUE
      CALL MPI_TYPE_CREATE_HINDEXED(NROW, LENS, IDISP,
     &     MPI_DOUBLE_PRECISION, ISEG, IERR)
      CALL MPI_TYPE_COMMIT(ISEG, IERR)
      DO 20 J = 1, NROW
   20 A(1, J) = J
      CALL MPI_FINALIZE(IERR)
      END
