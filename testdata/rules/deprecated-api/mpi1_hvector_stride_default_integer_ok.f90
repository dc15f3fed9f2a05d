! deprecated-api, corrected twin of mpi1_hvector_stride_default_integer.f90
! as the fix writes it: MPI_TYPE_CREATE_HVECTOR, and the stride declared
! INTEGER(KIND=MPI_ADDRESS_KIND) on a statement of its own.
program mpi1_hvector_stride_ok
  use mpi
  implicit none
  integer, parameter :: nx = 8, ny = 6
  real(kind=8) :: field(nx, ny), row(ny)
  integer :: rowtype, rank, ierr
  integer(kind=MPI_ADDRESS_KIND) :: stride
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  field = 1.0d0
  ! one element of each column: the stride is a whole column
  stride = nx * 8
  call MPI_TYPE_CREATE_HVECTOR(ny, 1, stride, MPI_DOUBLE_PRECISION, rowtype, ierr)
  call MPI_TYPE_COMMIT(rowtype, ierr)

  call MPI_SENDRECV(field(2, 1), 1, rowtype, rank, 0, row, ny, MPI_DOUBLE_PRECISION, rank, 0, MPI_COMM_WORLD, status, ierr)
  print *, rank, row(ny)

  call MPI_TYPE_FREE(rowtype, ierr)
  call MPI_FINALIZE(ierr)
end program mpi1_hvector_stride_ok
