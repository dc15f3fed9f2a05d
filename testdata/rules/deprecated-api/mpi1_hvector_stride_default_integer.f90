! deprecated-api: MPI-1 MPI_TYPE_HVECTOR (removed in MPI-3.0) picking a row
! of a column-major REAL(8) array, with the byte stride in a default INTEGER
! as the MPI-1 interface takes it.  MPI_TYPE_CREATE_HVECTOR takes an
! INTEGER(KIND=MPI_ADDRESS_KIND) stride: the fix renames the call and
! redeclares `stride`, which is only assigned and passed as the stride.
program mpi1_hvector_stride
  use mpi
  implicit none
  integer, parameter :: nx = 8, ny = 6
  real(kind=8) :: field(nx, ny), row(ny)
  integer :: rowtype, stride, rank, ierr
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  field = 1.0d0
  ! one element of each column: the stride is a whole column
  stride = nx * 8
  call MPI_TYPE_HVECTOR(ny, 1, stride, MPI_DOUBLE_PRECISION, rowtype, ierr) ! expect: deprecated-api
  call MPI_TYPE_COMMIT(rowtype, ierr)

  call MPI_SENDRECV(field(2, 1), 1, rowtype, rank, 0, row, ny, MPI_DOUBLE_PRECISION, rank, 0, MPI_COMM_WORLD, status, ierr)
  print *, rank, row(ny)

  call MPI_TYPE_FREE(rowtype, ierr)
  call MPI_FINALIZE(ierr)
end program mpi1_hvector_stride
