! A DO WHILE loop doubles the count until it covers the points.
program do_while_pow2
  use mpi
  implicit none
  integer :: npts, nb, blk, ierr
  call MPI_Init(ierr)
  npts = 100
  nb = 1
  do while (nb < npts)
     nb = 2*nb
  end do
  call MPI_Type_contiguous(nb, MPI_INTEGER, blk, ierr)
  call MPI_Type_commit(blk, ierr)
  call MPI_Type_free(blk, ierr)
  call MPI_Finalize(ierr)
end program do_while_pow2
