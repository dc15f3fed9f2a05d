C     Grid sizes set in a BLOCK-free COMMON by one routine and used as
C     counts by another (the MITgcm/F77 way of sharing sizes).
      PROGRAM COMSZ
      INCLUDE 'mpif.h'
      INTEGER NX, NY
      COMMON /GRID/ NX, NY
      INTEGER ICOL, IERR
      CALL MPI_INIT(IERR)
      NX = 40
      NY = 25
      CALL MKCOL(ICOL)
      CALL MPI_TYPE_FREE(ICOL, IERR)
      CALL MPI_FINALIZE(IERR)
      END

      SUBROUTINE MKCOL(ICOL)
      INCLUDE 'mpif.h'
      INTEGER ICOL
      INTEGER NX, NY
      COMMON /GRID/ NX, NY
      INTEGER IERR
      CALL MPI_TYPE_VECTOR(NY, 1, NX, MPI_REAL, ICOL, IERR)
C     unknown: COMMON variables set by the caller are not known in the called routine
      CALL MPI_TYPE_COMMIT(ICOL, IERR)
      END
