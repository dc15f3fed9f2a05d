C     buffer-overflow, fixed form with mpif.h: rank 0 reads the input
C     deck and broadcasts it card by card. CARD was shortened from 300
C     to 256 characters, but the count still says 300: one
C     MPI_CHARACTER is one character (MPI-4.1 3.3.1), so 44 characters
C     after CARD are sent, and received over whatever follows it. The
C     keys (8*NKEY characters) and the card's value field (characters
C     9 to 256) are broadcast right.
      PROGRAM CARDFIXED
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

      CALL MPI_BCAST(CARD, 300, MPI_CHARACTER, 0, MPI_COMM_WORLD, IERR) ! expect: buffer-overflow
      CALL MPI_BCAST(KEYS, 8 * NKEY, MPI_CHARACTER, 0,
     &               MPI_COMM_WORLD, IERR)
      CALL MPI_BCAST(CARD(9:), 248, MPI_CHARACTER, 0,
     &               MPI_COMM_WORLD, IERR)
      PRINT *, RANK, CARD(1:12), ' ', KEYS(NKEY)

      CALL MPI_FINALIZE(IERR)
      END
