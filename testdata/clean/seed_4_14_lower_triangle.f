C     MPI-2.2 Example 4.14: copy the strictly lower triangular part of
C     a matrix with MPI_TYPE_INDEXED (element displacements, so this
C     example needs no change for the current API).
      PROGRAM LTRI
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      REAL A(100,100), B(100,100)
      INTEGER DISP(100), BLOCKLEN(100), LTYPE, MYRANK, IERR, I
      INTEGER STATUS(MPI_STATUS_SIZE)

      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, MYRANK, IERR)
      A = 2.0
      B = 0.0

C     compute start and size of each column
      DO 10 I = 1, 100
         DISP(I) = 100*(I-1) + I
         BLOCKLEN(I) = 100 - I
   10 CONTINUE

C     create datatype for lower triangular part
      CALL MPI_TYPE_INDEXED(100, BLOCKLEN, DISP, MPI_REAL, LTYPE, IERR)
      CALL MPI_TYPE_COMMIT(LTYPE, IERR)
      CALL MPI_SENDRECV(A, 1, LTYPE, MYRANK, 0, B, 1, LTYPE, MYRANK,
     &                  0, MPI_COMM_WORLD, STATUS, IERR)
      PRINT *, MYRANK, B(100,1), B(1,100)

      CALL MPI_TYPE_FREE(LTYPE, IERR)
      CALL MPI_FINALIZE(IERR)
      END
