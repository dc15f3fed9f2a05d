! address-kind, corrected twin of hvector_stride_default_integer.f90: the
! stride is INTEGER(KIND=MPI_ADDRESS_KIND).
program hvector_stride_default_integer_ok
  implicit none
  include 'mpif.h'
  integer, parameter :: nx = 16, ny = 12, nz = 8
  real :: a(nx, ny, nz), plane(ny * nz)
  integer :: rowtype, planetype, rank, ierr
  integer(kind=MPI_ADDRESS_KIND) :: stride
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  a = 2.0

  ! a(1, :, k): ny reals, stride nx
  call MPI_TYPE_VECTOR(ny, 1, nx, MPI_REAL, rowtype, ierr)
  ! a(1, :, :): nz such rows, nx*ny reals apart
  stride = nx * ny * 4
  call MPI_TYPE_CREATE_HVECTOR(nz, 1, stride, rowtype, planetype, ierr)
  call MPI_TYPE_COMMIT(planetype, ierr)

  call MPI_SENDRECV(a, 1, planetype, rank, 0, plane, ny * nz, MPI_REAL, rank, 0, MPI_COMM_WORLD, status, ierr)
  print *, rank, plane(1)

  call MPI_TYPE_FREE(planetype, ierr)
  call MPI_TYPE_FREE(rowtype, ierr)
  call MPI_FINALIZE(ierr)
end program hvector_stride_default_integer_ok
