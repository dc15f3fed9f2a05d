C     deprecated-api, fixed form with tab-format lines (a tab in column 1
C     reaches column 7, as in DEC and gfortran): MPI-2.2 Example 4.15 with
C     MPI_TYPE_EXTENT and MPI_TYPE_HVECTOR.  Their replacements are longer
C     than the calls: the statements are continued, code kept in 7-72.
      PROGRAM XPOSE1
      INCLUDE 'mpif.h'
      REAL a(100,100), b(100,100)
      INTEGER row, xpose, sizeofreal, myrank, ierr
      INTEGER status(MPI_STATUS_SIZE)

	CALL MPI_INIT(ierr)
	CALL MPI_COMM_RANK(MPI_COMM_WORLD, myrank, ierr)

	CALL MPI_TYPE_EXTENT( MPI_REAL, sizeofreal, ierr) ! expect: deprecated-api
	CALL MPI_TYPE_VECTOR( 100, 1, 100, MPI_REAL, row, ierr)
	CALL MPI_TYPE_HVECTOR( 100, 1, sizeofreal, row, xpose, ierr) ! expect: deprecated-api
	CALL MPI_TYPE_COMMIT( xpose, ierr)

	CALL MPI_SENDRECV( a, 1, xpose, myrank, 0, b, 100*100,
	1    MPI_REAL, myrank, 0, MPI_COMM_WORLD, status, ierr)
	CALL MPI_TYPE_FREE(xpose, ierr)
	CALL MPI_TYPE_FREE(row, ierr)
	CALL MPI_FINALIZE(ierr)
	END
