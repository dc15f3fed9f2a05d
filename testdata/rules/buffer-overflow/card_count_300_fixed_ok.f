C     buffer-overflow, corrected twin of card_count_300_fixed.f: the
C     256 characters of CARD.
      PROGRAM CARDFIXEDOK
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER NKEY
      PARAMETER (NKEY = 5)
      CHARACTER*256 CARD
      CHARACTER KEYS(NKEY)*8
      INTEGER RANK, IERR, I

      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      IF (RANK .EQ. 0) THEN
         CARD = 'NSTEPS  1000'
         DO 10 I = 1, NKEY
            WRITE (KEYS(I), '(A3, I5.5)') 'KEY', I
   10    CONTINUE
      END IF

      CALL MPI_BCAST(CARD, 256, MPI_CHARACTER, 0, MPI_COMM_WORLD, IERR)
      CALL MPI_BCAST(KEYS, 8 * NKEY, MPI_CHARACTER, 0,
     &               MPI_COMM_WORLD, IERR)
      CALL MPI_BCAST(CARD(9:), 248, MPI_CHARACTER, 0,
     &               MPI_COMM_WORLD, IERR)
      PRINT *, RANK, CARD(1:12), ' ', KEYS(NKEY)

      CALL MPI_FINALIZE(IERR)
      END
