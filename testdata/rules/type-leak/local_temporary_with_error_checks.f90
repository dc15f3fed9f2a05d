! type-leak: a helper builds a row section as a subarray, resizes it to one
! element's extent, and returns the resized type; the subarray it was built
! from stays allocated. Every call is checked (ierr is the error code, which
! holds no handle), and the check's stop never runs on a successful call.
module row_sections
  use mpi
  implicit none
contains
  subroutine row_section(start, stride, length, mytype)
    integer, intent(in) :: start, stride, length
    integer, intent(out) :: mytype
    integer :: ierr, temporary
    integer :: sizes(2), subsizes(2), starts(2)
    integer(kind=MPI_ADDRESS_KIND) :: lb, extent
    sizes = (/ stride, length /)
    subsizes = (/ 1, length /)
    starts = (/ start, 0 /)
    call MPI_TYPE_CREATE_SUBARRAY(2, sizes, subsizes, starts, MPI_ORDER_FORTRAN, & ! expect: type-leak
                                  MPI_DOUBLE_PRECISION, temporary, ierr)
    if (ierr /= 0) call MPI_ABORT(MPI_COMM_WORLD, 1, ierr)
    call MPI_TYPE_GET_EXTENT(MPI_DOUBLE_PRECISION, lb, extent, ierr)
    if (ierr /= 0) call MPI_ABORT(MPI_COMM_WORLD, 1, ierr)
    call MPI_TYPE_CREATE_RESIZED(temporary, lb, extent, mytype, ierr)
    if (ierr /= 0) call MPI_ABORT(MPI_COMM_WORLD, 1, ierr)
    call MPI_TYPE_COMMIT(mytype, ierr)
  end subroutine row_section
end module row_sections

program rows
  use mpi
  use row_sections
  implicit none
  integer :: rowtype, ierr
  double precision :: a(4, 6)
  call MPI_INIT(ierr)
  a = 1.0d0
  call row_section(1, 4, 6, rowtype)
  call MPI_BCAST(a, 1, rowtype, 0, MPI_COMM_WORLD, ierr)
  call MPI_TYPE_FREE(rowtype, ierr)
  call MPI_FINALIZE(ierr)
end program rows
