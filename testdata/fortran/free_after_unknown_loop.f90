! Types created in a loop whose trip count the run decides (the number of processes), each
! freed after the loop.
program free_after_loop
  use mpi
  implicit none
  integer, parameter :: maxp = 64
  integer :: types(maxp), nprocs, p, ierr
  call MPI_Init(ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  do p = 1, min(nprocs, maxp)
     call MPI_Type_contiguous(p, MPI_INTEGER, types(p), ierr)
     ! unknowable: the loop runs once per process: p is the run's
     call MPI_Type_commit(types(p), ierr)
  end do
  do p = 1, min(nprocs, maxp)
     call MPI_Type_free(types(p), ierr)
  end do
  call MPI_Finalize(ierr)
end program free_after_loop
