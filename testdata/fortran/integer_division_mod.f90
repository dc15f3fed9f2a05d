! Integer division and MOD split 103 rows over 4 parts; the last part takes the remainder.
program division_mod
  use mpi
  implicit none
  integer, parameter :: ncols = 5
  integer :: nrows, nparts, base, extra, last, lasttype, ierr
  call MPI_Init(ierr)
  nrows = 103
  nparts = 4
  base = nrows / nparts
  extra = mod(nrows, nparts)
  last = base + extra
  call MPI_Type_vector(ncols, last, nrows, MPI_DOUBLE_PRECISION, lasttype, ierr)
  call MPI_Type_commit(lasttype, ierr)
  call MPI_Type_free(lasttype, ierr)
  call MPI_Finalize(ierr)
end program division_mod
