! buffer-overflow: a 1-D halo buffer of nh values receives nh+1 of them (the
! count was taken from the inclusive index range 0..nh).
program halo_count_plus_one
  use mpi
  implicit none
  integer, parameter :: nh = 64
  double precision :: halo(nh)
  integer :: rank, ierr

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) halo = 1.0d0

  call MPI_BCAST(halo, nh + 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr) ! expect: buffer-overflow
  print *, rank, halo(nh)

  call MPI_FINALIZE(ierr)
end program halo_count_plus_one
