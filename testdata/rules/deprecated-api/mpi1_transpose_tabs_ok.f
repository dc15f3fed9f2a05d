C     deprecated-api, fixed: tab-format lines with MPI_TYPE_GET_EXTENT and
C     MPI_TYPE_CREATE_HVECTOR continued in column 6 to stay within column 72.
      PROGRAM XPOSE1
      INCLUDE 'mpif.h'
      REAL a(100,100), b(100,100)
      INTEGER row, xpose, myrank, ierr
      INTEGER(KIND=MPI_ADDRESS_KIND) sizeofreal
      INTEGER status(MPI_STATUS_SIZE)
	INTEGER(KIND=MPI_ADDRESS_KIND) :: sizeofreal_lb

	CALL MPI_INIT(ierr)
	CALL MPI_COMM_RANK(MPI_COMM_WORLD, myrank, ierr)

	CALL MPI_TYPE_GET_EXTENT(MPI_REAL, sizeofreal_lb, sizeofreal,
     &ierr)
	CALL MPI_TYPE_VECTOR( 100, 1, 100, MPI_REAL, row, ierr)
	CALL MPI_TYPE_CREATE_HVECTOR( 100, 1, sizeofreal, row, xpose,
     &ierr)
	CALL MPI_TYPE_COMMIT( xpose, ierr)

	CALL MPI_SENDRECV( a, 1, xpose, myrank, 0, b, 100*100,
	1    MPI_REAL, myrank, 0, MPI_COMM_WORLD, status, ierr)
	CALL MPI_TYPE_FREE(xpose, ierr)
	CALL MPI_TYPE_FREE(row, ierr)
	CALL MPI_FINALIZE(ierr)
	END
