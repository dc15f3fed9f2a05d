C     MPI-1 MPI_ADDRESS and MPI_TYPE_STRUCT over a COMMON block, with
C     MPI_LB and MPI_UB markers.
      PROGRAM OLDSTR
      INCLUDE 'mpif.h'
      DOUBLE PRECISION X(4)
      INTEGER NPT
      COMMON /STATE/ X, NPT
      INTEGER IBL(4), ITY(4), IDS(4), IBASE, IA, IB, NEWT, IERR
      CALL MPI_INIT(IERR)
      CALL MPI_ADDRESS(X, IBASE, IERR) ! expect: deprecated-api
      CALL MPI_ADDRESS(X(1), IA, IERR) ! expect: deprecated-api
      CALL MPI_ADDRESS(NPT, IB, IERR) ! expect: deprecated-api
      IDS(1) = 0
      IDS(2) = IA - IBASE
      IDS(3) = IB - IBASE
      IDS(4) = 40
      IBL(1) = 1
      IBL(2) = 4
      IBL(3) = 1
      IBL(4) = 1
      ITY(1) = MPI_LB ! expect: deprecated-api
      ITY(2) = MPI_DOUBLE_PRECISION
      ITY(3) = MPI_INTEGER
      ITY(4) = MPI_UB ! expect: deprecated-api
      CALL MPI_TYPE_STRUCT(4, IBL, IDS, ITY, NEWT, IERR) ! expect: deprecated-api
      CALL MPI_TYPE_COMMIT(NEWT, IERR)
      CALL MPI_FINALIZE(IERR)
      END
