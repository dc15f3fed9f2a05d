! buffer-overflow, corrected twin of halo_count_plus_one.f90: nh values into
! a buffer of nh.
program halo_count_plus_one_ok
  use mpi
  implicit none
  integer, parameter :: nh = 64
  double precision :: halo(nh)
  integer :: rank, ierr

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) halo = 1.0d0

  call MPI_BCAST(halo, nh, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  print *, rank, halo(nh)

  call MPI_FINALIZE(ierr)
end program halo_count_plus_one_ok
