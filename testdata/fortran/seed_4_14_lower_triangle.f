C     MPI-2.2 Example 4.14: copy the (strictly) lower triangular part of
C     a matrix.
      PROGRAM LTRI
      INCLUDE 'mpif.h'
      REAL a(100,100), b(100,100)
      INTEGER disp(100), blocklen(100), ltype, myrank, ierr
      INTEGER status(MPI_STATUS_SIZE)

C     copy lower triangular part of array a
C     onto lower triangular part of array b

      CALL MPI_INIT(ierr)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, myrank, ierr)

C     compute start and size of each column
      DO i=1, 100
        disp(i) = 100*(i-1) + i
        blocklen(i) = 100-i
      END DO

C     create datatype for lower triangular part
      CALL MPI_TYPE_INDEXED( 100, blocklen, disp, MPI_REAL, ltype, ierr)

      CALL MPI_TYPE_COMMIT(ltype, ierr)
      CALL MPI_SENDRECV( a, 1, ltype, myrank, 0, b, 1,
     &     ltype, myrank, 0, MPI_COMM_WORLD, status, ierr)
      CALL MPI_FINALIZE(ierr)
      END
