C     deprecated-api, fixed form: an MPI-1 MPI_TYPE_STRUCT with MPI_LB and
C     MPI_UB markers filled element by element, and MPI_TYPE_EXTENT into a
C     default INTEGER (all removed in MPI-3.0).  The fixes rewrite the
C     markers as MPI_TYPE_CREATE_RESIZED and MPI_TYPE_EXTENT as
C     MPI_TYPE_GET_EXTENT, with the code kept in columns 7-72.
      PROGRAM MPI1LBF
      USE MPI
      IMPLICIT NONE
      INTEGER NCELL
      PARAMETER (NCELL = 10)
      DOUBLE PRECISION A(3, NCELL), B(NCELL)
      INTEGER BLENS(3), DISPS(3), TYPES(3)
      INTEGER NEWT, IEXT, IRANK, IERR, I
      INTEGER ISTAT(MPI_STATUS_SIZE)
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, IRANK, IERR)
      DO 10 I = 1, NCELL
         A(1, I) = 0.0D0
         A(2, I) = DBLE(I)
         A(3, I) = 0.0D0
   10 CONTINUE
C     one element of each column, the column's extent
      BLENS(1) = 1
      BLENS(2) = 1
      BLENS(3) = 1
      DISPS(1) = 0
      DISPS(2) = 8
      DISPS(3) = 24
      TYPES(1) = MPI_LB ! expect: deprecated-api
      TYPES(2) = MPI_DOUBLE_PRECISION
      TYPES(3) = MPI_UB ! expect: deprecated-api
      CALL MPI_TYPE_STRUCT(3, BLENS, DISPS, TYPES, NEWT, IERR) ! expect: deprecated-api
      CALL MPI_TYPE_COMMIT(NEWT, IERR)
      CALL MPI_TYPE_EXTENT(NEWT, IEXT, IERR) ! expect: deprecated-api
      IF (IEXT .NE. 24) CALL MPI_ABORT(MPI_COMM_WORLD, 1, IERR)
      CALL MPI_SENDRECV(A, NCELL, NEWT, IRANK, 0, B, NCELL,
     &     MPI_DOUBLE_PRECISION, IRANK, 0, MPI_COMM_WORLD, ISTAT, IERR)
      PRINT *, IRANK, B(NCELL)
      CALL MPI_TYPE_FREE(NEWT, IERR)
      CALL MPI_FINALIZE(IERR)
      END
