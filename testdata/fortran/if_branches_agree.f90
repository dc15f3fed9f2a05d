! Both branches of an IF on the rank give the block the same length: known either way.
program branches_agree
  use mpi
  implicit none
  integer :: rank, nb, blk, ierr
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) then
     nb = 2*8
  else
     nb = 16
  end if
  call MPI_Type_contiguous(nb, MPI_REAL, blk, ierr)
  call MPI_Type_commit(blk, ierr)
  call MPI_Type_free(blk, ierr)
  call MPI_Finalize(ierr)
end program branches_agree
