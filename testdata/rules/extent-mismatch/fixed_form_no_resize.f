C     extent-mismatch, fixed form with mpif.h: a SEQUENCE type of a
C     node (id, coordinates, a flag); the MPI type covers id and the
C     coordinates only, so its extent (32) is not the element's (40)
C     and nodes(2:) are read from the wrong bytes.
      PROGRAM FIXEDNORESIZE
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      TYPE NODE
         SEQUENCE
         INTEGER ID, PAD
         DOUBLE PRECISION X(3)
         INTEGER FLAG, PAD2
      END TYPE NODE
      INTEGER NNODE
      PARAMETER (NNODE = 32)
      TYPE(NODE) NODES(NNODE)
      INTEGER NTYPE, RANK, IERR, I
      INTEGER BLENS(2), TYPES(2)
      INTEGER(KIND=MPI_ADDRESS_KIND) DISPS(2), BASE

      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      DO I = 1, NNODE
         NODES(I)%ID = I
         NODES(I)%PAD = 0
         NODES(I)%X = 0.0D0
         NODES(I)%FLAG = 0
         NODES(I)%PAD2 = 0
      END DO
      CALL MPI_GET_ADDRESS(NODES(1)%ID, BASE, IERR)
      CALL MPI_GET_ADDRESS(NODES(1)%ID, DISPS(1), IERR)
      CALL MPI_GET_ADDRESS(NODES(1)%X(1), DISPS(2), IERR)
      DISPS = DISPS - BASE
      BLENS(1) = 1
      BLENS(2) = 3
      TYPES(1) = MPI_INTEGER
      TYPES(2) = MPI_DOUBLE_PRECISION
      CALL MPI_TYPE_CREATE_STRUCT(2, BLENS, DISPS, TYPES, NTYPE, IERR)
      CALL MPI_TYPE_COMMIT(NTYPE, IERR)
      CALL MPI_BCAST(NODES, NNODE, NTYPE, 0, MPI_COMM_WORLD, IERR) ! expect: extent-mismatch
      PRINT *, RANK, NODES(NNODE)%ID
      CALL MPI_TYPE_FREE(NTYPE, IERR)
      CALL MPI_FINALIZE(IERR)
      END PROGRAM FIXEDNORESIZE
