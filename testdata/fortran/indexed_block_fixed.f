C     MPI_TYPE_CREATE_INDEXED_BLOCK in fixed form: the ghost points of an
C     unstructured mesh, two values per point, displacements in elements.
      PROGRAM IBLK
      INCLUDE 'mpif.h'
      INTEGER NGH
      PARAMETER (NGH = 5)
      INTEGER IDS(NGH), IGHOST, IERR
      DOUBLE PRECISION VAL(2, 100)
      DATA IDS / 6, 14, 30, 52, 88 /
      CALL MPI_INIT(IERR)
      CALL MPI_TYPE_CREATE_INDEXED_BLOCK(NGH, 2, IDS,
     &     MPI_DOUBLE_PRECISION, IGHOST, IERR)
      CALL MPI_TYPE_COMMIT(IGHOST, IERR)
      VAL(1, 1) = 0.0D0
      CALL MPI_BCAST(VAL, 1, IGHOST, 0, MPI_COMM_WORLD, IERR)
      CALL MPI_TYPE_FREE(IGHOST, IERR)
      CALL MPI_FINALIZE(IERR)
      END
