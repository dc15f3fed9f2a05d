C     MPI-2.2 Example 4.16 with the current API: the row type gets the
C     extent of one REAL with MPI_TYPE_CREATE_RESIZED (the standard's
C     version used MPI_TYPE_STRUCT with an MPI_UB marker), and 100 rows
C     are sent and received in column-major order.
      PROGRAM XPOSE2
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      REAL A(100,100), B(100,100)
      INTEGER ROW, ROW1, MYRANK, IERR, I, J
      INTEGER(KIND=MPI_ADDRESS_KIND) LB, SIZEOFREAL
      INTEGER STATUS(MPI_STATUS_SIZE)

      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, MYRANK, IERR)
      DO 20 J = 1, 100
         DO 10 I = 1, 100
            A(I,J) = I - J
   10    CONTINUE
   20 CONTINUE

      CALL MPI_TYPE_GET_EXTENT(MPI_REAL, LB, SIZEOFREAL, IERR)
C     create datatype for one row
      CALL MPI_TYPE_VECTOR(100, 1, 100, MPI_REAL, ROW, IERR)
C     create datatype for one row, with the extent of one real number
      CALL MPI_TYPE_CREATE_RESIZED(ROW, 0_MPI_ADDRESS_KIND, SIZEOFREAL,
     &                             ROW1, IERR)
      CALL MPI_TYPE_COMMIT(ROW1, IERR)

C     send 100 rows and receive in column major order
      CALL MPI_SENDRECV(A, 100, ROW1, MYRANK, 0, B, 100*100, MPI_REAL,
     &                  MYRANK, 0, MPI_COMM_WORLD, STATUS, IERR)
      PRINT *, MYRANK, B(7,5), A(5,7)

      CALL MPI_TYPE_FREE(ROW1, IERR)
      CALL MPI_TYPE_FREE(ROW, IERR)
      CALL MPI_FINALIZE(IERR)
      END
