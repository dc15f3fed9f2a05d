! address-kind: the column type of a matrix is resized to the extent of one
! real so that consecutive columns can be scattered; lb and extent are kept
! in default INTEGER variables, passed to MPI_TYPE_CREATE_RESIZED, which
! takes INTEGER(KIND=MPI_ADDRESS_KIND).
program resized_bounds_default_integer
  implicit none
  include 'mpif.h'
  integer, parameter :: n = 8
  real :: a(n, n), cols(n, 2)
  integer :: tmp, rowtype, rank, ierr, i, j
  integer :: lb, ext
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  do j = 1, n
     do i = 1, n
        a(i, j) = i + 10.0 * j
     end do
  end do

  ! one row of the column-major matrix: n reals, stride n
  call MPI_TYPE_VECTOR(n, 1, n, MPI_REAL, tmp, ierr)
  lb = 0
  ext = 4
  call MPI_TYPE_CREATE_RESIZED(tmp, lb, ext, rowtype, ierr) ! expect: address-kind, address-kind
  call MPI_TYPE_FREE(tmp, ierr)
  call MPI_TYPE_COMMIT(rowtype, ierr)

  ! rows 1 and 2 of a -> columns of cols
  call MPI_SENDRECV(a, 2, rowtype, rank, 0, cols, 2 * n, MPI_REAL, rank, 0, MPI_COMM_WORLD, status, ierr)
  print *, rank, cols(1, 2)

  call MPI_TYPE_FREE(rowtype, ierr)
  call MPI_FINALIZE(ierr)
end program resized_bounds_default_integer
