#ifndef _EE_MACROS_H_
#define _EE_MACROS_H_
C     Execution-environment macros in the style of MITgcm's CPP_EEMACROS.h, for
C     header_macros_master_block.F: a real kind, the barrier, the master-thread
C     block (function-like), and the MPI datatype of the real kind.
#define _RL Real*8
#define _RS INTEGER
#define _BARRIER CALL BARRIER(myThid)
#define _BEGIN_MASTER(a) IF ( a .EQ. 1 ) THEN
#define _END_MASTER(a) ENDIF
#define _BEGIN_CRIT(a) _BEGIN_MASTER(a)
#define _END_CRIT(a) _END_MASTER(a)
#define _MPI_TYPE_RL MPI_DOUBLE_PRECISION
#endif /* _EE_MACROS_H_ */
