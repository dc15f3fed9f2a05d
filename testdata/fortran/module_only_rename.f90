! USE with ONLY and a rename: the program's own name for a module parameter.
module sizes_mod
  implicit none
  integer, parameter :: npts = 40, nvar = 3, unused_size = 7
end module sizes_mod

program only_rename
  use mpi
  use sizes_mod, only: npoints => npts, nvar
  implicit none
  integer :: fields, ierr
  call MPI_Init(ierr)
  call MPI_Type_vector(nvar, npoints, 2*npoints, MPI_REAL, fields, ierr)
  ! unknown: a renamed module entity (npoints => npts) is not resolved
  call MPI_Type_commit(fields, ierr)
  call MPI_Type_free(fields, ierr)
  call MPI_Finalize(ierr)
end program only_rename
