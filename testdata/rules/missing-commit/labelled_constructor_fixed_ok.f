C     missing-commit, fixed: the commit after the labelled constructor,
C     in column 7.
      PROGRAM LABELC
      INCLUDE 'mpif.h'
      REAL A(8), B(4)
      INTEGER ITYPE, IRANK, IERR, ISTAT(MPI_STATUS_SIZE)
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, IRANK, IERR)
      A = 1.0
   20 CALL MPI_TYPE_VECTOR(4, 1, 2, MPI_REAL, ITYPE, IERR)
      CALL MPI_TYPE_COMMIT(ITYPE, IERR)
      CALL MPI_SENDRECV(A, 1, ITYPE, IRANK, 0, B, 4, MPI_REAL, IRANK, 0,
     &     MPI_COMM_WORLD, ISTAT, IERR)
      CALL MPI_TYPE_FREE(ITYPE, IERR)
      CALL MPI_FINALIZE(IERR)
      END
