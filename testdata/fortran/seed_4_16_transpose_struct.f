C     MPI-2.2 Example 4.16: another approach to the transpose problem.
      PROGRAM XPOSE2
      INCLUDE 'mpif.h'
      REAL a(100,100), b(100,100)
      INTEGER disp(2), blocklen(2), type(2), row, row1, sizeofreal
      INTEGER myrank, ierr
      INTEGER status(MPI_STATUS_SIZE)

      CALL MPI_INIT(ierr)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, myrank, ierr)

C     transpose matrix a onto b

      CALL MPI_TYPE_EXTENT( MPI_REAL, sizeofreal, ierr) ! expect: deprecated-api

C     create datatype for one row
      CALL MPI_TYPE_VECTOR( 100, 1, 100, MPI_REAL, row, ierr)

C     create datatype for one row, with the extent of one real number
      disp(1) = 0
      disp(2) = sizeofreal
      type(1) = row
      type(2) = MPI_UB ! expect: deprecated-api
      blocklen(1) = 1
      blocklen(2) = 1
      CALL MPI_TYPE_STRUCT( 2, blocklen, disp, type, row1, ierr) ! expect: deprecated-api

      CALL MPI_TYPE_COMMIT( row1, ierr)

C     send 100 rows and receive in column major order
      CALL MPI_SENDRECV( a, 100, row1, myrank, 0, b, 100*100,
     +     MPI_REAL, myrank, 0, MPI_COMM_WORLD, status, ierr)
      CALL MPI_FINALIZE(ierr)
      END
