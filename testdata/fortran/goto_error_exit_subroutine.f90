! A helper that builds a halo type and jumps forward to its error exit on failure.
program goto_helper
  use mpi
  implicit none
  integer :: halo, ierr
  call MPI_Init(ierr)
  call make_halo(64, 2, halo, ierr)
  call MPI_Type_free(halo, ierr)
  call MPI_Finalize(ierr)
contains
  subroutine make_halo(n, width, newtype, info)
    integer, intent(in) :: n, width
    integer, intent(out) :: newtype, info
    call MPI_Type_vector(width, n, n + 2*width, MPI_REAL, newtype, info)
    if (info /= MPI_SUCCESS) go to 99
    call MPI_Type_commit(newtype, info)
    if (info /= MPI_SUCCESS) go to 99
    return
99  write (*, *) 'make_halo failed: ', info
  end subroutine make_halo
end program goto_helper
