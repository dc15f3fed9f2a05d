! A subroutine builds its halo type in a variable of its host, through an internal procedure
! that reads the host's dummy arguments; the host commits, uses and frees it.
module halo_types
  use mpi
  implicit none
contains
  subroutine exchange(a, nx, ny)
    integer, intent(in) :: nx, ny
    double precision, intent(inout) :: a(nx, ny)
    integer :: column, ierr
    call make_column()
    call MPI_Type_commit(column, ierr)
    call MPI_Sendrecv_replace(a(1, 1), 1, column, 0, 0, 0, 0, MPI_COMM_SELF, &
                              MPI_STATUS_IGNORE, ierr)
    call MPI_Type_free(column, ierr)
  contains
    subroutine make_column()
      call MPI_Type_vector(ny, 1, nx, MPI_DOUBLE_PRECISION, column, ierr)
    end subroutine make_column
  end subroutine exchange
end module halo_types

program host_handle
  use mpi
  use halo_types
  implicit none
  double precision :: field(6, 5)
  integer :: ierr
  call MPI_Init(ierr)
  field = 1.0d0
  call exchange(field, 6, 5)
  call MPI_Finalize(ierr)
end program host_handle
