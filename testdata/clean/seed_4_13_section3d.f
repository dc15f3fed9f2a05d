C     MPI-2.2 Example 4.13 with the current API: send and receive a
C     section of a 3-D array.  The extent of a REAL comes from
C     MPI_TYPE_GET_EXTENT and the planes are stacked with
C     MPI_TYPE_CREATE_HVECTOR, with INTEGER(KIND=MPI_ADDRESS_KIND)
C     extent and strides.
      PROGRAM SECT3D
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      REAL A(100,100,100), E(9,9,9)
      INTEGER ONESLICE, TWOSLICE, THREESLICE, MYRANK, IERR
      INTEGER(KIND=MPI_ADDRESS_KIND) LB, SIZEOFREAL
      INTEGER STATUS(MPI_STATUS_SIZE)

      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, MYRANK, IERR)
      A = 1.0

C     extract the section a(1:17:2, 3:11, 2:10)
C     and store it in e(:,:,:).
      CALL MPI_TYPE_GET_EXTENT(MPI_REAL, LB, SIZEOFREAL, IERR)
C     create datatype for a 1D section
      CALL MPI_TYPE_VECTOR(9, 1, 2, MPI_REAL, ONESLICE, IERR)
C     create datatype for a 2D section
      CALL MPI_TYPE_CREATE_HVECTOR(9, 1, 100*SIZEOFREAL, ONESLICE,
     &                             TWOSLICE, IERR)
C     create datatype for the entire section
      CALL MPI_TYPE_CREATE_HVECTOR(9, 1, 100*100*SIZEOFREAL,
     &                             TWOSLICE, THREESLICE, IERR)
      CALL MPI_TYPE_COMMIT(THREESLICE, IERR)

      CALL MPI_SENDRECV(A(1,3,2), 1, THREESLICE, MYRANK, 0, E, 9*9*9,
     &                  MPI_REAL, MYRANK, 0, MPI_COMM_WORLD, STATUS,
     &                  IERR)
      PRINT *, MYRANK, E(9,9,9)

      CALL MPI_TYPE_FREE(THREESLICE, IERR)
      CALL MPI_TYPE_FREE(TWOSLICE, IERR)
      CALL MPI_TYPE_FREE(ONESLICE, IERR)
      CALL MPI_FINALIZE(IERR)
      END
