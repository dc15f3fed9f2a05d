C     One column-block type per process column of a block-column
C     distribution, created in a loop into an array of handles and
C     committed there, used to pack each block, and freed in a second
C     loop at the end.
      PROGRAM TYPARR
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER NR, NC, NBLK
      PARAMETER (NR = 40, NC = 32, NBLK = 4)
      DOUBLE PRECISION A(NR, NC)
      CHARACTER PACKBUF(NR*NC*8)
      INTEGER BLKTYPE(NBLK), IB, I, J, MYRANK, IERR, IPOS

      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, MYRANK, IERR)
      DO 20 J = 1, NC
         DO 10 I = 1, NR
            A(I, J) = I + 100.0D0 * J
   10    CONTINUE
   20 CONTINUE

C     block IB: columns (IB-1)*NC/NBLK+1 .. IB*NC/NBLK, rows 2..NR-1
      DO 30 IB = 1, NBLK
         CALL MPI_TYPE_VECTOR(NC/NBLK, NR-2, NR, MPI_DOUBLE_PRECISION,
     &                        BLKTYPE(IB), IERR)
         CALL MPI_TYPE_COMMIT(BLKTYPE(IB), IERR)
   30 CONTINUE

      IPOS = 0
      DO 40 IB = 1, NBLK
         CALL MPI_PACK(A(2, (IB-1)*NC/NBLK + 1), 1, BLKTYPE(IB),
     &                 PACKBUF, NR*NC*8, IPOS, MPI_COMM_WORLD, IERR)
   40 CONTINUE
      PRINT *, MYRANK, IPOS

      DO 50 IB = 1, NBLK
         CALL MPI_TYPE_FREE(BLKTYPE(IB), IERR)
   50 CONTINUE
      CALL MPI_FINALIZE(IERR)
      END
