! A module procedure builds and commits the type; the program calls it twice with
! different sizes.
module halo_types
  use mpi
  implicit none
contains
  subroutine make_column(nrow, ncol, newtype)
    integer, intent(in) :: nrow, ncol
    integer, intent(out) :: newtype
    integer :: ierr
    call MPI_Type_vector(ncol, 1, nrow, MPI_DOUBLE_PRECISION, newtype, ierr)
    call MPI_Type_commit(newtype, ierr)
  end subroutine make_column
end module halo_types

program module_procedure
  use mpi
  use halo_types
  implicit none
  integer :: small, large, ierr
  call MPI_Init(ierr)
  call make_column(10, 4, small)
  call make_column(100, 40, large)
  call MPI_Type_free(small, ierr)
  call MPI_Type_free(large, ierr)
  call MPI_Finalize(ierr)
end program module_procedure
