! An internal subroutine changes its host's variables (host association): the host's count
! after the call is the one the subroutine wrote, and a sibling that the subroutine calls sees
! and changes the same variables.
program host_writes
  use mpi
  implicit none
  integer :: n, stride, rows, ierr
  call MPI_Init(ierr)
  n = 4
  stride = 1
  call widen(3)
  call MPI_Type_vector(n, 2, stride, MPI_INTEGER, rows, ierr)
  call MPI_Type_free(rows, ierr)
  call MPI_Finalize(ierr)
contains
  subroutine widen(by)
    integer, intent(in) :: by
    n = n * by
    call set_stride()
  end subroutine widen
  subroutine set_stride()
    stride = n + 2
  end subroutine set_stride
end program host_writes
