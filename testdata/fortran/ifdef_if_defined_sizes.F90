! #if defined(...) && value tests choosing the halo width; #elif and #else branches not taken.
#define HALO 2
program ifdef_sizes
  use mpi
  implicit none
#if defined(HALO) && HALO > 1
  integer, parameter :: halo = HALO
#elif defined(HALO)
  integer, parameter :: halo = 1
#else
  integer, parameter :: halo = 0
#endif
  integer, parameter :: n = 32
  integer :: ghost, ierr
  call MPI_Init(ierr)
  call MPI_Type_vector(n, halo, n + 2*halo, MPI_REAL, ghost, ierr)
  call MPI_Type_commit(ghost, ierr)
  call MPI_Type_free(ghost, ierr)
  call MPI_Finalize(ierr)
end program ifdef_sizes
