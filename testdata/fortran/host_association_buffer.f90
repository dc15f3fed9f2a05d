! An internal subroutine sends its host's array and uses the host's sizes (host association).
program host_assoc
  use mpi
  implicit none
  integer, parameter :: nx = 18, ny = 7
  real(kind=8) :: u(nx, ny)
  integer :: ierr
  call MPI_Init(ierr)
  u = 0.0d0
  call send_last_column()
  call MPI_Finalize(ierr)
contains
  subroutine send_last_column()
    integer :: col, info
    call MPI_Type_contiguous(nx, MPI_DOUBLE_PRECISION, col, info)
    call MPI_Type_commit(col, info)
    call MPI_Bcast(u(1, ny), 1, col, 0, MPI_COMM_WORLD, info)
    call MPI_Type_free(col, info)
  end subroutine send_last_column
end program host_assoc
