C     MPI_TYPE_CREATE_HINDEXED with INTEGER(KIND=MPI_ADDRESS_KIND) byte
C     displacements in fixed form: the diagonal blocks of a matrix.
      PROGRAM HIDX
      INCLUDE 'mpif.h'
      INTEGER N
      PARAMETER (N = 8)
      DOUBLE PRECISION A(N, N)
      INTEGER IBL(N), IDIAG, IERR, I
      INTEGER(KIND=MPI_ADDRESS_KIND) IDS(N)
      CALL MPI_INIT(IERR)
      DO 10 I = 1, N
         IBL(I) = 1
         IDS(I) = 8 * ((I - 1) * N + (I - 1))
   10 CONTINUE
      A(1, 1) = 0.0D0
      CALL MPI_TYPE_CREATE_HINDEXED(N, IBL, IDS, MPI_DOUBLE_PRECISION,
     &     IDIAG, IERR)
      CALL MPI_TYPE_COMMIT(IDIAG, IERR)
      CALL MPI_BCAST(A, 1, IDIAG, 0, MPI_COMM_WORLD, IERR)
      CALL MPI_TYPE_FREE(IDIAG, IERR)
      CALL MPI_FINALIZE(IERR)
      END
