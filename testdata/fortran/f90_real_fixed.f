C     MPI_TYPE_CREATE_F90_REAL in fixed form, as a single precision
C     request (6 digits), in an indexed type over a packed triangle.
      PROGRAM F90R
      INCLUDE 'mpif.h'
      INTEGER IRT, ITRI, IERR, I
      INTEGER IBL(4), IDS(4)
      REAL A(16)
      CALL MPI_INIT(IERR)
      CALL MPI_TYPE_CREATE_F90_REAL(6, MPI_UNDEFINED, IRT, IERR)
      DO 10 I = 1, 4
         IBL(I) = 5 - I
         IDS(I) = 5 * (I - 1)
   10 CONTINUE
      CALL MPI_TYPE_INDEXED(4, IBL, IDS, IRT, ITRI, IERR)
      CALL MPI_TYPE_COMMIT(ITRI, IERR)
      A(1) = 1.0
      CALL MPI_BCAST(A, 1, ITRI, 0, MPI_COMM_WORLD, IERR)
      CALL MPI_TYPE_FREE(ITRI, IERR)
      CALL MPI_FINALIZE(IERR)
      END
