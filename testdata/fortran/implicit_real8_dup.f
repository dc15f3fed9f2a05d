C     IMPLICIT DOUBLE PRECISION and a computed GO TO-free F77 routine
C     called from the main program; the handle comes back through an
C     argument and is duplicated.
      PROGRAM IMPL
      IMPLICIT DOUBLE PRECISION (A-H, O-Z)
      INCLUDE 'mpif.h'
      INTEGER IVEC, IDUP, IERR
      CALL MPI_INIT(IERR)
      CALL MKVEC(5, IVEC)
      CALL MPI_TYPE_DUP(IVEC, IDUP, IERR)
      CALL MPI_FINALIZE(IERR)
      END

      SUBROUTINE MKVEC(N, NEWT)
      INCLUDE 'mpif.h'
      INTEGER N, NEWT, IERR
      ISTRIDE = 2 * N
      IF (N .GT. 3) THEN
         CALL MPI_TYPE_VECTOR(N, 2, ISTRIDE, MPI_DOUBLE_PRECISION,
     &        NEWT, IERR)
      ELSE
         CALL MPI_TYPE_CONTIGUOUS(N, MPI_DOUBLE_PRECISION, NEWT, IERR)
      END IF
      RETURN
      END
