C     address-kind, fixed form: literal bounds of MPI_TYPE_CREATE_RESIZED.
C     The fix writes the kind where the line stays within column 72 (the
C     first call); the second call's line would pass it, so it gets none.
      SUBROUTINE PADROW(ROWTYP, PADDED, WIDER)
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER ROWTYP, PADDED, WIDER, IERR
      CALL MPI_TYPE_CREATE_RESIZED(ROWTYP, 0, ! expect: address-kind
     &     64, PADDED, IERR) ! expect: address-kind
      CALL MPI_TYPE_COMMIT(PADDED, IERR)
      CALL MPI_TYPE_CREATE_RESIZED(ROWTYP, 0_MPI_ADDRESS_KIND, 4096, ! expect: address-kind
     &                             WIDER, IERR)
      CALL MPI_TYPE_COMMIT(WIDER, IERR)
      END
