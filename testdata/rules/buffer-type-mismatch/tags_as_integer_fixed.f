C     buffer-type-mismatch, fixed form with mpif.h: an old trick packs
C     four-character block tags into one INTEGER each, so the tags are
C     broadcast as NTAG MPI_INTEGER. The buffer holds CHARACTER and
C     MPI_INTEGER describes INTEGER (MPI-4.1 3.3.1): a library that
C     converts representations garbles the tags. The header line and the
C     names are broadcast right, one MPI_CHARACTER per character: NL for
C     CHARACTER*(NL), 8*NNAME for CHARACTER*8 NAMES(NNAME).
      PROGRAM TAGSFIXED
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER NL, NTAG, NNAME
      PARAMETER (NL = 132, NTAG = 12, NNAME = 10)
      CHARACTER*(NL) LINE
      CHARACTER*4 TAGS(NTAG)
      CHARACTER*8 NAMES(NNAME)
      INTEGER RANK, IERR, I

      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      IF (RANK .EQ. 0) THEN
         LINE = 'BLOCK HEADER'
         DO 10 I = 1, NTAG
            WRITE (TAGS(I), '(A1, I3.3)') 'B', I
   10    CONTINUE
         DO 20 I = 1, NNAME
            WRITE (NAMES(I), '(A4, I4.4)') 'NAME', I
   20    CONTINUE
      END IF

      CALL MPI_BCAST(LINE, NL, MPI_CHARACTER, 0, MPI_COMM_WORLD, IERR)
      CALL MPI_BCAST(TAGS, NTAG, MPI_INTEGER, 0, MPI_COMM_WORLD, IERR) ! expect: buffer-type-mismatch
      CALL MPI_BCAST(NAMES, 8 * NNAME, MPI_CHARACTER, 0,
     &               MPI_COMM_WORLD, IERR)
      PRINT *, RANK, LINE(1:12), ' ', TAGS(NTAG), ' ', NAMES(NNAME)

      CALL MPI_FINALIZE(IERR)
      END
