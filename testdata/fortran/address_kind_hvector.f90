! An INTEGER(KIND=MPI_ADDRESS_KIND) byte stride for MPI_TYPE_CREATE_HVECTOR, computed from
! STORAGE_SIZE of the element.
program address_kind_stride
  use mpi
  implicit none
  integer, parameter :: nx = 20, ny = 10
  real(kind=8) :: a(nx, ny)
  integer(kind=MPI_ADDRESS_KIND) :: stride
  integer :: rowtype, ierr
  call MPI_Init(ierr)
  a = 0.0d0
  stride = nx * (storage_size(a(1, 1)) / 8)
  call MPI_Type_create_hvector(ny, 1, stride, MPI_DOUBLE_PRECISION, rowtype, ierr)
  call MPI_Type_commit(rowtype, ierr)
  call MPI_Bcast(a, 1, rowtype, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(rowtype, ierr)
  call MPI_Finalize(ierr)
end program address_kind_stride
