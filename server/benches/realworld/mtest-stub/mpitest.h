/* Stand-in for MPICH's test harness: enough for the datatype tests to compile and run once. */
#include <stdio.h>
#include <stdlib.h>
#define MTest_Init(a,b) MPI_Init(a,b)
#define MTest_Init_thread(a,b,r,p) MPI_Init_thread(a,b,r,p)
#define MTest_Finalize(e) MPI_Finalize()
#define MTestPrintfMsg(...) ((void)0)
#define MTestGetDbgInfo(...) 0
#define MTEST_VG_MEM_INIT(a,b) ((void)0)
static int MTestReturnValue(int e) { return e ? 1 : 0; }
static void MTestPrintError(int e) { (void)e; }
static void MTestPrintErrorMsg(const char *m, int e) { (void)m; (void)e; }
static int MTestSleep(int s) { (void)s; return 0; }
static int verbose = 0;
