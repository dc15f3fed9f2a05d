C     Old ocean-model idiom: MPI-1 MPI_TYPE_HVECTOR with a byte stride
C     in a default INTEGER (MPICH 4 still provides it in mpif.h).
      PROGRAM OCEAN
      INCLUDE 'mpif.h'
      INTEGER IMT, JMT
      PARAMETER (IMT = 100, JMT = 60)
      REAL*8 T(IMT, JMT)
      INTEGER ISTRIDE, ICOL, IROW, IERR
      CALL MPI_INIT(IERR)
      CALL MPI_TYPE_CONTIGUOUS(JMT, MPI_DOUBLE_PRECISION, ICOL, IERR)
      ISTRIDE = 8 * IMT
      CALL MPI_TYPE_HVECTOR(JMT, 1, ISTRIDE, MPI_DOUBLE_PRECISION, ! expect: deprecated-api
     &     IROW, IERR)
      CALL MPI_TYPE_COMMIT(IROW, IERR)
      T(1, 1) = 0.0D0
      CALL MPI_FINALIZE(IERR)
      END
