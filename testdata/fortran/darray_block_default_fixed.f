C     MPI_TYPE_CREATE_DARRAY in fixed form: a 3-D block distribution with
C     default block sizes and one undistributed dimension.
      PROGRAM DARBLK
      INCLUDE 'mpif.h'
      INTEGER IGS(3), IDIS(3), IDAR(3), IPS(3), ILOC, IERR
      CALL MPI_INIT(IERR)
      IGS(1) = 64
      IGS(2) = 48
      IGS(3) = 10
      IDIS(1) = MPI_DISTRIBUTE_BLOCK
      IDIS(2) = MPI_DISTRIBUTE_BLOCK
      IDIS(3) = MPI_DISTRIBUTE_NONE
      IDAR(1) = MPI_DISTRIBUTE_DFLT_DARG
      IDAR(2) = MPI_DISTRIBUTE_DFLT_DARG
      IDAR(3) = MPI_DISTRIBUTE_DFLT_DARG
      IPS(1) = 4
      IPS(2) = 2
      IPS(3) = 1
      CALL MPI_TYPE_CREATE_DARRAY(8, 5, 3, IGS, IDIS, IDAR, IPS,
     &     MPI_ORDER_FORTRAN, MPI_REAL, ILOC, IERR)
      CALL MPI_TYPE_COMMIT(ILOC, IERR)
      CALL MPI_TYPE_FREE(ILOC, IERR)
      CALL MPI_FINALIZE(IERR)
      END
