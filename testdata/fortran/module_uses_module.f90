! A module that uses another module of the same file: the sizes reach the program through
! both.
module base_sizes
  implicit none
  integer, parameter :: nlon = 36
end module base_sizes

module derived_sizes
  use base_sizes
  implicit none
  integer, parameter :: nlat = nlon / 2, nlev = 4
end module derived_sizes

program module_chain
  use mpi
  use derived_sizes
  implicit none
  integer :: column, ierr
  call MPI_Init(ierr)
  call MPI_Type_vector(nlev, nlat, nlon*nlat, MPI_REAL, column, ierr)
  call MPI_Type_commit(column, ierr)
  call MPI_Type_free(column, ierr)
  call MPI_Finalize(ierr)
end program module_chain
