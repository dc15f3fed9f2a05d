! A module variable and a procedure the analysis does not follow (a dummy procedure, as one
! of another file): it may assign the module's variables, so the count after it is not the
! initial value. A parameter cannot change; a variable assigned again after the call is known.
module grid_sizes
  implicit none
  integer :: n = 4
  integer, parameter :: fixed = 3
end module grid_sizes

module input
  use grid_sizes
  implicit none
contains
  subroutine read_input()
    n = 6
  end subroutine read_input
end module input

program changed_by_external
  use mpi
  use grid_sizes
  use input
  implicit none
  integer :: ierr
  call MPI_Init(ierr)
  call build(read_input)
  call MPI_Finalize(ierr)
contains
  subroutine build(setup)
    external :: setup
    integer :: before, after, constant, reset, ierr
    call MPI_Type_contiguous(n, MPI_INTEGER, before, ierr)
    call setup()
    call MPI_Type_contiguous(n, MPI_INTEGER, after, ierr)
    ! unknown: the dummy procedure setup, which the analysis does not follow, assigns n
    call MPI_Type_contiguous(fixed, MPI_INTEGER, constant, ierr)
    n = 8
    call MPI_Type_contiguous(n, MPI_INTEGER, reset, ierr)
    call MPI_Type_free(before, ierr)
    call MPI_Type_free(after, ierr)
    call MPI_Type_free(constant, ierr)
    call MPI_Type_free(reset, ierr)
  end subroutine build
end program changed_by_external
