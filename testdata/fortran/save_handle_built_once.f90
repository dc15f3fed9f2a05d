! A handle kept in a SAVE'd variable: built on the first call, reused afterwards, freed at
! the end by a cleanup routine.
module cached_type
  use mpi
  implicit none
  integer, save :: edge_type = MPI_DATATYPE_NULL
contains
  subroutine send_edge(a, n)
    integer, intent(in) :: n
    real, intent(inout) :: a(n, n)
    integer :: ierr
    if (edge_type == MPI_DATATYPE_NULL) then
       call MPI_Type_vector(n, 1, n, MPI_REAL, edge_type, ierr)
       call MPI_Type_commit(edge_type, ierr)
    end if
    call MPI_Bcast(a, 1, edge_type, 0, MPI_COMM_WORLD, ierr)
  end subroutine send_edge

  subroutine free_edge()
    integer :: ierr
    if (edge_type /= MPI_DATATYPE_NULL) call MPI_Type_free(edge_type, ierr)
  end subroutine free_edge
end module cached_type

program save_handle
  use cached_type
  implicit none
  real :: a(12, 12)
  integer :: step, ierr
  call MPI_Init(ierr)
  a = 0.0
  do step = 1, 3
     call send_edge(a, 12)
  end do
  call free_edge()
  call MPI_Finalize(ierr)
end program save_handle
