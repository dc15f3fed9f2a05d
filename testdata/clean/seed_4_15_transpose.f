C     MPI-2.2 Example 4.15 with the current API: transpose a matrix by
C     sending it row by row (an hvector of row vectors one REAL apart)
C     and receiving it in column-major order.
      PROGRAM XPOSE1
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      REAL A(100,100), B(100,100)
      INTEGER ROW, XPOSE, MYRANK, IERR, I, J
      INTEGER(KIND=MPI_ADDRESS_KIND) LB, SIZEOFREAL
      INTEGER STATUS(MPI_STATUS_SIZE)

      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, MYRANK, IERR)
      DO 20 J = 1, 100
         DO 10 I = 1, 100
            A(I,J) = I + 1000.0*J
   10    CONTINUE
   20 CONTINUE

      CALL MPI_TYPE_GET_EXTENT(MPI_REAL, LB, SIZEOFREAL, IERR)
C     create datatype for one row
      CALL MPI_TYPE_VECTOR(100, 1, 100, MPI_REAL, ROW, IERR)
C     create datatype for matrix in row-major order
      CALL MPI_TYPE_CREATE_HVECTOR(100, 1, SIZEOFREAL, ROW, XPOSE,
     &                             IERR)
      CALL MPI_TYPE_COMMIT(XPOSE, IERR)

C     send matrix in row-major order and receive in column major order
      CALL MPI_SENDRECV(A, 1, XPOSE, MYRANK, 0, B, 100*100, MPI_REAL,
     &                  MYRANK, 0, MPI_COMM_WORLD, STATUS, IERR)
      PRINT *, MYRANK, B(2,3), A(3,2)

      CALL MPI_TYPE_FREE(XPOSE, IERR)
      CALL MPI_TYPE_FREE(ROW, IERR)
      CALL MPI_FINALIZE(IERR)
      END
