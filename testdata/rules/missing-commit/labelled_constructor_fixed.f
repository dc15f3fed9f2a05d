C     missing-commit, fixed form: the constructor is a labelled statement,
C     its code in column 7 after the label, and is sent uncommitted.  The
C     commit must start in column 7 too (in column 1, `CALL` is a comment).
      PROGRAM LABELC
      INCLUDE 'mpif.h'
      REAL A(8), B(4)
      INTEGER ITYPE, IRANK, IERR, ISTAT(MPI_STATUS_SIZE)
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, IRANK, IERR)
      A = 1.0
   20 CALL MPI_TYPE_VECTOR(4, 1, 2, MPI_REAL, ITYPE, IERR)
      CALL MPI_SENDRECV(A, 1, ITYPE, IRANK, 0, B, 4, MPI_REAL, IRANK, 0, ! expect: missing-commit
     &     MPI_COMM_WORLD, ISTAT, IERR)
      CALL MPI_TYPE_FREE(ITYPE, IERR)
      CALL MPI_FINALIZE(IERR)
      END
