! A gather whose receive arguments only the root uses: other ranks pass a dummy buffer and
! MPI_DATATYPE_NULL, which MPI ignores there.
program gather_root
  use mpi
  implicit none
  integer, parameter :: nloc = 8, root = 0
  real :: mine(nloc), dummy(1)
  real, allocatable :: all(:)
  integer :: block, rank, nprocs, ierr
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  mine = real(rank)
  dummy = 0.0
  call MPI_Type_contiguous(nloc, MPI_REAL, block, ierr)
  call MPI_Type_commit(block, ierr)
  if (rank == root) then
     allocate(all(nloc*nprocs))
     call MPI_Gather(mine, 1, block, all, 1, block, root, MPI_COMM_WORLD, ierr)
     deallocate(all)
  else
     call MPI_Gather(mine, 1, block, dummy, 0, MPI_DATATYPE_NULL, root, MPI_COMM_WORLD, ierr)
  end if
  call MPI_Type_free(block, ierr)
  call MPI_Finalize(ierr)
end program gather_root
