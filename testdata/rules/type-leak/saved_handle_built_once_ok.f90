! Not a finding: the halo type is kept in a SAVE'd variable, built on the first call and reused
! by every later one (the idiom of codes that exchange halos each time step).
module halo_exchange
  use mpi
  implicit none
contains
  subroutine exchange(u, n, left, right)
    integer, intent(in) :: n, left, right
    double precision, intent(inout) :: u(0:n+1, n)
    integer, save :: column = MPI_DATATYPE_NULL
    integer :: ierr
    integer :: status(MPI_STATUS_SIZE)

    if (column == MPI_DATATYPE_NULL) then
      call MPI_TYPE_VECTOR(n, 1, n+2, MPI_DOUBLE_PRECISION, column, ierr)
      call MPI_TYPE_COMMIT(column, ierr)
    end if
    call MPI_SENDRECV(u(1, 1), 1, column, left, 0, u(n+1, 1), 1, column, right, 0, &
                      MPI_COMM_WORLD, status, ierr)
  end subroutine exchange
end module halo_exchange

program saved_handle_built_once
  use mpi
  use halo_exchange
  implicit none
  integer, parameter :: n = 16, nsteps = 10
  double precision :: u(0:n+1, n)
  integer :: rank, ierr, step

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  u = 1.0d0
  do step = 1, nsteps
    call exchange(u, n, rank, rank)
  end do
  call MPI_FINALIZE(ierr)
end program saved_handle_built_once
