C     MPI-2.2 Example 4.13: send and receive a section of a 3D array.
      PROGRAM SECT3D
      INCLUDE 'mpif.h'
      REAL a(100,100,100), e(9,9,9)
      INTEGER oneslice, twoslice, threeslice, sizeofreal, myrank, ierr
      INTEGER status(MPI_STATUS_SIZE)

C     extract the section a(1:17:2, 3:11, 2:10)
C     and store it in e(:,:,:).

      CALL MPI_INIT(ierr)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, myrank, ierr)

      CALL MPI_TYPE_EXTENT( MPI_REAL, sizeofreal, ierr) ! expect: deprecated-api

C     create datatype for a 1D section
      CALL MPI_TYPE_VECTOR( 9, 1, 2, MPI_REAL, oneslice, ierr)

C     create datatype for a 2D section
      CALL MPI_TYPE_HVECTOR(9, 1, 100*sizeofreal, oneslice, twoslice, ! expect: deprecated-api
     1                      ierr)

C     create datatype for the entire section
      CALL MPI_TYPE_HVECTOR( 9, 1, 100*100*sizeofreal, twoslice, ! expect: deprecated-api
     1                       threeslice, ierr)

      CALL MPI_TYPE_COMMIT( threeslice, ierr)
      CALL MPI_SENDRECV(a(1,3,2), 1, threeslice, myrank, 0, e, 9*9*9,
     1                  MPI_REAL, myrank, 0, MPI_COMM_WORLD, status,
     2                  ierr)
      CALL MPI_FINALIZE(ierr)
      END
