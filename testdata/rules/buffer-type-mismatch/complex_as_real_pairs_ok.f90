! Not a buffer-type-mismatch: an FFT code sums complex arrays as twice as many reals of their
! kind (a complex is two reals in memory, and the sum of pairs is the pair of the sums), and
! sends a real work array as the complexes it holds.
program complex_as_real_pairs
  use mpi
  implicit none
  integer, parameter :: dp = selected_real_kind(15)
  integer, parameter :: n = 64
  complex(dp) :: rho(n)
  real(dp) :: work(2*n)
  integer :: rank, ierr
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  rho = cmplx(rank, 1, kind=dp)
  work = 0.0_dp
  call MPI_Allreduce(MPI_IN_PLACE, rho, 2*n, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(work, n, MPI_DOUBLE_COMPLEX, 0, MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program complex_as_real_pairs
