! SIZE of an allocated array as the count and stride of a vector.
program size_allocated
  use mpi
  implicit none
  integer :: rowtype, ierr
  real, allocatable :: a(:, :)
  call MPI_Init(ierr)
  allocate(a(24, 10))
  a = 1.0
  call MPI_Type_vector(size(a, 2), 1, size(a, 1), MPI_REAL, rowtype, ierr)
  call MPI_Type_commit(rowtype, ierr)
  call MPI_Bcast(a, 1, rowtype, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(rowtype, ierr)
  deallocate(a)
  call MPI_Finalize(ierr)
end program size_allocated
